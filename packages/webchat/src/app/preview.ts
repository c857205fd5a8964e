import type { BotMessage, ChatMessage } from '@parley/sdk';

const at = new Date(0).toISOString();

/**
 * The styling editor's preview conversation: the bot's own opening (what its draft says first,
 * which the editor hands over), no network.
 */
export function previewMessages(opening: BotMessage[]): ChatMessage[] {
  return opening.map((message, index) => ({ seq: index + 1, role: 'bot', created_at: at, message }));
}
