const ADDRESS = /https?:\/\/[^\s<>"']+/g;
/** Punctuation closing a sentence is not part of the address before it. */
const TRAILING = /[.,;:!?)\]]+$/;

export interface TextPart {
  text: string;
  link: boolean;
}

/** A mail's text in runs of plain text and web addresses, in order, nothing lost. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const link = match[0].replace(TRAILING, '');
    if (match.index > at) parts.push({ text: text.slice(at, match.index), link: false });
    parts.push({ text: link, link: true });
    at = match.index + link.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), link: false });
  return parts;
}

/** The web addresses of a mail's text, once each, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(splitLinks(text).flatMap((part) => (part.link ? [part.text] : [])))];
}
