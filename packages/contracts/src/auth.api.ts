import { z } from 'zod';
import {
  authRecordSchema,
  confirmSignUpRequestSchema,
  loginRequestSchema,
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  recoverRequestSchema,
  registerAcceptedSchema,
  registerRequestSchema,
  twoFactorQrSchema,
  twoFactorRegisterRequestSchema,
} from './auth';
import { defineRoute } from './define-route';
import { changePasswordRequestSchema } from './profile';

const tags = ['auth'];

/** Signing up, signing in, two-factor setup and passwords. */
export const authApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    tags,
    summary: 'Sign up: mails a link that creates the company (on a trial) with its owner',
    description:
      'Always 202, whether the address has an account or not: the mail either holds the link ' +
      '(`POST /api/auth/register/confirm`) or tells the existing account’s owner that someone tried.',
    body: registerRequestSchema,
    status: 202,
    response: registerAcceptedSchema,
    errors: [400, 413, 429],
  }),
  confirmSignUp: defineRoute({
    method: 'POST',
    path: '/api/auth/register/confirm',
    tags,
    summary: 'Create the company and its owner from the sign-up mail’s token (24 hours), and sign in',
    body: confirmSignUpRequestSchema,
    status: 201,
    response: authRecordSchema,
    errors: [400, 409, 413, 429],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    tags,
    summary: 'Sign in; a company with two-factor also needs `otp` once the user registered',
    description:
      'Answers 401 with `details.otpRequired: true` when a TOTP code is needed. When the company ' +
      'has two-factor on and the user has not registered yet, the token only allows the `/api/auth/2fa` calls. ' +
      'Failed sign-ins to one account from one address slow that address down (429 with Retry-After, ' +
      'growing each time); a valid `otp` with the right password gets through the wait.',
    body: loginRequestSchema,
    response: authRecordSchema,
    errors: [400, 401, 413, 429],
  }),
  twoFactorQr: defineRoute({
    method: 'GET',
    path: '/api/auth/2fa/qr',
    tags,
    summary: 'The authenticator enrolment: otpauth URI and its QR code',
    response: twoFactorQrSchema,
    errors: [401, 409],
  }),
  registerTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/register',
    tags,
    summary: 'Confirm the authenticator with a current code; answers a full session',
    body: twoFactorRegisterRequestSchema,
    response: authRecordSchema,
    errors: [400, 401, 409, 429],
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    tags,
    summary: 'Mail a recovery link (always 202: it never says whether the account exists)',
    body: passwordResetRequestSchema,
    status: 202,
    response: passwordResetAcceptedSchema,
    errors: [400, 413, 429],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/frontend/user/me/password',
    tags: ['users'],
    summary: 'Change one’s password; other sessions end, this one gets a fresh token',
    body: changePasswordRequestSchema,
    response: authRecordSchema,
    errors: [400, 401, 413, 429],
  }),
  recover: defineRoute({
    method: 'POST',
    path: '/api/auth/recover',
    tags,
    summary: 'Set a new password with the token from the recovery mail (single use, one hour)',
    body: recoverRequestSchema,
    response: z.object({ status: z.literal('password-changed') }),
    errors: [400, 413, 429],
  }),
};
