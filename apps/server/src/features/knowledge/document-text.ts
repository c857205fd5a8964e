import type { Nodes as MdNode } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { type DefaultTreeAdapterMap, parse as parseHtml } from 'parse5';
import type { KnowledgeFileFormat } from '../../db/tables/knowledge.table';

/** A paragraph of a document under the headings it sits in, outermost first. */
export interface TextBlock {
  headings: string[];
  text: string;
}

/** A document that cannot be read: its message says why, for the person who uploaded it. */
export class DocumentProblem extends Error {}

/** A document's format from its file name, or undefined when Parley does not read that kind of file. */
export function documentFormatOf(fileName: string): Exclude<KnowledgeFileFormat, 'csv' | 'qa'> | undefined {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'txt':
    case 'text':
      return 'text';
    case 'md':
    case 'markdown':
      return 'markdown';
    case 'html':
    case 'htm':
      return 'html';
    case 'pdf':
      return 'pdf';
    default:
      return undefined;
  }
}

/** How much of the start of a file is looked at to tell text from binary. */
const SNIFF_BYTES = 8192;

/**
 * A text file's characters: UTF-8 (a byte order mark dropped), else Windows-1252 as older editors
 * save. A file with NUL bytes or mostly control characters is binary, whatever its name says.
 */
export function decodeText(bytes: Uint8Array, kind: string): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of head) {
    if (byte === 0)
      throw new DocumentProblem(
        `The file is not ${kind}: it holds binary data. Check that you chose the right file.`,
      );
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) control++;
  }
  if (control > head.length * 0.1)
    throw new DocumentProblem(
      `The file is not ${kind}: it holds binary data. Check that you chose the right file.`,
    );
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Paragraphs of plain text: runs of lines between blank lines, their inner whitespace kept simple. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) =>
      paragraph
        .replace(/[ \t]+/g, ' ')
        .replace(/ ?\r?\n ?/g, '\n')
        .trim(),
    )
    .filter(Boolean);
}

function plainTextBlocks(text: string): TextBlock[] {
  return paragraphs(text).map((paragraph) => ({ headings: [], text: paragraph }));
}

/** The words of a Markdown node (a heading's text without its emphasis or links). */
function mdText(node: MdNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as MdNode[]).map(mdText).join('');
  return '';
}

/** Markdown: each top-level block as written (lists and tables keep their shape) under its headings. */
function markdownBlocks(text: string): TextBlock[] {
  const tree = fromMarkdown(text);
  const blocks: TextBlock[] = [];
  let headings: string[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      headings = [...headings.slice(0, node.depth - 1), mdText(node).trim()].filter(Boolean);
      continue;
    }
    if (node.type === 'html' || node.type === 'definition' || node.type === 'thematicBreak') continue;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const written = start !== undefined && end !== undefined ? text.slice(start, end) : mdText(node);
    for (const paragraph of paragraphs(written)) blocks.push({ headings, text: paragraph });
  }
  return blocks;
}

type HtmlNode = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

/** Elements whose content is never a document's text. */
const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'nav',
  'button',
  'select',
]);
/** Elements that start and end a paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'form',
  'fieldset',
  'hr',
]);
const HEADING = /^h([1-6])$/;

/** HTML: the visible text, a paragraph per block element, under the page's h1–h6 headings. */
function htmlBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let headings: string[] = [];
  let current = '';
  const flush = () => {
    const paragraph = current.replace(/[ \t\r\n]+/g, ' ').trim();
    current = '';
    if (paragraph) blocks.push({ headings, text: paragraph });
  };
  const textOf = (node: HtmlNode): string => {
    if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
    if ('tagName' in node && SKIPPED.has(node.tagName)) return '';
    return 'childNodes' in node ? node.childNodes.map(textOf).join(' ') : '';
  };
  const walk = (node: HtmlNode) => {
    if (node.nodeName === '#text') {
      current += (node as DefaultTreeAdapterMap['textNode']).value;
      return;
    }
    if (!('childNodes' in node)) return;
    const tag = 'tagName' in node ? node.tagName : '';
    if (SKIPPED.has(tag)) return;
    const level = HEADING.exec(tag)?.[1];
    if (level) {
      flush();
      const heading = textOf(node).replace(/\s+/g, ' ').trim();
      headings = [...headings.slice(0, Number(level) - 1), heading].filter(Boolean);
      return;
    }
    if (tag === 'br') {
      current += '\n';
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    if (tag === 'li') current += '- ';
    for (const child of node.childNodes) walk(child);
    if (tag === 'td' || tag === 'th') current += ' | ';
    if (block) flush();
  };
  walk(parseHtml(text));
  flush();
  return blocks;
}

/** PDF: each page's text (read by pdf.js, through unpdf), a paragraph per blank-line run, under `Page N`. */
async function pdfBlocks(bytes: Uint8Array): Promise<TextBlock[]> {
  if (Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') < 0)
    throw new DocumentProblem(
      'The file is not a PDF: it does not start as one. Check that you chose the right file.',
    );
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    // Verbosity 0: pdf.js would print its repairs of a damaged file to the console.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    pages = (await extractText(pdf, { mergePages: false })).text;
    await pdf.cleanup();
  } catch (error) {
    const reason =
      error instanceof Error && /password/i.test(error.message) ? ' It is protected by a password.' : '';
    throw new DocumentProblem(
      `The PDF could not be read: it is damaged or not a PDF.${reason} Save it again and upload it.`,
    );
  }
  return pages.flatMap((page, index) =>
    paragraphs(page).map((paragraph) => ({ headings: [`Page ${index + 1}`], text: paragraph })),
  );
}

/** Questions and answers pasted as a document: each pair a block under its question. */
function qaBlocks(text: string): TextBlock[] {
  const pairs = JSON.parse(text) as { question: string; answer: string }[];
  return pairs.map((pair) => ({ headings: [pair.question], text: pair.answer }));
}

/**
 * A document's paragraphs under their headings. Throws DocumentProblem for a file that is not what
 * its name says, or that has no text to answer from (a scanned PDF).
 */
export async function documentBlocks(format: KnowledgeFileFormat, bytes: Uint8Array): Promise<TextBlock[]> {
  let blocks: TextBlock[];
  switch (format) {
    case 'text':
      blocks = plainTextBlocks(decodeText(bytes, 'plain text'));
      break;
    case 'markdown':
      blocks = markdownBlocks(decodeText(bytes, 'Markdown'));
      break;
    case 'html':
      blocks = htmlBlocks(decodeText(bytes, 'HTML'));
      break;
    case 'pdf':
      blocks = await pdfBlocks(bytes);
      break;
    case 'qa':
      blocks = qaBlocks(new TextDecoder().decode(bytes));
      break;
    case 'csv':
      throw new DocumentProblem('A CSV file is a dataset: upload it as one.');
  }
  if (blocks.length === 0) {
    throw new DocumentProblem(
      format === 'pdf'
        ? 'The PDF has no text to read: it may be scanned pages (images). Upload a PDF with selectable text, or its text as a .txt file.'
        : 'The document has no text to answer from.',
    );
  }
  return blocks;
}
