import { z } from 'zod';
import type { handoffMaterial } from './helpdesk.repository';

type Material = NonNullable<Awaited<ReturnType<typeof handoffMaterial>>>;

const userInfoSchema = z
  .object({ id: z.unknown(), name: z.unknown(), email: z.unknown() })
  .partial()
  .catch({});
const variablesSchema = z
  .object({ variables: z.record(z.string(), z.unknown()).catch({}) })
  .partial()
  .catch({});

/** At most this many of the bot's variables, each this long, go into the note. */
const MAX_VARIABLES = 50;
const MAX_VALUE_CHARS = 300;
/** A ticket's note stays well within Zendesk's comment size. */
const MAX_NOTE_CHARS = 60_000;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The visitor as the ticket's requester: their name (or a stand-in) and their email when known. */
export function requesterOf(material: Material): { name: string; email?: string } {
  const user = userInfoSchema.parse(material.conversation.user_info);
  const email = text(user.email);
  const valid = email && z.email().safeParse(email).success ? email : undefined;
  const name = text(user.name) ?? valid ?? `Visitor ${material.conversation.id.slice(0, 8)}`;
  return { name: name.slice(0, 200), ...(valid ? { email: valid } : {}) };
}

/** Zendesk tags are single lower-case words: the module's tag names, made so. */
export function ticketTags(channel: string, moduleTags: string[]): string[] {
  const slug = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9_\-:/]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80);
  const tags = ['parley', `parley_${slug(channel)}`, ...moduleTags.map(slug)].filter(Boolean);
  return [...new Set(tags)].slice(0, 20);
}

const roleName: Record<string, string> = { user: 'Visitor', bot: 'Bot', agent: 'Agent' };

/**
 * The ticket's internal note: who handed off and why, the visitor's details, the bot's variables
 * and the transcript so far, plainly, for the agent who picks the ticket up.
 */
export function handoffNote(material: Material, options: { reason: string; inboxUrl: string }): string {
  const { conversation, messages } = material;
  const user = userInfoSchema.parse(conversation.user_info);
  const lines = [
    `Handed off by the bot "${conversation.bot_name}" (${conversation.channel}).`,
    ...(options.reason ? [`Reason: ${options.reason}`] : []),
    '',
    'Visitor',
    ...[
      ['Name', text(user.name)],
      ['Email', text(user.email)],
      ['Id', text(user.id) ?? (typeof user.id === 'number' ? String(user.id) : undefined)],
      ['Page', conversation.url ?? conversation.page_domain ?? undefined],
    ].flatMap(([label, value]) => (value ? [`- ${label}: ${value}`] : [])),
    `- Conversation in Parley: ${options.inboxUrl}`,
  ];
  const variables = Object.entries(variablesSchema.parse(conversation.state).variables ?? {}).slice(
    0,
    MAX_VARIABLES,
  );
  if (variables.length > 0) {
    lines.push('', 'Variables');
    for (const [name, value] of variables) {
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      lines.push(`- ${name}: ${(shown ?? '').slice(0, MAX_VALUE_CHARS)}`);
    }
  }
  lines.push('', 'Transcript');
  for (const message of messages) {
    const at = message.created_at.toISOString().slice(11, 16);
    lines.push(`[${at}] ${roleName[message.role] ?? message.role}: ${message.text}`);
  }
  const note = lines.join('\n');
  // The newest part of a very long conversation matters most: the start is cut, not the end.
  return note.length <= MAX_NOTE_CHARS ? note : `…${note.slice(note.length - MAX_NOTE_CHARS)}`;
}

/** The ticket's subject: the handoff's reason, or who it is with. */
export function ticketSubject(material: Material, reason: string): string {
  const subject = reason || `Chat with ${requesterOf(material).name}`;
  return `${subject} (${material.conversation.bot_name})`.slice(0, 150);
}
