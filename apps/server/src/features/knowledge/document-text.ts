import { finished } from 'node:stream/promises';
import type { Nodes as MdNode } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { SAXParser } from 'parse5-sax-parser';
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

/** About how many characters of Markdown are parsed at once (see markdownSections). */
const MARKDOWN_SECTION_CHARS = 16 * 1024;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Markdown cut into sections of about `size` characters, each ending at a blank line outside a
 * fenced code block and before an unindented line, so no block is cut in two. The Markdown parser
 * grows slower per character on large inputs (its whole tree and token list are held at once:
 * 3.8 MB took 12.9 s in one piece, about 4 s in sections); the text of a block never depends on
 * what lies beyond its blank lines, but for reference links, whose labels read the same either way.
 */
export function markdownSections(text: string, size = MARKDOWN_SECTION_CHARS): string[] {
  const lines = text.split('\n');
  const sections: string[] = [];
  let start = 0;
  let offset = 0;
  let fenced = false;
  let previousBlank = false;
  for (const line of lines) {
    if (offset - start >= size && previousBlank && !fenced && /^\S/.test(line)) {
      sections.push(text.slice(start, offset));
      start = offset;
    }
    if (FENCE.test(line)) fenced = !fenced;
    previousBlank = line.trim() === '';
    offset += line.length + 1;
  }
  sections.push(text.slice(start));
  return sections;
}

/** Markdown: each top-level block as written (lists and tables keep their shape) under its headings. */
function markdownBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let headings: string[] = [];
  for (const section of markdownSections(text)) {
    for (const node of fromMarkdown(section).children) {
      if (node.type === 'heading') {
        headings = [...headings.slice(0, node.depth - 1), mdText(node).trim()].filter(Boolean);
        continue;
      }
      if (node.type === 'html' || node.type === 'definition' || node.type === 'thematicBreak') continue;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const written = start !== undefined && end !== undefined ? section.slice(start, end) : mdText(node);
      for (const paragraph of paragraphs(written)) blocks.push({ headings, text: paragraph });
    }
  }
  return blocks;
}

/** Elements whose content is never a document's text. */
const SKIPPED = new Set([
  'head',
  'title',
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
/** What may stand in a page's head: anything else ends it, as browsers read a page. */
const HEAD_CONTENT = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
]);
/** Elements that never have content or an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
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

/**
 * HTML: the visible text, a paragraph per block element, under the page's h1–h6 headings.
 *
 * Read from the tokens of parse5's streaming parser, never as a tree: building the tree of a page
 * with thousands of unclosed elements is quadratic (20 000 unclosed `<div>` held a thread 17 s)
 * and walking it recursively overflows the stack. The text needs no tree: only whether it sits in
 * a skipped element (counted per name, so no end tag searches a stack) or in a heading. So the
 * time is linear in the file, however it nests.
 */
async function htmlBlocks(text: string): Promise<TextBlock[]> {
  const blocks: TextBlock[] = [];
  let headings: string[] = [];
  let current = '';
  /** Open skipped elements by name, and how many in all. */
  const skippedOpen = new Map<string, number>();
  let skipped = 0;
  /** Whether the table row being read has had a cell (cells are parted by ` | `). */
  let rowHasCell = false;
  /** The heading being read: its level and text so far. */
  let heading: { level: number; text: string } | undefined;

  const flush = () => {
    const paragraph = current.replace(/[ \t\r\n]+/g, ' ').trim();
    current = '';
    if (paragraph) blocks.push({ headings, text: paragraph });
  };
  const endHeading = () => {
    if (!heading) return;
    const words = heading.text.replace(/\s+/g, ' ').trim();
    headings = [...headings.slice(0, heading.level - 1), words].filter(Boolean);
    heading = undefined;
  };
  const open = (tag: string) => {
    skippedOpen.set(tag, (skippedOpen.get(tag) ?? 0) + 1);
    skipped++;
  };
  const close = (tag: string) => {
    const count = skippedOpen.get(tag) ?? 0;
    if (count === 0) return;
    skippedOpen.set(tag, count - 1);
    skipped--;
  };
  const write = (words: string) => {
    if (heading) heading.text += words;
    else current += words;
  };

  const parser = new SAXParser();
  parser.on('startTag', ({ tagName: tag, selfClosing }) => {
    if ((skippedOpen.get('head') ?? 0) > 0 && !HEAD_CONTENT.has(tag)) close('head');
    if (SKIPPED.has(tag) && !selfClosing && !VOID.has(tag)) {
      open(tag);
      return;
    }
    if (skipped > 0) return;
    const level = HEADING.exec(tag)?.[1];
    if (level) {
      endHeading();
      flush();
      heading = { level: Number(level), text: '' };
      return;
    }
    if (tag === 'br') {
      write(heading ? ' ' : '\n');
      return;
    }
    // Words of neighbouring elements in a heading stay apart, as the heading's tree was read before.
    if (heading) {
      heading.text += ' ';
      return;
    }
    if (BLOCKS.has(tag)) flush();
    if (tag === 'li') current += '- ';
    if (tag === 'tr') rowHasCell = false;
    // Before the cell, not after it: a cell's end tag may be left out.
    if (tag === 'td' || tag === 'th') {
      if (rowHasCell) current += ' | ';
      rowHasCell = true;
    }
  });
  parser.on('endTag', ({ tagName: tag }) => {
    if (SKIPPED.has(tag)) {
      close(tag);
      return;
    }
    if (skipped > 0) return;
    if (HEADING.test(tag)) {
      endHeading();
      return;
    }
    if (heading) {
      heading.text += ' ';
      return;
    }
    if (BLOCKS.has(tag)) flush();
  });
  parser.on('text', ({ text: words }) => {
    if (skipped === 0) {
      write(words);
      return;
    }
    // Words in a head with no end tag are the page's first words, as browsers show them.
    if (skipped === skippedOpen.get('head') && /\S/.test(words)) {
      close('head');
      write(words);
    }
  });
  // What the parser passes through is not needed: it is dropped as it comes.
  parser.resume();
  parser.end(text);
  await finished(parser);
  endHeading();
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
      blocks = await htmlBlocks(decodeText(bytes, 'HTML'));
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
