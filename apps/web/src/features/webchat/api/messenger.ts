import { type ConnectMessengerRequest, messengerApi } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

const messengerKey = (deploymentId: string) => ['deployments', deploymentId, 'messenger'] as const;

/** A deployment's Messenger connection (a Facebook Page). */
export const messengerStatusQuery = (deploymentId: string) =>
  queryOptions({
    queryKey: messengerKey(deploymentId),
    queryFn: ({ signal }) => callRoute(messengerApi.status, { params: { id: deploymentId }, signal }),
  });

function useMessengerChange<V>(deploymentId: string, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messengerKey(deploymentId) }),
    meta: { silent: true },
  });
}

export const useConnectMessenger = (deploymentId: string) =>
  useMessengerChange(deploymentId, (body: ConnectMessengerRequest) =>
    callRoute(messengerApi.connect, { params: { id: deploymentId }, body }),
  );

export const useDisconnectMessenger = (deploymentId: string) =>
  useMessengerChange(deploymentId, () =>
    callRoute(messengerApi.disconnect, { params: { id: deploymentId } }),
  );
