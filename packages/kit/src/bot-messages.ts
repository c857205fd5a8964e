import { z } from 'zod';

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

/** What a bot says in one message; `text` is Markdown. */
export const botMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('buttons'), text: z.string(), buttons: z.array(messageButtonSchema) }),
  z.object({ type: z.literal('card'), card: messageCardSchema }),
  z.object({ type: z.literal('carousel'), cards: z.array(messageCardSchema) }),
]);
export type BotMessage = z.infer<typeof botMessageSchema>;
