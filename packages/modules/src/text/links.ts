/**
 * Link hygiene for Markdown a bot sends (spec §5): a bare address followed by punctuation keeps the
 * punctuation outside the link; `[label](url)` keeps its custom label, and an address that came from
 * a variable cannot break the link or gain a stray ")".
 */

const bareUrl = /\bhttps?:\/\/[^\s<>"'`]+/g;

/** Percent-encodes what would end a Markdown link destination early. */
function safeDestination(url: string): string {
  // encodeURIComponent keeps ( and ), which are exactly what breaks a Markdown destination.
  return url
    .trim()
    .replace(/[()\s<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Trailing characters that end a sentence, not an address (a ")" only when unbalanced). */
function splitTrailing(url: string): [string, string] {
  let end = url.length;
  for (;;) {
    const char = url[end - 1];
    if (char && '.,;:!?\'"*_~'.includes(char)) {
      end--;
      continue;
    }
    if (char === ')') {
      const body = url.slice(0, end);
      if ((body.match(/\(/g)?.length ?? 0) < (body.match(/\)/g)?.length ?? 0)) {
        end--;
        continue;
      }
    }
    return [url.slice(0, end), url.slice(end)];
  }
}

/** `[label](destination)` spans, with the destination's balanced parentheses kept inside it. */
function* markdownLinks(
  text: string,
): Generator<{ start: number; end: number; label: string; destination: string }> {
  const opener = /\[([^\]\n]*)\]\(/g;
  for (let match = opener.exec(text); match; match = opener.exec(text)) {
    let depth = 1;
    let index = opener.lastIndex;
    for (; index < text.length && depth > 0 && text[index] !== '\n'; index++) {
      if (text[index] === '(') depth++;
      else if (text[index] === ')') depth--;
    }
    if (depth !== 0) continue;
    yield {
      start: match.index,
      end: index,
      label: match[1] ?? '',
      destination: text.slice(opener.lastIndex, index - 1),
    };
    opener.lastIndex = index;
  }
}

export function normalizeLinks(markdown: string): string {
  const pieces: string[] = [];
  let last = 0;
  for (const link of markdownLinks(markdown)) {
    pieces.push(linkifyBare(markdown.slice(last, link.start)));
    const destination = link.destination.replace(/^<|>$/g, '');
    pieces.push(`[${link.label}](${safeDestination(destination)})`);
    last = link.end;
  }
  pieces.push(linkifyBare(markdown.slice(last)));
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

function linkifyBare(text: string): string {
  return text.replace(bareUrl, (found, offset: number) => {
    // Already an autolink `<https://…>`: leave it.
    if (text[offset - 1] === '<') return found;
    const [url, trailing] = splitTrailing(found);
    return `<${url}>${trailing}`;
  });
}

/** Joins a base address and a path with exactly one "/" (for `channels_base_url`). */
export function joinUrl(base: string, path: string): string {
  if (!path) return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
