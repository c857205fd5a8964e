import { mailApi } from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** `GET /api/dev-mailbox`, looked at again every few seconds: someone is waiting for a link. */
export const devMailboxQuery = queryOptions({
  queryKey: ['dev-mailbox'],
  queryFn: ({ signal }) => callRoute(mailApi.devMailbox, { signal }),
  refetchInterval: 5_000,
});
