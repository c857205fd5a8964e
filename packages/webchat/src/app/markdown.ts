import { type FoundLink, findLinks } from '@parley/kit/links';

/**
 * The Markdown bots write, parsed to a tree the widget renders as elements (never as HTML, so a
 * message cannot inject markup): paragraphs with line breaks, bullet and numbered lists, bold,
 * italic, inline code and links. Links follow the rule every place that shows bot messages shares
 * (`@parley/kit/links`): only http(s), mailto and tel addresses, never a sentence's final
 * punctuation or a stray ")", never the `<>` of an autolink.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

// One alternative per inline form (links are found by the shared rule, below); the earliest match
// wins, text between matches stays text.
const INLINE = /\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|(?<![\w])_(?!\s)(.+?)_(?![\w])|`([^`]+)`|(\n)/s;

/** A link as the widget shows it; one that may not be a link shows its label as text. */
function linkNode(link: FoundLink): Inline {
  const children =
    link.kind === 'markdown' ? parseInline(link.label) : [{ type: 'text' as const, text: link.label }];
  return link.href ? { type: 'link', href: link.href, children } : { type: 'text', text: link.label };
}

export function parseInline(source: string): Inline[] {
  const nodes: Inline[] = [];
  let rest = source;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    const [link] = findLinks(rest);
    // A link that starts first is whole: emphasis marks inside its address are part of it.
    if (link && (!match || link.start <= match.index)) {
      if (link.start > 0) nodes.push({ type: 'text', text: rest.slice(0, link.start) });
      nodes.push(linkNode(link));
      rest = rest.slice(link.end);
      continue;
    }
    if (!match) {
      nodes.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) nodes.push({ type: 'text', text: rest.slice(0, match.index) });
    const [whole, bold, bold2, italic, italic2, code] = match;
    if (bold ?? bold2) nodes.push({ type: 'strong', children: parseInline((bold ?? bold2) as string) });
    else if (italic ?? italic2)
      nodes.push({ type: 'em', children: parseInline((italic ?? italic2) as string) });
    else if (code !== undefined) nodes.push({ type: 'code', text: code });
    else nodes.push({ type: 'break' });
    rest = rest.slice(match.index + whole.length);
  }
  return mergeText(nodes);
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else merged.push(node);
  }
  return merged;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** The chunk as a list when every line is an item of the same kind. */
function listOf(lines: string[]): Block | null {
  for (const [pattern, ordered] of [
    [BULLET, false],
    [NUMBERED, true],
  ] as const) {
    const items = lines.map((line) => pattern.exec(line)?.[1]);
    if (items.every((item) => item !== undefined)) {
      return { type: 'list', ordered, items: items.map((item) => parseInline(item as string)) };
    }
  }
  return null;
}

export function parseMarkdown(source: string): Block[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((chunk) => chunk.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines) => listOf(lines) ?? { type: 'paragraph', children: parseInline(lines.join('\n')) });
}
