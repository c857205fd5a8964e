import { flowSchema } from '@parley/flow';
import { z } from 'zod';
import { botDetailSchema } from './bots';

/** A finding of the flow validator, as the builder shows it. */
export const flowFindingSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  moduleId: z.string().optional(),
  connectionId: z.string().optional(),
  variable: z.string().optional(),
  line: z.number().int().optional(),
});
export type FlowFinding = z.infer<typeof flowFindingSchema>;

export const saveFlowRequestSchema = z.strictObject({
  flow: flowSchema,
  /**
   * The draft revision this flow was edited from. When given and someone saved since, the save is
   * refused with 409 ConflictException (details: the current revision, when and by whom).
   */
  baseRevision: z.int32().min(0).optional(),
});
export const saveFlowResponseSchema = z.object({
  bot: botDetailSchema,
  findings: z.array(flowFindingSchema),
});

export const botVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  modules: z.number().int(),
});
export type BotVersion = z.infer<typeof botVersionSchema>;

export const deploymentSchema = z.object({
  id: z.string(),
  bot_id: z.string(),
  key: z.string(),
  channel: z.enum(['webchat', 'test']),
  /** The published version served; null for the test deployment, which runs the draft. */
  version: z.number().int().nullable(),
  sunshine_parley_integration_id: z.string().nullable(),
  sunshine_parley_switchboardIntegration_id: z.string().nullable(),
  created_at: z.string(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

export const publishResponseSchema = z.object({
  version: botVersionSchema,
  findings: z.array(flowFindingSchema),
  /** The web chat deployments that now serve this version; empty while the bot is on no website. */
  deployments: z.array(deploymentSchema),
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

export const createDeploymentRequestSchema = z.strictObject({
  channel: z.literal('webchat'),
  /** Defaults to the latest published version. */
  version: z.int32().min(1).optional(),
});

export const updateDeploymentRequestSchema = z.strictObject({
  version: z.int32().min(1).optional(),
  sunshine_parley_integration_id: z.string().trim().max(200).nullable().optional(),
  sunshine_parley_switchboardIntegration_id: z.string().trim().max(200).nullable().optional(),
});

/** `POST /api/remove-deployment`: kept for the messaging suite, which only needs it logged (spec §7). */
export const removeDeploymentRequestSchema = z.record(z.string(), z.json());
