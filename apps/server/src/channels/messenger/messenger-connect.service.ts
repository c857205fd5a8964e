import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { connectMessengerRequestSchema, MessengerStatus } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { MessengerConnectionRow } from '../../db/tables/messenger.table';
import {
  AppError,
  ConflictException,
  ensureError,
  ForbiddenException,
  NotFoundException,
  ValidationException,
} from '../../errors';
import { isUuid } from '../../ids';
import { GraphApiError, graphClient } from '../../integrations/graph/graph-client';
import { OutgoingCallError } from '../../integrations/http/guarded-http';
import { secretHint } from '../../sealed-secrets';
import { connectableDeployment, liveDeployment } from '../deployment-channel';
import {
  deleteConnection,
  findConnection,
  findPageElsewhere,
  findWebhookConnection,
  upsertConnection,
} from './messenger.repository';

type ConnectRequest = z.output<typeof connectMessengerRequestSchema>;

/** Where each sealed value belongs: a copy in another deployment's row does not open. */
export const tokenBinding = (deploymentId: string) => `messenger-token:${deploymentId}`;
export const appSecretBinding = (deploymentId: string) => `messenger-app-secret:${deploymentId}`;
export const verifyBinding = (deploymentId: string) => `messenger-verify:${deploymentId}`;

export const webhookUrlOf = (ctx: AppContext, deploymentId: string) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/channels/messenger/deployments/${deploymentId}/webhook`;

/** A Graph client with the connection's Page token, at the configured version. */
export function graphOf(ctx: AppContext, connection: MessengerConnectionRow) {
  return graphClient(
    ctx.config.graph,
    ctx.secrets.open(connection.page_access_token, tokenBinding(connection.deployment_id)),
    ctx.outgoing,
  );
}

/**
 * Graph refused or could not be reached while connecting: a token or Page id Graph refuses is the
 * caller's to fix (400, naming the field); Graph failing or away is a 502.
 */
function upstream(error: unknown): AppError {
  if (error instanceof GraphApiError && error.status < 500 && !error.transient) {
    const tokenRefused = error.kind === 'token-invalid';
    return new ValidationException(
      tokenRefused
        ? `Facebook refused the Page access token: ${error.message}`
        : `Facebook did not confirm the Page: ${error.message}`,
      { field: tokenRefused ? 'pageAccessToken' : 'pageId', code: error.code },
    );
  }
  if (error instanceof GraphApiError)
    return new AppError('UpstreamException', `Facebook did not answer: ${error.message}`, {
      status: error.status,
    });
  if (error instanceof OutgoingCallError)
    return new AppError('UpstreamException', `Facebook could not be reached: ${error.message}`);
  return new AppError(
    'UpstreamException',
    `Facebook’s answer was not understood: ${ensureError(error).message}`,
  );
}

function statusOf(ctx: AppContext, row: MessengerConnectionRow): MessengerStatus {
  const open = (sealed: string, binding: string) => ctx.secrets.open(sealed, binding);
  return {
    connected: true,
    pageId: row.page_id,
    pageName: row.page_name,
    pageAccessTokenHint: secretHint(open(row.page_access_token, tokenBinding(row.deployment_id))),
    appSecretHint: secretHint(open(row.app_secret, appSecretBinding(row.deployment_id))),
    verifyToken: open(row.verify_token, verifyBinding(row.deployment_id)),
    webhookUrl: webhookUrlOf(ctx, row.deployment_id),
    graphVersion: ctx.config.graph.version,
    disconnectedAt: row.disconnected_at?.toISOString() ?? null,
    disconnectedReason: row.disconnected_reason,
    lastEventAt: row.last_event_at?.toISOString() ?? null,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at?.toISOString() ?? null,
    connectedAt: row.created_at.toISOString(),
  };
}

export async function messengerStatus(ctx: AppContext, companyId: string, deploymentId: string) {
  await liveDeployment(ctx, companyId, deploymentId);
  const row = await findConnection(ctx.database.db, companyId, deploymentId);
  return row ? statusOf(ctx, row) : ({ connected: false } as const);
}

/**
 * Connects a deployment to a Page, or replaces its token and secrets (which connects a
 * disconnected one again): the token is checked with Graph first (`GET /{page-id}?fields=name`,
 * holding no connection), and must be the Page's. Secrets are sealed.
 */
export async function connectMessenger(
  ctx: AppContext,
  companyId: string,
  deploymentId: string,
  request: ConnectRequest,
): Promise<MessengerStatus> {
  const { db } = ctx.database;
  await connectableDeployment(ctx, companyId, deploymentId);
  if (await findPageElsewhere(db, companyId, deploymentId, request.pageId))
    throw new ConflictException('This Page is connected to another deployment: disconnect it there first');
  let page: { id: string; name: string };
  try {
    page = await graphClient(ctx.config.graph, request.pageAccessToken, ctx.outgoing).page(request.pageId);
  } catch (error) {
    throw upstream(error);
  }
  if (page.id !== request.pageId)
    throw new ConflictException(
      `This token is for the Page ${page.id} (${page.name}), not ${request.pageId}`,
    );
  const existing = await findConnection(db, companyId, deploymentId);
  const verifyToken =
    request.verifyToken ??
    (existing
      ? ctx.secrets.open(existing.verify_token, verifyBinding(deploymentId))
      : randomBytes(18).toString('base64url'));
  await upsertConnection(db, {
    deployment_id: deploymentId,
    company_id: companyId,
    page_id: page.id,
    page_name: page.name.slice(0, 200),
    page_access_token: ctx.secrets.seal(request.pageAccessToken, tokenBinding(deploymentId)),
    app_secret: ctx.secrets.seal(request.appSecret, appSecretBinding(deploymentId)),
    verify_token: ctx.secrets.seal(verifyToken, verifyBinding(deploymentId)),
  });
  const row = await findConnection(db, companyId, deploymentId);
  if (!row) throw new NotFoundException('Deployment not found');
  return statusOf(ctx, row);
}

export async function disconnectMessenger(ctx: AppContext, companyId: string, deploymentId: string) {
  await liveDeployment(ctx, companyId, deploymentId);
  if (!(await findConnection(ctx.database.db, companyId, deploymentId)))
    throw new NotFoundException('This deployment is not connected to a Facebook Page');
  await deleteConnection(ctx.database.db, companyId, deploymentId);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Meta's verification handshake: `hub.mode=subscribe` with the connection's verify token answers
 * the challenge; anything else is refused (403).
 */
export async function answerHandshake(
  ctx: AppContext,
  deploymentId: string,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): Promise<string> {
  if (!isUuid(deploymentId)) throw new NotFoundException('Deployment not found');
  const connection = await findWebhookConnection(ctx.database.db, deploymentId);
  if (!connection) throw new NotFoundException('This deployment is not connected to a Facebook Page');
  const expected = ctx.secrets.open(connection.verify_token, verifyBinding(deploymentId));
  const given = query['hub.verify_token'];
  if (
    query['hub.mode'] !== 'subscribe' ||
    given === undefined ||
    query['hub.challenge'] === undefined ||
    !timingSafeEqual(digest(given), digest(expected))
  )
    throw new ForbiddenException('The verify token does not match this connection’s');
  return query['hub.challenge'];
}
