import { type ConnectSunshineRequest, sunshineApi } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { botKeys } from '../../bots/api/bots';

const sunshineKey = (deploymentId: string) => ['deployments', deploymentId, 'sunshine'] as const;

/** A deployment's messaging-suite connection (Sunshine Conversations). */
export const sunshineStatusQuery = (deploymentId: string) =>
  queryOptions({
    queryKey: sunshineKey(deploymentId),
    queryFn: ({ signal }) => callRoute(sunshineApi.status, { params: { id: deploymentId }, signal }),
  });

/** Connecting and disconnecting change the deployment's ids too: its queries refetch. */
function useConnectionChange<V>(deploymentId: string, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['deployments', deploymentId] });
      await queryClient.invalidateQueries({ queryKey: botKeys.all });
    },
    meta: { silent: true },
  });
}

export const useConnectSunshine = (deploymentId: string) =>
  useConnectionChange(deploymentId, (body: ConnectSunshineRequest) =>
    callRoute(sunshineApi.connect, { params: { id: deploymentId }, body }),
  );

export const useDisconnectSunshine = (deploymentId: string) =>
  useConnectionChange(deploymentId, () =>
    callRoute(sunshineApi.disconnect, { params: { id: deploymentId } }),
  );
