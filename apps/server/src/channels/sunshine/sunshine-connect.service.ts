import type { connectSunshineRequestSchema, SunshineStatus } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SunshineConnectionRow } from '../../db/tables/sunshine.table';
import { AppError, ConflictException, ensureError, NotFoundException } from '../../errors';
import { updateDeployment } from '../../features/publishing/publishing.repository';
import { OutgoingCallError } from '../../integrations/http/guarded-http';
import {
  SUNSHINE_REGIONS,
  SunshineApiError,
  type SunshineCredentials,
  sunshineClient,
} from '../../integrations/sunshine/sunshine-client';
import { secretHint } from '../../sealed-secrets';
import { connectableDeployment, liveDeployment } from '../deployment-channel';
import { deleteConnection, findConnection, insertConnection } from './sunshine.repository';

type ConnectRequest = z.output<typeof connectSunshineRequestSchema>;

export const keyBinding = (deploymentId: string) => `sunshine-key:${deploymentId}`;
export const webhookBinding = (deploymentId: string) => `sunshine-webhook:${deploymentId}`;

/** The agent workspace's switchboard integration type in a Zendesk account. */
const AGENT_WORKSPACE = 'zd:agentWorkspace';

export const webhookUrlOf = (ctx: AppContext, deploymentId: string) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/channels/sunshine/deployments/${deploymentId}/events`;

/** The connection's app and key, the secret opened. */
export function credentialsOf(ctx: AppContext, connection: SunshineConnectionRow): SunshineCredentials {
  return {
    apiUrl: connection.api_url,
    appId: connection.app_id,
    keyId: connection.key_id,
    keySecret: ctx.secrets.open(connection.key_secret, keyBinding(connection.deployment_id)),
  };
}

/** The suite refused or could not be reached: said by name, with what it answered. */
function upstream(error: unknown): AppError {
  if (error instanceof SunshineApiError) {
    const why =
      error.status === 401 || error.status === 403
        ? 'The messaging suite refused the key: check the app id, key id and secret'
        : error.message;
    return new AppError('UpstreamException', why, { status: error.status });
  }
  if (error instanceof OutgoingCallError)
    return new AppError('UpstreamException', `The messaging suite could not be reached: ${error.message}`);
  return new AppError(
    'UpstreamException',
    `The messaging suite’s answer was not understood: ${ensureError(error).message}`,
  );
}

function statusOf(ctx: AppContext, row: SunshineConnectionRow): SunshineStatus {
  return {
    connected: true,
    appId: row.app_id,
    keyId: row.key_id,
    keySecretHint: secretHint(ctx.secrets.open(row.key_secret, keyBinding(row.deployment_id))),
    apiUrl: row.api_url,
    integrationId: row.integration_id,
    switchboardIntegrationId: row.switchboard_integration_id,
    agentSwitchboardIntegrationId: row.agent_switchboard_integration_id,
    webhookUrl: webhookUrlOf(ctx, row.deployment_id),
    lastEventAt: row.last_event_at?.toISOString() ?? null,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at?.toISOString() ?? null,
    ignoredEvents: row.ignored_events,
    connectedAt: row.created_at.toISOString(),
  };
}

export async function sunshineStatus(ctx: AppContext, companyId: string, deploymentId: string) {
  await liveDeployment(ctx, companyId, deploymentId);
  const row = await findConnection(ctx.database.db, companyId, deploymentId);
  return row ? statusOf(ctx, row) : ({ connected: false } as const);
}

/**
 * Connects a deployment to a suite app: creates Parley's webhook integration (the suite makes
 * its shared secret), Parley's switchboard integration (next: the agent workspace), and sets the
 * switchboard's default as chosen. What was created is removed again when a later step fails.
 * The secrets are sealed; the ids are kept on the deployment.
 */
export async function connectSunshine(
  ctx: AppContext,
  companyId: string,
  deploymentId: string,
  request: ConnectRequest,
): Promise<SunshineStatus> {
  const { db } = ctx.database;
  await connectableDeployment(ctx, companyId, deploymentId);
  if (await findConnection(db, companyId, deploymentId))
    throw new ConflictException('This deployment is connected already: disconnect it first');
  const credentials: SunshineCredentials = {
    apiUrl: request.region === 'custom' ? (request.apiUrl ?? '') : SUNSHINE_REGIONS[request.region],
    appId: request.appId,
    keyId: request.keyId,
    keySecret: request.keySecret,
  };
  const client = sunshineClient(credentials, ctx.outgoing);
  const created: { integrationId?: string; switchboardId?: string; switchboardIntegrationId?: string } = {};
  try {
    const integration = await client.createWebhookIntegration(webhookUrlOf(ctx, deploymentId), 'Parley');
    created.integrationId = integration.integrationId;
    const board = await client.switchboard();
    created.switchboardId = board.id;
    const existing = await client.switchboardIntegrations(board.id);
    const agents =
      existing.find((one) => one.integrationType === AGENT_WORKSPACE) ??
      existing.find((one) => one.id === board.defaultSwitchboardIntegrationId);
    const ours = await client.createSwitchboardIntegration(board.id, {
      name: `parley-${deploymentId.slice(0, 8)}`,
      integrationId: integration.integrationId,
      ...(agents ? { nextSwitchboardIntegrationId: agents.id } : {}),
    });
    created.switchboardIntegrationId = ours.id;
    if (request.firstResponder === 'agents' && agents) {
      await client.updateSwitchboardIntegration(board.id, agents.id, {
        nextSwitchboardIntegrationId: ours.id,
      });
      await client.updateSwitchboard(board.id, { enabled: true, defaultSwitchboardIntegrationId: agents.id });
    } else {
      await client.updateSwitchboard(board.id, { enabled: true, defaultSwitchboardIntegrationId: ours.id });
    }
    const stored = await db.transaction().execute(async (trx) => {
      const inserted = await insertConnection(trx, {
        deployment_id: deploymentId,
        company_id: companyId,
        app_id: credentials.appId,
        key_id: credentials.keyId,
        key_secret: ctx.secrets.seal(credentials.keySecret, keyBinding(deploymentId)),
        webhook_secret: ctx.secrets.seal(integration.secret, webhookBinding(deploymentId)),
        api_url: credentials.apiUrl,
        integration_id: integration.integrationId,
        switchboard_id: board.id,
        switchboard_integration_id: ours.id,
        agent_switchboard_integration_id: agents?.id ?? null,
      });
      if (!inserted) return false;
      await updateDeployment(trx, companyId, deploymentId, {
        sunshine_parley_integration_id: integration.integrationId,
        sunshine_parley_switchboardIntegration_id: ours.id,
      });
      return true;
    });
    if (!stored) throw new ConflictException('This deployment was connected meanwhile');
  } catch (error) {
    await removeRemote(client, created);
    throw error instanceof AppError ? error : upstream(error);
  }
  const row = await findConnection(db, companyId, deploymentId);
  if (!row) throw new NotFoundException('Deployment not found');
  return statusOf(ctx, row);
}

/** Removes what Parley created in the suite, as far as the suite lets it (errors are for the log). */
async function removeRemote(
  client: ReturnType<typeof sunshineClient>,
  created: { integrationId?: string; switchboardId?: string; switchboardIntegrationId?: string },
  agentsId?: string | null,
): Promise<string[]> {
  const failures: string[] = [];
  const attempt = async (step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      failures.push(ensureError(error).message);
    }
  };
  const { switchboardId, switchboardIntegrationId, integrationId } = created;
  if (switchboardId && switchboardIntegrationId) {
    // The switchboard must not point at an integration that is going away.
    if (agentsId)
      await attempt(() =>
        client.updateSwitchboard(switchboardId, { defaultSwitchboardIntegrationId: agentsId }),
      );
    await attempt(() => client.deleteSwitchboardIntegration(switchboardId, switchboardIntegrationId));
  }
  if (integrationId) await attempt(() => client.deleteIntegration(integrationId));
  return failures;
}

/**
 * Disconnects: removes Parley's integrations from the suite app (as far as it answers: revoked
 * keys must not keep a deployment connected), then forgets the keys and the deployment's ids.
 */
export async function disconnectSunshine(ctx: AppContext, companyId: string, deploymentId: string) {
  const { db } = ctx.database;
  await liveDeployment(ctx, companyId, deploymentId);
  const row = await findConnection(db, companyId, deploymentId);
  if (!row) throw new NotFoundException('This deployment is not connected to a messaging suite');
  const failures = await removeRemote(
    sunshineClient(credentialsOf(ctx, row), ctx.outgoing),
    {
      integrationId: row.integration_id,
      switchboardId: row.switchboard_id,
      switchboardIntegrationId: row.switchboard_integration_id,
    },
    row.agent_switchboard_integration_id,
  );
  await db.transaction().execute(async (trx) => {
    await deleteConnection(trx, companyId, deploymentId);
    await updateDeployment(trx, companyId, deploymentId, {
      sunshine_parley_integration_id: null,
      sunshine_parley_switchboardIntegration_id: null,
    });
  });
  return { remoteFailures: failures };
}
