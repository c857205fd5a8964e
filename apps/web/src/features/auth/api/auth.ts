import {
  type AcceptInvitationRequest,
  authApi,
  type LoginRequest,
  type RegisterRequest,
  teamApi,
} from '@parley/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const authKeys = {
  twoFactorQr: (token: string) => ['auth', 'two-factor-qr', token] as const,
};

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => callRoute(authApi.login, { body, token: null }),
    // The form shows sign-in errors next to its fields.
    meta: { silent: true },
  });
}

/** Sign-up answers alike for any address; the mail holds the link that creates the account. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => callRoute(authApi.register, { body, token: null }),
    meta: { silent: true },
  });
}

export function useConfirmSignUp() {
  return useMutation({
    mutationFn: (token: string) => callRoute(authApi.confirmSignUp, { body: { token }, token: null }),
    meta: { silent: true },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callRoute(authApi.requestPasswordReset, { body: { email }, token: null }),
  });
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      callRoute(authApi.recover, { body, token: null }),
    meta: { silent: true },
  });
}

/** The authenticator enrolment, with the two-factor setup token (not a session). */
export const twoFactorQrQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.twoFactorQr(token),
    queryFn: ({ signal }) => callRoute(authApi.twoFactorQr, { token, signal }),
  });

export function useRegisterTwoFactor(token: string) {
  return useMutation({
    mutationFn: (otp: string) => callRoute(authApi.registerTwoFactor, { body: { otp }, token }),
    meta: { silent: true },
  });
}

/** What an invitation link invites to (the token goes in the body, never the address). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation', token] as const,
    queryFn: ({ signal }) => callRoute(teamApi.invitation, { body: { token }, token: null, signal }),
    // A refused link is the page's own message, not a page error.
    throwOnError: false,
    retry: false,
  });

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) => callRoute(teamApi.acceptInvitation, { body, token: null }),
    meta: { silent: true },
  });
}
