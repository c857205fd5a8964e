import { frontendConfigSchema } from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../api/request';

/** The deployment's settings (status and support links, agents API, telemetry), read once at start. */
export const frontendConfigQuery = queryOptions({
  queryKey: ['frontend-config'],
  queryFn: ({ signal }) =>
    http.get('/api/frontend/config', { schema: frontendConfigSchema, token: null, signal }),
});
