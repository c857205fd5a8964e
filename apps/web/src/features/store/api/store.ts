import { type ConnectStoreRequest, type StoreConnection, storeApi } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const storeKeys = {
  all: ['store'] as const,
  connection: () => [...storeKeys.all, 'connection'] as const,
};

export const storeConnectionQuery = () =>
  queryOptions({
    queryKey: storeKeys.connection(),
    queryFn: ({ signal }) => callRoute(storeApi.connection, { signal }),
  });

function useConnectionChange<V>(mutationFn: (variables: V) => Promise<StoreConnection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (connection) => queryClient.setQueryData(storeKeys.connection(), connection),
    // A refused check changes what the server shows (the store disconnected, and why).
    onError: () => queryClient.invalidateQueries({ queryKey: storeKeys.connection() }),
    meta: { silent: true },
  });
}

export const useConnectStore = () =>
  useConnectionChange((body: ConnectStoreRequest) => callRoute(storeApi.connect, { body }));

export const useCheckStore = () => useConnectionChange(() => callRoute(storeApi.check, {}));

export const useDisconnectStore = () => useConnectionChange(() => callRoute(storeApi.disconnect, {}));
