import type {
  ConnectHelpdeskRequest,
  HelpdeskConnection,
  HelpdeskSigningSecretRequest,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import { AppError, NotFoundException } from '../../errors';
import { type ZendeskAccount, ZendeskError, zendeskClient } from '../../integrations/zendesk/zendesk-client';
import type { Session } from '../../plugins/authenticate';
import { secretHint } from '../../sealed-secrets';
import {
  deleteHelpdesk,
  findHelpdesk,
  type StoredHelpdesk,
  saveHelpdesk,
  saveSigningSecret,
} from './helpdesk.repository';
import { helpdeskSecretBinding, helpdeskTokenBinding } from './helpdesk-binding';

/** Where the company's Zendesk webhook posts (a trigger on ticket updates calls it). */
export const helpdeskWebhookUrl = (ctx: AppContext, companyId: string) =>
  `${ctx.config.publicUrl}/api/channels/zendesk/companies/${companyId}/webhook`;

function connectionView(
  ctx: AppContext,
  companyId: string,
  stored: StoredHelpdesk | undefined,
): HelpdeskConnection {
  if (!stored) return { connected: false };
  return {
    connected: true,
    provider: 'zendesk',
    subdomain: stored.subdomain,
    email: stored.email,
    agentName: stored.agentName,
    tokenHint: stored.tokenHint,
    signingSecretHint: stored.signingSecretHint,
    webhookUrl: helpdeskWebhookUrl(ctx, companyId),
    checkedAt: stored.checkedAt.toISOString(),
    problem:
      stored.problem && stored.problemAt ? { ...stored.problem, at: stored.problemAt.toISOString() } : null,
  };
}

/** The company's Zendesk client with its token opened (in memory only). */
export function zendeskOf(ctx: AppContext, companyId: string, stored: StoredHelpdesk) {
  const account: ZendeskAccount = {
    subdomain: stored.subdomain,
    email: stored.email,
    token: ctx.secrets.open(stored.sealedToken, helpdeskTokenBinding(companyId)),
  };
  return zendeskClient(ctx.config.zendesk, account, ctx.outgoing);
}

export async function helpdeskConnection(ctx: AppContext, session: Session): Promise<HelpdeskConnection> {
  return connectionView(ctx, session.companyId, await findHelpdesk(ctx.database.db, session.companyId));
}

/**
 * Asks Zendesk who the token is (GET /api/v2/users/me.json) and, only when it answers with an
 * agent, keeps the token sealed for the company. The call holds no database connection.
 */
export async function connectHelpdesk(
  ctx: AppContext,
  session: Session,
  request: ConnectHelpdeskRequest,
): Promise<HelpdeskConnection> {
  const client = zendeskClient(
    ctx.config.zendesk,
    { subdomain: request.subdomain, email: request.email, token: request.apiToken },
    ctx.outgoing,
  );
  let me: Awaited<ReturnType<typeof client.me>>;
  try {
    me = await client.me();
  } catch (error) {
    if (error instanceof ZendeskError && error.kind === 'token_rejected')
      throw new AppError('HelpdeskTokenRejectedException', error.message, { subdomain: request.subdomain });
    throw new AppError(
      'UpstreamException',
      `Zendesk could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      { subdomain: request.subdomain },
    );
  }
  const db = ctx.database.db;
  await saveHelpdesk(db, session.companyId, {
    subdomain: request.subdomain,
    email: request.email,
    sealedToken: ctx.secrets.seal(request.apiToken, helpdeskTokenBinding(session.companyId)),
    tokenHint: secretHint(request.apiToken),
    agentName: me.name,
  });
  return connectionView(ctx, session.companyId, await findHelpdesk(db, session.companyId));
}

export async function setHelpdeskSigningSecret(
  ctx: AppContext,
  session: Session,
  request: HelpdeskSigningSecretRequest,
): Promise<HelpdeskConnection> {
  const db = ctx.database.db;
  const sealed = ctx.secrets.seal(request.signingSecret, helpdeskSecretBinding(session.companyId));
  if (!(await saveSigningSecret(db, session.companyId, sealed, secretHint(request.signingSecret))))
    throw new NotFoundException('No helpdesk is connected');
  return connectionView(ctx, session.companyId, await findHelpdesk(db, session.companyId));
}

export async function disconnectHelpdesk(ctx: AppContext, session: Session): Promise<HelpdeskConnection> {
  await deleteHelpdesk(ctx.database.db, session.companyId);
  return { connected: false };
}
