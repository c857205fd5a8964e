import type { AuditAction } from '@parley/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { AppContext } from '../context';
import { ConflictException, NotFoundException } from '../errors';
import { findDeployment } from '../features/publishing/publishing.repository';
import { isUuid } from '../ids';

// What the channels connected to one deployment (Messenger, the messaging suite) share.

/** Connecting or disconnecting a channel changes where a bot runs: it is in the audit log. */
const channelChange = (action: AuditAction): FastifyContextConfig => ({
  permission: 'bots:publish',
  audit: { action, target: { type: 'deployment', param: 'id' } },
});

/** Who may see a deployment's channel (`status`), connect it and disconnect it. */
export const channelRouteConfig = {
  status: { permission: 'bots:view' },
  connect: channelChange('deployment.channel-connected'),
  disconnect: channelChange('deployment.channel-disconnected'),
} satisfies Record<string, FastifyContextConfig>;

/** The company's deployment (not removed): 404 otherwise, an id that is not one included. */
export async function liveDeployment(ctx: AppContext, companyId: string, deploymentId: string) {
  if (!isUuid(deploymentId)) throw new NotFoundException('Deployment not found');
  const deployment = await findDeployment(ctx.database.db, companyId, deploymentId);
  if (!deployment) throw new NotFoundException('Deployment not found');
  return deployment;
}

/** A deployment a channel may be connected to: a live one that runs a published version. */
export async function connectableDeployment(ctx: AppContext, companyId: string, deploymentId: string) {
  const deployment = await liveDeployment(ctx, companyId, deploymentId);
  if (deployment.channel === 'test')
    throw new ConflictException('The test deployment runs the draft: connect a published deployment');
  return deployment;
}
