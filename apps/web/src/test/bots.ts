import type { BotDetail, Deployment } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';

/** A bot as the server answers it, its flow from the shared fixture builder. */
export function botDetail(overrides: Partial<BotDetail> = {}): BotDetail {
  const flow =
    overrides.flow ??
    flowFixture()
      .module('start', 'text', { text: 'Welcome to Seaside Inn!' }, { next: 'menu' }, { name: 'Welcome' })
      .module(
        'menu',
        'buttons',
        {
          text: 'What can I do for you?',
          buttons: [{ id: 'book', label: 'Book a room', action: { type: 'goto' } }],
        },
        {},
        { name: 'Menu' },
      )
      .build();
  return {
    id: 'b1',
    name: 'Front desk',
    language: 'en',
    status: 'draft',
    published_version: null,
    default_goal_value: 0,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    counts: { modules: flow.modules.length, intents: 0, globalConnections: 0 },
    draft_revision: 3,
    ...overrides,
    flow,
  };
}

export function deployment(overrides: Partial<Deployment> = {}): Deployment {
  return {
    id: 'd1',
    bot_id: 'b1',
    key: 'key-webchat-1',
    channel: 'webchat',
    version: 1,
    sunshine_parley_integration_id: null,
    sunshine_parley_switchboardIntegration_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
