/**
 * Addresses that bot content may put in a link or an image: only those that cannot run script when
 * clicked or loaded. The widget, the inbox and the builder's debugger all render bot messages, so
 * they share this rule. A separate entry point (`@parley/kit/safe-url`) without zod, so the
 * widget stays small.
 */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
/** Inline images (`data:image/png;base64,…`); an image can never run script, even an SVG one. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

function absolute(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/** The address for an `href` when it is absolute http(s), mailto or tel, else null. */
export function safeLinkUrl(raw: string): string | null {
  const url = absolute(raw);
  return url && LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** The address for an image's `src` when it is absolute http(s) or a `data:image/…`, else null. */
export function safeImageUrl(raw: string): string | null {
  const url = absolute(raw);
  if (!url) return null;
  return IMAGE_PROTOCOLS.has(url.protocol) || (url.protocol === 'data:' && DATA_IMAGE.test(url.href))
    ? url.href
    : null;
}
