import type { QueryClient } from '@tanstack/react-query';
import { clearAuthRecord } from '../auth/auth-record';
import { getTracker } from '../telemetry/tracker-instance';

/** Forgets the session and everything fetched with it. */
export function signOut(queryClient: QueryClient): void {
  clearAuthRecord();
  queryClient.clear();
  getTracker().identify(null);
}

/** `/v2/login`, remembering where to come back to after signing in. */
export function loginPath(next?: string): string {
  return next && next !== '/v2' && !next.startsWith('/v2/login')
    ? `/v2/login?next=${encodeURIComponent(next)}`
    : '/v2/login';
}

/** Only same-app paths are followed after sign-in (never another site). */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/v2';
}
