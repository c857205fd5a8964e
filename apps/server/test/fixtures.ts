import { randomBytes } from 'node:crypto';
import type { AuthRecord, RegisterRequest } from '@parley/contracts';
import type { TestApp } from './test-app';

export const strongPassword = 'correct horse battery';

export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    email: `user-${randomBytes(4).toString('hex')}@example.com`,
    password: strongPassword,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: 'Analytical Engines',
    ...overrides,
  };
}

/** Registers a new company owner and returns the sign-up and its auth record. */
export async function registerOwner(
  t: TestApp,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ registration: RegisterRequest; auth: AuthRecord }> {
  const registration = newRegistration(overrides);
  const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: registration });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { registration, auth: response.json<AuthRecord>() };
}

export function authHeader(token: string, scheme: 'JWT' | 'Bearer' = 'JWT') {
  return { authorization: `${scheme} ${token}` };
}

/** The claims inside a session token, as the server reads them. */
export function claimsOf(token: string) {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return {
    userId: payload.sub as string,
    companyId: payload.cid as string,
    scope: payload.scp as 'full' | 'qr-setup',
    sessionVersion: payload.ver as number,
  };
}
