import type { TranscriptEntry } from './state';

export interface Utterance {
  role: 'user' | 'bot';
  utterance: string;
}

/**
 * `parley.transcript` (spec §3): this conversation only, without empty "thinking" messages or
 * empty bot messages.
 */
export function cleanTranscript(entries: TranscriptEntry[], conversation: number): Utterance[] {
  return entries
    .filter((entry) => entry.conversation === conversation)
    .filter((entry) => !(entry.thinking && entry.utterance.trim() === ''))
    .filter((entry) => !(entry.role === 'bot' && entry.utterance.trim() === ''))
    .map(({ role, utterance }) => ({ role, utterance }));
}

/** The chat history kept in `parley.chat_history`: every message, every conversation. */
export function chatHistory(entries: TranscriptEntry[]): Utterance[] {
  return entries.map(({ role, utterance }) => ({ role, utterance }));
}

// What a bot message says as text is its kind's business (@parley/kit's botMessageKinds).
export { messageText } from '@parley/kit';
