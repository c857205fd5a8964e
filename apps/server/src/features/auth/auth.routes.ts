import {
  authRecordSchema,
  changePasswordRequestSchema,
  confirmSignUpRequestSchema,
  loginRequestSchema,
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  recoverRequestSchema,
  registerAcceptedSchema,
  registerRequestSchema,
  twoFactorQrSchema,
  twoFactorRegisterRequestSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import * as auth from './auth.service';
import * as passwordReset from './password-reset.service';
import { login } from './sign-in.service';
import * as signUp from './sign-up.service';

const tags = ['auth'];
const rateLimited = { auth: 'public', rateLimit: { bucket: 'auth' } } as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/register',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Sign up: mails a link that creates the company (on a trial) with its owner',
        description:
          'Always 202, whether the address has an account or not: the mail either holds the link ' +
          '(`POST /api/auth/register/confirm`) or tells the existing account’s owner that someone tried.',
        security: [],
        body: registerRequestSchema,
        response: { 202: registerAcceptedSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      await signUp.requestSignUp(app.ctx, request.body);
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/auth/register/confirm',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Create the company and its owner from the sign-up mail’s token (24 hours), and sign in',
        security: [],
        body: confirmSignUpRequestSchema,
        response: { 201: authRecordSchema, ...errorResponses(400, 409, 413, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await signUp.confirmSignUp(app.ctx, request.body.token)),
  );

  app.post(
    '/api/auth/login',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Sign in; a company with two-factor also needs `otp` once the user registered',
        description:
          'Answers 401 with `details.otpRequired: true` when a TOTP code is needed. When the company ' +
          'has two-factor on and the user has not registered yet, the token only allows the `/api/auth/2fa` calls. ' +
          'Failed sign-ins to one account from one address slow that address down (429 with Retry-After, ' +
          'growing each time); a valid `otp` with the right password gets through the wait.',
        security: [],
        body: loginRequestSchema,
        response: { 200: authRecordSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => login(app.ctx, request.body, request.ip),
  );

  app.get(
    '/api/auth/2fa/qr',
    {
      config: { auth: 'qr-setup', permission: 'signed-in' },
      schema: {
        tags,
        summary: 'The authenticator enrolment: otpauth URI and its QR code',
        response: { 200: twoFactorQrSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => auth.twoFactorQr(app.ctx, sessionOf(request)),
  );

  app.post(
    '/api/auth/2fa/register',
    {
      config: { auth: 'qr-setup', rateLimit: { bucket: 'auth' }, permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Confirm the authenticator with a current code; answers a full session',
        body: twoFactorRegisterRequestSchema,
        response: { 200: authRecordSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => auth.registerTwoFactor(app.ctx, sessionOf(request), request.body.otp),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Mail a recovery link (always 202: it never says whether the account exists)',
        security: [],
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAcceptedSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      await passwordReset.requestPasswordReset(app.ctx, request.body.email);
      return reply.code(202).send({ status: 'accepted' });
    },
  );

  app.post(
    '/api/frontend/user/me/password',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Change one’s password; other sessions end, this one gets a fresh token',
        body: changePasswordRequestSchema,
        response: { 200: authRecordSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => auth.changePassword(app.ctx, sessionOf(request), request.body),
  );

  app.post(
    '/api/auth/recover',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Set a new password with the token from the recovery mail (single use, one hour)',
        security: [],
        body: recoverRequestSchema,
        response: {
          200: z.object({ status: z.literal('password-changed') }),
          ...errorResponses(400, 413, 429),
        },
      },
    },
    async (request) => {
      await passwordReset.recoverPassword(app.ctx, request.body.token, request.body.password);
      return { status: 'password-changed' as const };
    },
  );
};
