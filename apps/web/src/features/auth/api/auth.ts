import {
  type AuthRecord,
  authRecordSchema,
  type LoginRequest,
  type RegisterRequest,
  registerAcceptedSchema,
  twoFactorQrSchema,
} from '@parley/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../shared/api/request';

export const authKeys = {
  twoFactorQr: (token: string) => ['auth', 'two-factor-qr', token] as const,
};

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      http.post('/api/auth/login', { body, schema: authRecordSchema, token: null }),
    // The form shows sign-in errors next to its fields.
    meta: { silent: true },
  });
}

/** Sign-up answers alike for any address; the mail holds the link that creates the account. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      http.post('/api/auth/register', { body, schema: registerAcceptedSchema, token: null }),
    meta: { silent: true },
  });
}

export function useConfirmSignUp() {
  return useMutation({
    mutationFn: (token: string) =>
      http.post('/api/auth/register/confirm', { body: { token }, schema: authRecordSchema, token: null }),
    meta: { silent: true },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => http.post('/api/auth/password-reset', { body: { email }, token: null }),
  });
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      http.post('/api/auth/recover', { body, schema: z.object({ status: z.string() }), token: null }),
    meta: { silent: true },
  });
}

/** The authenticator enrolment, with the two-factor setup token (not a session). */
export const twoFactorQrQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.twoFactorQr(token),
    queryFn: ({ signal }) => http.get('/api/auth/2fa/qr', { schema: twoFactorQrSchema, token, signal }),
  });

export function useRegisterTwoFactor(token: string) {
  return useMutation({
    mutationFn: (otp: string): Promise<AuthRecord> =>
      http.post('/api/auth/2fa/register', { body: { otp }, schema: authRecordSchema, token }),
    meta: { silent: true },
  });
}
