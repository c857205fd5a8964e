import type { TextBlock } from './document-text';

/** A chunk grows to about this many characters of whole paragraphs… */
export const CHUNK_TARGET_CHARS = 1_000;
/** …and never past this: a longer paragraph is cut at sentence ends, else at spaces. */
export const CHUNK_MAX_CHARS = 1_500;

/** The headings a chunk sits under, outermost first, as the preview and citations show them. */
export const headingOf = (headings: readonly string[]) => headings.join(' › ');

/** A paragraph cut into pieces of at most CHUNK_MAX_CHARS, at sentence ends where it can. */
function pieces(text: string): string[] {
  if (text.length <= CHUNK_MAX_CHARS) return [text];
  const result: string[] = [];
  let rest = text;
  while (rest.length > CHUNK_MAX_CHARS) {
    const window = rest.slice(0, CHUNK_MAX_CHARS);
    const sentence = Math.max(
      window.lastIndexOf('. '),
      window.lastIndexOf('? '),
      window.lastIndexOf('! '),
      window.lastIndexOf('\n'),
    );
    const space = window.lastIndexOf(' ');
    const cut =
      sentence > CHUNK_MAX_CHARS / 2 ? sentence + 1 : space > CHUNK_MAX_CHARS / 2 ? space : CHUNK_MAX_CHARS;
    result.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) result.push(rest);
  return result;
}

/**
 * A document's chunks: consecutive paragraphs under the same headings, joined up to about
 * CHUNK_TARGET_CHARS; a new heading always starts a new chunk, so each chunk has one heading path.
 */
export function chunkBlocks(blocks: readonly TextBlock[]): { heading: string; content: string }[] {
  const chunks: { heading: string; content: string }[] = [];
  let heading: string | undefined;
  let content = '';
  const flush = () => {
    if (content) chunks.push({ heading: heading ?? '', content });
    content = '';
  };
  for (const block of blocks) {
    const blockHeading = headingOf(block.headings);
    if (blockHeading !== heading) {
      flush();
      heading = blockHeading;
    }
    for (const piece of pieces(block.text)) {
      if (content && content.length + piece.length + 2 > CHUNK_TARGET_CHARS) flush();
      content = content ? `${content}\n\n${piece}` : piece;
    }
  }
  flush();
  return chunks;
}
