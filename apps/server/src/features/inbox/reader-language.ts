import type { InboxMessage } from '@parley/contracts';
import type { AppContext } from '../../context';
import { baseLanguage } from '../conversations/turn-translation';

/** What of a conversation says which languages its messages are in. */
export interface ConversationLanguages {
  companyId: string;
  botId: string;
  /** The bot's own language. */
  botLanguage: string;
  /** The languages the bot offers besides its own (none: the bot does not translate). */
  offeredLanguages: string[];
  /** The visitor's language as the conversation keeps it (null: the bot's own). */
  visitorLanguage: string | null;
}

/** A visitor's message, the language it is in and the text to translate from. */
interface Wanted {
  index: number;
  source: string;
  text: string;
}

/**
 * The transcript's visitor messages as this reader reads them: each carries, as its translation, the
 * same words in the reader's language (the original stays a click away), or none when the original
 * is already in it. A message is translated from its text in the bot's language (what the bot read),
 * since that language is known for sure while the visitor may have changed theirs since. Known
 * translations come from memory or the company's cache; the rest in one provider call, made with
 * nothing held. A bot that offers no other language, or a reader with no language of their own,
 * leaves the transcript as it is (its visitor messages read in the bot's language); so does a failed
 * call (the bot settings show the provider's problem).
 */
export async function inReaderLanguage<M extends InboxMessage>(
  ctx: AppContext,
  conversation: ConversationLanguages,
  messages: M[],
  readerLanguage: string | null,
): Promise<M[]> {
  if (readerLanguage === null || conversation.offeredLanguages.length === 0) return messages;
  const reader = baseLanguage(readerLanguage);
  const bot = baseLanguage(conversation.botLanguage);
  const visitor = conversation.visitorLanguage === null ? bot : baseLanguage(conversation.visitorLanguage);
  const shown = [...messages];
  const wanted: Wanted[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'user' || message.message.type !== 'text') return;
    const { translation } = message;
    if (translation) {
      if (translation.language === reader) return;
      // The reader speaks the visitor's language: the original is theirs to read.
      if (reader === visitor) {
        const { translation: _, ...original } = message;
        shown[index] = original as M;
        return;
      }
      wanted.push({ index, source: translation.language, text: translation.text });
    } else if (reader !== bot) {
      // Untranslated, the message is in the bot's language (the visitor's or as the bot read it).
      wanted.push({ index, source: bot, text: message.message.text });
    }
  });
  const bySource = new Map<string, Wanted[]>();
  for (const item of wanted) bySource.set(item.source, [...(bySource.get(item.source) ?? []), item]);
  for (const [source, items] of bySource) {
    const texts = items.map((item) => item.text);
    const request = { companyId: conversation.companyId, source, target: reader, texts };
    let translated = ctx.translation.fromMemory(request);
    if (!translated.every((text) => text !== undefined)) {
      try {
        translated = await ctx.translation.translate({ ...request, botId: conversation.botId });
      } catch {
        // The reader reads them in the bot's language; a provider's problem is noted for the
        // settings screens by translate itself.
        continue;
      }
    }
    items.forEach((item, position) => {
      const text = translated[position];
      const message = shown[item.index];
      if (text !== undefined && message)
        shown[item.index] = { ...message, translation: { language: reader, text } };
    });
  }
  return shown;
}
