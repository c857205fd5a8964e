import { safeLinkUrl } from './safe-url';

/**
 * Where the links are in a bot's Markdown text: one rule for every place that shows bot messages
 * (the widget and its tester, the inbox, the builder's debugger, the SDK page, list previews), so a
 * text links the same everywhere (spec §5). A separate entry point (`@parley/kit/links`)
 * without zod, so the widget stays small.
 *
 * - `[label](address)` keeps its label; balanced parentheses stay in the address.
 * - `<address>` (a Markdown autolink) links without showing its brackets.
 * - A bare `http(s)://` address links without the punctuation that ends the sentence after it
 *   (`.,;:!?` quotes, `*_~`) and without a closing parenthesis or bracket it did not open.
 * - An address whose scheme could run script (`javascript:`, `data:`…) is never a link.
 * - `![description](address)` is an image, which a text message shows as its description.
 */
export interface FoundLink {
  /** Where the link's source starts and ends in the text (brackets and label included). */
  start: number;
  end: number;
  kind: 'markdown' | 'autolink' | 'bare' | 'image';
  /** What the reader sees: a Markdown link's label (itself Markdown), or the address as written. */
  label: string;
  /** The address as written, without the `<>` around it. */
  destination: string;
  /** The address to open, or null when it may not be a link (the label then shows as text). */
  href: string | null;
}

/** A text cut into plain runs and links (unsafe links come out as their label, as text). */
export type LinkSegment =
  | { type: 'text'; text: string }
  | { type: 'link'; href: string; label: string; kind: FoundLink['kind'] };

// The earliest of: a Markdown link or image opener, an autolink, a bare web address. A bare address
// must not continue a word ("xhttps://…") or a path; the lookbehind keeps it whole.
const CANDIDATE =
  /(!?)\[([^\]\n]*)\]\(|<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@:/]+@[^\s<>@]+)>|(?<![\p{L}\p{N}_/@.-])https?:\/\/[^\s<>]+/giu;

/** Characters that end a sentence or close a Markdown emphasis rather than an address. */
const TRAILING = new Set([...'.,;:!?\'"*_~…”’»']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

/** A bare address without what follows it in the sentence (a ")" only when it opened none). */
export function trimBareAddress(candidate: string): string {
  // Opened-minus-closed counts, kept as characters come off the end (one pass, however long).
  const open: Record<string, number> = { '(': 0, '[': 0 };
  for (const char of candidate) {
    if (char in open) open[char] = (open[char] ?? 0) + 1;
    const opener = CLOSERS[char];
    if (opener) open[opener] = (open[opener] ?? 0) - 1;
  }
  let end = candidate.length;
  for (;;) {
    const char = candidate[end - 1] ?? '';
    const opener = CLOSERS[char];
    if (TRAILING.has(char)) end--;
    else if (opener && (open[opener] ?? 0) < 0) {
      open[opener] = (open[opener] ?? 0) + 1;
      end--;
    } else return candidate.slice(0, end);
  }
}

/** The index after the ")" that closes a Markdown link's destination, or -1 when none does. */
function destinationEnd(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '\n') return -1;
    if (char === '\\') index++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  return -1;
}

/** `address`, `<address>`, `address "title"`: the address alone. */
function destinationOf(inside: string): string {
  const trimmed = inside.trim();
  const angled = /^<([^<>\n]*)>/.exec(trimmed);
  if (angled) return angled[1] ?? '';
  const titled = /^(\S+)\s+("[^"]*"|'[^']*'|\([^()]*\))$/.exec(trimmed);
  return titled?.[1] ?? trimmed;
}

function hrefOf(address: string): string | null {
  // An e-mail autolink (`<ada@example.com>`) writes to that address.
  return safeLinkUrl(/^[^:/\s]+@/.test(address) ? `mailto:${address}` : address);
}

/** Every link in `text`, in order, never overlapping. */
export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  const candidate = new RegExp(CANDIDATE.source, CANDIDATE.flags);
  for (let match = candidate.exec(text); match; match = candidate.exec(text)) {
    const [whole, bang, label, autolink] = match;
    if (label !== undefined) {
      const end = destinationEnd(text, candidate.lastIndex);
      if (end < 0) {
        // Not a link after all: what is inside the brackets may still hold one.
        candidate.lastIndex = match.index + 1 + (bang ? 1 : 0);
        continue;
      }
      const destination = destinationOf(text.slice(candidate.lastIndex, end - 1));
      const kind = bang ? 'image' : 'markdown';
      const href = kind === 'image' ? null : safeLinkUrl(destination);
      // A link with no label would be invisible: its address shows instead.
      const shown = label.trim() || kind === 'image' ? label : destination;
      links.push({ start: match.index, end, kind, label: shown, destination, href });
      candidate.lastIndex = end;
    } else if (autolink !== undefined) {
      const end = match.index + whole.length;
      const href = hrefOf(autolink);
      links.push({ start: match.index, end, kind: 'autolink', label: autolink, destination: autolink, href });
    } else {
      const address = trimBareAddress(whole);
      const href = safeLinkUrl(address);
      candidate.lastIndex = match.index + address.length;
      // "https://" with nothing after it is text, not a link.
      if (!href) continue;
      const end = match.index + address.length;
      links.push({ start: match.index, end, kind: 'bare', label: address, destination: address, href });
    }
  }
  return links;
}

/** `text` as plain runs and links; a link that may not be one shows its label as plain text. */
export function linkSegments(text: string): LinkSegment[] {
  const segments: LinkSegment[] = [];
  const pushText = (run: string) => {
    if (!run) return;
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += run;
    else segments.push({ type: 'text', text: run });
  };
  let last = 0;
  for (const link of findLinks(text)) {
    pushText(text.slice(last, link.start));
    if (link.href) segments.push({ type: 'link', href: link.href, label: link.label, kind: link.kind });
    else pushText(link.label);
    last = link.end;
  }
  pushText(text.slice(last));
  return segments;
}

/** `text` with every link written as what the reader sees of it (for one-line previews). */
export function withoutLinkSyntax(text: string): string {
  return linkSegments(text)
    .map((segment) => (segment.type === 'text' ? segment.text : segment.label))
    .join('');
}
