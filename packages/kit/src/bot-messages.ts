import * as z from 'zod';

/** A button as a channel shows it: reply buttons post their payload back; URL buttons open a page. */
export const messageButtonSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['reply', 'url']),
  /** For reply buttons: what the channel sends back as `{ postback }` when pressed. */
  payload: z.string().optional(),
  url: z.string().optional(),
});
export type MessageButton = z.infer<typeof messageButtonSchema>;

export const messageCardSchema = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  imageUrl: z.string().optional(),
  buttons: z.array(messageButtonSchema),
});
export type MessageCard = z.infer<typeof messageCardSchema>;

/**
 * Where an answer written from the bot's knowledge came from: `[n]` in the text names the n-th
 * citation. A dataset's row carries its number and its key columns (the first few cells).
 */
export const messageCitationSchema = z.object({
  sourceId: z.string(),
  sourceName: z.string(),
  rowNumber: z.number().int().optional(),
  /** A document passage's headings (`Returns › Refunds`); a dataset row has none. */
  heading: z.string().optional(),
  /** The row's key columns, as the visitor reads them (`SKU: A-1042`). */
  keys: z.array(z.object({ column: z.string(), value: z.string() })).default([]),
});
export type MessageCitation = z.infer<typeof messageCitationSchema>;

/** What a bot says in one message; `text` is Markdown. */
export const botMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string(),
    citations: z.array(messageCitationSchema).optional(),
  }),
  z.object({ type: z.literal('buttons'), text: z.string(), buttons: z.array(messageButtonSchema) }),
  z.object({ type: z.literal('card'), card: messageCardSchema }),
  z.object({ type: z.literal('carousel'), cards: z.array(messageCardSchema) }),
]);
export type BotMessage = z.infer<typeof botMessageSchema>;
