import { findLinks } from '@parley/kit/links';

/**
 * Link hygiene for Markdown a bot sends (spec §5): `[label](url)` keeps its custom label and gets
 * a destination nothing can end early, and an address that came from a variable cannot break the
 * link or gain a stray ")". Bare addresses stay as written: every place that shows the message
 * links them with the same rule (`@parley/kit/links`), without the sentence's punctuation.
 */

/** Percent-encodes what would end a Markdown link destination early. */
function safeDestination(url: string): string {
  // encodeURIComponent keeps ( and ), which are exactly what breaks a Markdown destination.
  return url
    .trim()
    .replace(/[()\s<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Markdown links rewritten as `[label](encoded destination)`; everything else as it was. */
export function normalizeLinks(markdown: string): string {
  const pieces: string[] = [];
  let last = 0;
  for (const link of findLinks(markdown)) {
    if (link.kind !== 'markdown') continue;
    pieces.push(markdown.slice(last, link.start), `[${link.label}](${safeDestination(link.destination)})`);
    last = link.end;
  }
  pieces.push(markdown.slice(last));
  return pieces.join('');
}

/**
 * Renders a Markdown template whose link destinations may come from variables
 * (`[Pay]({{ pay_url }})`): each such destination is rendered on its own and encoded, so whatever
 * the variable holds (spaces, parentheses) cannot break the link or leave a stray ")".
 */
export function renderMarkdown(template: string, render: (template: string) => string): string {
  const destinations: string[] = [];
  const marked = template.replace(/\]\(([^()\s]*\{\{[\s\S]*?\}\}[^()\s]*)\)/g, (_, destination: string) => {
    destinations.push(destination);
    return `](\uE000${destinations.length - 1}\uE001)`;
  });
  const rendered = render(marked).replace(/\uE000(\d+)\uE001/g, (_, index: string) =>
    safeDestination(render(destinations[Number(index)] ?? '')),
  );
  return normalizeLinks(rendered);
}

/** Joins a base address and a path with exactly one "/" (for `channels_base_url`). */
export function joinUrl(base: string, path: string): string {
  if (!path) return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
