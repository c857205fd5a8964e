import { z } from 'zod';

/**
 * One entry of a webhook post's `messaging` array, as Meta sends it for the Page's subscribed
 * fields: a message (text, a quick reply's payload, attachments; `is_echo` for the Page's own),
 * a postback, a delivery or read receipt, or others Parley does not act on (reactions…).
 */
/** An app id as the handover events give it: a string, a number, or null (the thread was idle). */
const appIdSchema = z
  .union([z.string().max(100), z.number()])
  .nullish()
  .transform((id) => (id === null || id === undefined ? null : String(id)));
/** `messaging_handovers`: the thread passed to Parley, taken from it, or asked of it. */
const handoverSchema = z.looseObject({
  new_owner_app_id: appIdSchema,
  previous_owner_app_id: appIdSchema,
  requested_owner_app_id: appIdSchema,
  metadata: z.string().max(1000).nullish(),
});

const messagingSchema = z.looseObject({
  sender: z.object({ id: z.string().min(1).max(100) }),
  recipient: z.object({ id: z.string().min(1).max(100) }),
  timestamp: z.number(),
  message: z
    .looseObject({
      mid: z.string().min(1).max(500),
      text: z.string().max(20_000).optional(),
      is_echo: z.boolean().optional(),
      quick_reply: z.object({ payload: z.string().max(1000) }).optional(),
      attachments: z.array(z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
  /** `message_deliveries`: the person's device has every message sent up to `watermark`. */
  delivery: z.looseObject({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  /** `message_reads`: the person saw every message sent up to `watermark`. */
  read: z.looseObject({ watermark: z.number() }).optional(),
  postback: z
    .looseObject({
      mid: z.string().min(1).max(500).optional(),
      title: z.string().max(1000).optional(),
      payload: z.string().max(1000),
    })
    .optional(),
  pass_thread_control: handoverSchema.optional(),
  take_thread_control: handoverSchema.optional(),
  request_thread_control: handoverSchema.optional(),
});

/** A webhook post: `{ object: 'page', entry: [{ id, time, messaging: [...] }] }`. */
export const messengerWebhookSchema = z.object({
  object: z.literal('page'),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      time: z.number(),
      messaging: z.array(z.unknown()).optional(),
    }),
  ),
});

/** A messaging event Parley runs a turn for, as the `messenger-events` job carries it. */
export interface MessengerInbound {
  /** The message id (`mid`): Meta sends a post again until it is answered, so each is handled once. */
  mid: string;
  psid: string;
  timestamp: number;
  /**
   * A message, or a handover protocol event: `pass` (the thread was passed to Parley), `take`
   * (another app took it from Parley), `request` (another app asks Parley for it).
   */
  kind: 'text' | 'postback' | 'pass' | 'take' | 'request';
  /** What the person wrote, or the button's title (empty for a handover). */
  text: string;
  payload?: string;
  /** Of a handover: the app now holding the thread (`take`), or asking for it (`request`). */
  appId?: string | null;
  /** Of a handover: what the other app said with it. */
  metadata?: string;
}

/** A delivery or read receipt: every message the Page sent the person up to `watermark` (ms). */
export interface MessengerReceipt {
  psid: string;
  watermark: number;
  read: boolean;
}

function handoverOf(
  event: z.infer<typeof messagingSchema>,
): { kind: 'pass' | 'take' | 'request'; appId: string | null; metadata: string } | null {
  const metadata = (one: z.infer<typeof handoverSchema>) => one.metadata ?? '';
  if (event.pass_thread_control)
    return { kind: 'pass', appId: null, metadata: metadata(event.pass_thread_control) };
  if (event.take_thread_control) {
    const { new_owner_app_id: to } = event.take_thread_control;
    // The older form names only the app it was taken from: the new owner is someone else.
    return { kind: 'take', appId: to ?? 'unknown', metadata: metadata(event.take_thread_control) };
  }
  if (event.request_thread_control)
    return {
      kind: 'request',
      appId: event.request_thread_control.requested_owner_app_id,
      metadata: metadata(event.request_thread_control),
    };
  return null;
}

/**
 * The events of a post Parley acts on, for its Page: people's messages (text, a quick reply with
 * its payload; attachments as their kind), postbacks and the handover protocol's events
 * (`messaging_handovers`), and the delivery and read receipts. The Page's own echoes and other
 * kinds (the `standby` channel's messages, written while another app holds the thread, included:
 * they are that app's to answer) are counted as ignored or not read.
 */
export function inboundEvents(
  body: z.infer<typeof messengerWebhookSchema>,
  pageId: string,
): { events: MessengerInbound[]; receipts: MessengerReceipt[]; ignored: number } {
  const events: MessengerInbound[] = [];
  const receipts: MessengerReceipt[] = [];
  let ignored = 0;
  for (const entry of body.entry) {
    for (const raw of entry.messaging ?? []) {
      const parsed = messagingSchema.safeParse(raw);
      if (!parsed.success || entry.id !== pageId || parsed.data.recipient.id !== pageId) {
        ignored++;
        continue;
      }
      const { sender, timestamp, message, postback, delivery, read } = parsed.data;
      const handover = handoverOf(parsed.data);
      if (message && !message.is_echo) {
        const text =
          message.text ??
          (message.attachments ?? []).map((attachment) => `[${attachment.type}]`).join(' ') ??
          '';
        events.push({
          mid: message.mid,
          psid: sender.id,
          timestamp,
          ...(message.quick_reply
            ? {
                kind: 'postback',
                text: text || message.quick_reply.payload,
                payload: message.quick_reply.payload,
              }
            : { kind: 'text', text: text || '[message]' }),
        });
      } else if (postback) {
        events.push({
          // Postbacks carry a mid since v8; older ones are named by who, when and what.
          mid: postback.mid ?? `postback:${sender.id}:${timestamp}:${postback.payload}`,
          psid: sender.id,
          timestamp,
          kind: 'postback',
          text: postback.title ?? postback.payload,
          payload: postback.payload,
        });
      } else if (handover) {
        events.push({
          // Handover events carry no id: named by who, when and what (Meta's retry is the same).
          mid: `handover:${sender.id}:${timestamp}:${handover.kind}`,
          psid: sender.id,
          timestamp,
          text: '',
          ...handover,
        });
      } else if (read) receipts.push({ psid: sender.id, watermark: read.watermark, read: true });
      else if (delivery) receipts.push({ psid: sender.id, watermark: delivery.watermark, read: false });
      else ignored++;
    }
  }
  return { events, receipts, ignored };
}
