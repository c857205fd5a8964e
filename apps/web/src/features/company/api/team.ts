import { botsApi, type InviteRequest, teamApi, type UpdateMemberRequest } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** Query keys of the company's people: `['team']`. */
export const teamKeys = { all: ['team'] as const };

/** `GET /api/team`: members with role, status and last sign-in, and pending invitations. */
export const teamQuery = queryOptions({
  queryKey: teamKeys.all,
  queryFn: ({ signal }) => callRoute(teamApi.list, { signal }),
});

/**
 * The company's bots a member may be limited to, by name (the first 100, as other bot pickers;
 * ids of a limit beyond them still show, counted).
 */
export const teamBotsQuery = queryOptions({
  queryKey: [...teamKeys.all, 'bots'] as const,
  queryFn: ({ signal }) =>
    callRoute(botsApi.list, { query: { pageSize: 100, sort: 'name', order: 'asc' }, signal }),
});

/** Every team change answers the changed row only: the list is fetched again. */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    // The team card says why a change was refused (the last owner, an address already in).
    meta: { silent: true },
  });
}

export const useInvite = () => useTeamMutation((body: InviteRequest) => callRoute(teamApi.invite, { body }));

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => callRoute(teamApi.revokeInvitation, { params: { id } }));

export const useUpdateMember = () =>
  useTeamMutation(({ id, ...body }: UpdateMemberRequest & { id: string }) =>
    callRoute(teamApi.updateMember, { params: { id }, body }),
  );
