import { withoutLinkSyntax } from '@parley/kit/links';

/** Times as the inbox shows them, in the person's language. */
export function timeOfDay(iso: string, language?: string): string {
  return new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

export function fullDateTime(iso: string, language?: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function dayLabel(iso: string, language?: string): string {
  return new Date(iso).toLocaleDateString(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** Today: the time; this year: day and month; older: the date with its year. */
export function listTime(iso: string, language?: string, now = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return timeOfDay(iso, language);
  if (date.getFullYear() === now.getFullYear())
    return date.toLocaleDateString(language, { day: 'numeric', month: 'short' });
  return date.toLocaleDateString(language, { dateStyle: 'medium' });
}

/** A variable's value as text: strings as they are, everything else as JSON. */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** A webhook's response body, indented when it is JSON. */
export function responseText(response: unknown): string {
  if (typeof response !== 'string') return JSON.stringify(response, null, 2);
  try {
    return JSON.stringify(JSON.parse(response), null, 2);
  } catch {
    return response;
  }
}

/** Who the conversation is with: their name, email or id as the page gave them, else "Visitor 1a2b3c". */
export function personOf(
  conversation: { id: string; user: { id?: string; name?: string; email?: string } },
  visitor: (short: string) => string,
): string {
  const { user } = conversation;
  return user.name || user.email || user.id || visitor(conversation.id.slice(0, 6));
}

/** A message's Markdown as one line of plain text, for previews: links as the reader sees them. */
export function plainPreview(markdown: string): string {
  return withoutLinkSyntax(markdown)
    .replace(/(\*\*|__|~~|`)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,!?:;]|$)/g, '$1$2')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
