import type { CurrentUser } from '@parley/contracts';
import { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../shared/session/current-user';

/** The signed-in person of a test: an owner of Seaside Inn unless told otherwise. */
export function signedInUser(
  overrides: Partial<Omit<CurrentUser, 'company'>> & { company?: Partial<CurrentUser['company']> } = {},
): CurrentUser {
  return {
    id: 'u1',
    email: 'olivia@example.com',
    first_name: 'Olivia',
    last_name: 'Owner',
    permissions: [
      'company:manage',
      'users:manage',
      'bots:view',
      'bots:manage',
      'bots:publish',
      'inbox:use',
      'reports:view',
    ],
    role: 'owner',
    status: 'active',
    user_type: 'customer',
    qr_registered: false,
    language: null,
    ...overrides,
    company: {
      id: 'c1',
      name: 'Seaside Inn',
      company_type: 'Regular',
      company_expiration_date: 'None',
      industry: null,
      two_factor_enabled: false,
      sections: [],
      ...overrides.company,
    },
  };
}

/** A query client that already knows who is signed in, as the app's layout makes sure of. */
export function signedInClient(user: CurrentUser = signedInUser()): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return queryClient;
}
