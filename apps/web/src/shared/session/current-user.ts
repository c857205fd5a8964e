import { type CurrentUser, type Permission, usersApi } from '@parley/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callRoute } from '../api/request';

/** Query keys of the signed-in user: `['users', 'me']`; invalidate `['users']` to refresh all. */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

/** `GET /api/frontend/user/me`, fetched only once a usable session exists (spec §7). */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.me(),
  queryFn: ({ signal }) => callRoute(usersApi.me, { signal }),
});

/** "First Last", as the product shows a person (spec §3). */
export function displayName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export function initials(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/**
 * Whether the signed-in user may do something: screens hide what they may not do. The server
 * checks every call anyway; this only spares people buttons that would be refused.
 */
export function useCan(permission: Permission): boolean {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return user.permissions.includes(permission);
}

/** A Lite company builds bots with the guided form: no canvas, agents area or webhook marketplace. */
export function isLite(user: CurrentUser): boolean {
  return user.company.company_type === 'Lite';
}

/** Where a person lands in the app: the first area their role opens (an agent: the inbox). */
export function landingPath(user: CurrentUser): string {
  const can = (permission: Permission) => user.permissions.includes(permission);
  if (can('bots:view')) return isLite(user) ? '/v2/lite' : '/v2';
  if (can('inbox:use')) return '/v2/inbox';
  if (can('reports:view')) return '/v2/reports';
  return '/v2/changelog';
}

/** Raised by a route the signed-in person's role does not open: the unauthorized screen shows. */
export class ForbiddenRouteError extends Error {
  override name = 'ForbiddenException';
  constructor(readonly permission: Permission | 'full-company') {
    super(
      permission === 'full-company'
        ? 'This page is not part of a Lite plan'
        : `This page needs the permission ${permission}`,
    );
  }
}
