/**
 * A page's address as the Top pages table shows it: without the scheme, cut into pieces that
 * each end at a place a reader would break the line (after `/`, `?`, `&`, `#`, `=`, `-`, `_`, `.`),
 * so a long address wraps between its parts instead of inside a word.
 */
export function pageUrlPieces(url: string): string[] {
  const shown = url.replace(/^https?:\/\//i, '');
  return shown.match(/[^/?&#=\-_.]*(?:[/?&#=\-_.]+|$)/g)?.filter(Boolean) ?? [shown];
}
