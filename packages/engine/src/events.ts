import type { BotMessage, ConversationEventName } from '@parley/kit';
import type { TurnMeta } from './services';

/** The dimensions every log event carries (spec §3), named as the reports read them. */
export interface EventDimensions {
  'Bot UUID': string;
  'Bot Deployment ID': string;
  'Conversation ID': string;
  'Company ID': string;
  'Bot Inbox Conversation ID'?: string;
  'Bot Module ID'?: string;
  'Bot Next Module ID'?: string;
  /** The messages one module sent. */
  'Bot Original Message'?: BotMessage[];
  'Bot User Input Skipped'?: boolean;
  'Page Domain'?: string;
  URL?: string;
}

export interface EngineEvent {
  /** One of the catalogue's names (`EVENT` in contracts); `data` follows its schema. */
  name: ConversationEventName;
  at: number;
  /** How many of the turn's outputs were sent before it (to show it in its place in a transcript). */
  afterOutputs: number;
  dimensions: EventDimensions;
  data: Record<string, unknown>;
}

export function baseDimensions(meta: TurnMeta): EventDimensions {
  return {
    'Bot UUID': meta.botId,
    'Bot Deployment ID': meta.deploymentId,
    'Conversation ID': meta.conversationId,
    'Company ID': meta.companyId,
    ...(meta.inboxConversationId ? { 'Bot Inbox Conversation ID': meta.inboxConversationId } : {}),
  };
}

/** One step of a turn, for the debugger: which connection fired, of which kind, from where to where. */
export type { TraceEntry } from '@parley/contracts';
