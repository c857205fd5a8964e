import {
  type ConnectHelpdeskRequest,
  type HelpdeskConnection,
  type HelpdeskSigningSecretRequest,
  helpdeskApi,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const helpdeskKeys = {
  all: ['helpdesk'] as const,
  connection: () => [...helpdeskKeys.all, 'connection'] as const,
};

export const helpdeskConnectionQuery = () =>
  queryOptions({
    queryKey: helpdeskKeys.connection(),
    queryFn: ({ signal }) => callRoute(helpdeskApi.connection, { signal }),
  });

function useConnectionChange<V>(mutationFn: (variables: V) => Promise<HelpdeskConnection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (connection) => queryClient.setQueryData(helpdeskKeys.connection(), connection),
    meta: { silent: true },
  });
}

export const useConnectHelpdesk = () =>
  useConnectionChange((body: ConnectHelpdeskRequest) => callRoute(helpdeskApi.connect, { body }));

export const useHelpdeskSigningSecret = () =>
  useConnectionChange((body: HelpdeskSigningSecretRequest) => callRoute(helpdeskApi.signingSecret, { body }));

export const useDisconnectHelpdesk = () => useConnectionChange(() => callRoute(helpdeskApi.disconnect, {}));
