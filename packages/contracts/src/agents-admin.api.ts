import { agentParamsSchema } from './agents';
import {
  agentAuditPageSchema,
  agentAuditQuerySchema,
  agentControlSchema,
  agentDashboardQuerySchema,
  agentDashboardSchema,
  agentPeriodQuerySchema,
  agentSettingsSchema,
  agentSpendingLimitRequestSchema,
  agentUsageSchema,
  runParamsSchema,
  runQuerySchema,
  saveAgentProviderRequestSchema,
  saveAgentSettingsRequestSchema,
  storedRunSchema,
  switchAgentRequestSchema,
} from './agents-admin';
import { defineRoute } from './define-route';

const tags = ['agents'];

/**
 * The agents API's settings, admin and dashboard routes (same base URL and callers as agentsApi).
 * Reads of usage, the dashboard, runs and the audit log take `companyId` for Parley staff.
 */
export const agentsAdminApi = {
  settings: defineRoute({
    method: 'GET',
    path: '/settings',
    tags,
    summary: 'The company’s agent settings: model provider (never its key), defaults, retention, prices, cap',
    response: agentSettingsSchema,
    errors: [401, 403],
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/settings',
    tags,
    summary: 'Save the default model and limits, trace retention, model prices and the company’s monthly cap',
    body: saveAgentSettingsRequestSchema,
    response: agentSettingsSchema,
    errors: [400, 401, 403, 413],
  }),
  saveProvider: defineRoute({
    method: 'PUT',
    path: '/settings/provider',
    tags,
    summary:
      'Use the company’s own OpenAI-compatible provider; the key is checked with its models endpoint, then kept sealed',
    description:
      '400 ModelKeyRejectedException when the provider refuses the key; 502 UpstreamException when it ' +
      'cannot be reached (or its address is not allowed); nothing is saved then.',
    body: saveAgentProviderRequestSchema,
    response: agentSettingsSchema,
    errors: [400, 401, 403, 413, 502],
  }),
  removeProvider: defineRoute({
    method: 'DELETE',
    path: '/settings/provider',
    tags,
    summary: 'Forget the company’s provider: agents go back to the server’s model',
    response: agentSettingsSchema,
    errors: [401, 403],
  }),
  usage: defineRoute({
    method: 'GET',
    path: '/usage',
    tags,
    summary:
      'Usage per agent and per day (conversations, turns, steps, tokens, errors, cost) and this month’s spend',
    query: agentPeriodQuerySchema,
    response: agentUsageSchema,
    errors: [400, 401, 403],
  }),
  switchAgent: defineRoute({
    method: 'PUT',
    path: '/agents/:id/switch',
    tags,
    summary: 'Switch an agent off (its turns fail at once, bots take its failed exit) or on again',
    params: agentParamsSchema,
    body: switchAgentRequestSchema,
    response: agentControlSchema,
    errors: [400, 401, 403, 404],
  }),
  spendingLimit: defineRoute({
    method: 'PUT',
    path: '/agents/:id/spending-limit',
    tags,
    summary: 'Cap what one agent may spend a month, in tokens and/or money',
    params: agentParamsSchema,
    body: agentSpendingLimitRequestSchema,
    response: agentControlSchema,
    errors: [400, 401, 403, 404],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/dashboard',
    tags,
    summary:
      'Per agent for a period: conversations, resolution, tool calls and failures, tokens, step times; by day; latest failed turns',
    query: agentDashboardQuerySchema,
    response: agentDashboardSchema,
    errors: [400, 401, 403],
  }),
  run: defineRoute({
    method: 'GET',
    path: '/runs/:id',
    tags,
    summary: 'One kept run of an agent with its whole trace',
    params: runParamsSchema,
    query: runQuerySchema,
    response: storedRunSchema,
    errors: [400, 401, 403, 404],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/audit',
    tags,
    summary:
      'Who changed which agent, prompt, tool or agents setting, and when; Parley staff read every company’s',
    description:
      'A company’s admins read their own company’s entries (403 for another company’s `companyId`). ' +
      'Parley staff read every company’s entries, or one company’s when they name it.',
    query: agentAuditQuerySchema,
    response: agentAuditPageSchema,
    errors: [400, 401, 403],
  }),
};
