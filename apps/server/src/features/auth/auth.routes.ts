import { authApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as auth from './auth.service';
import * as passwordReset from './password-reset.service';
import { login } from './sign-in.service';
import * as signUp from './sign-up.service';

const rateLimited = { auth: 'public', rateLimit: { bucket: 'auth' } } as const;

/** Signing up, signing in, two-factor setup and passwords (contracts: authApi). */
export const authRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, authApi.register, { config: rateLimited }, async (request) => {
    await signUp.requestSignUp(app.ctx, request.body);
    return { status: 'accepted' as const };
  });

  routeFrom(app, authApi.confirmSignUp, { config: rateLimited }, async (request) =>
    signUp.confirmSignUp(app.ctx, request.body.token),
  );

  routeFrom(app, authApi.login, { config: rateLimited }, async (request) =>
    login(app.ctx, request.body, request.ip, new Date(request.receivedAt)),
  );

  routeFrom(
    app,
    authApi.twoFactorQr,
    { config: { auth: 'qr-setup', permission: 'signed-in' } },
    async (request) => auth.twoFactorQr(app.ctx, sessionOf(request)),
  );

  routeFrom(
    app,
    authApi.registerTwoFactor,
    {
      config: {
        auth: 'qr-setup',
        rateLimit: { bucket: 'auth' },
        permission: 'signed-in',
        audit: { action: 'security.two-factor-registered' },
      },
    },
    async (request) =>
      auth.registerTwoFactor(app.ctx, sessionOf(request), request.body.otp, new Date(request.receivedAt)),
  );

  routeFrom(app, authApi.requestPasswordReset, { config: rateLimited }, async (request) => {
    await passwordReset.requestPasswordReset(app.ctx, request.body.email);
    return { status: 'accepted' as const };
  });

  routeFrom(
    app,
    authApi.changePassword,
    { config: { permission: 'signed-in', audit: { action: 'security.password-changed' } } },
    async (request) =>
      auth.changePassword(app.ctx, sessionOf(request), request.body, new Date(request.receivedAt)),
  );

  routeFrom(app, authApi.recover, { config: rateLimited }, async (request) => {
    await passwordReset.recoverPassword(app.ctx, request.body.token, request.body.password);
    return { status: 'password-changed' as const };
  });
};
