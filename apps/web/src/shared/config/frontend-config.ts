import { usersApi } from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api/request';

/** The deployment's settings (status and support links, agents API, telemetry), read once at start. */
export const frontendConfigQuery = queryOptions({
  queryKey: ['frontend-config'],
  queryFn: ({ signal }) => callRoute(usersApi.frontendConfig, { token: null, signal }),
});
