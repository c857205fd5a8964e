import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/** Characters that make a text Markdown worth parsing; any other text goes exactly as written. */
const MARKDOWN_SIGNS = /[*_`[\]<#>~]|^\s*(?:[-+]|\d+[.)])\s/m;

const inline = (node: Nodes): string => {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    case 'link': {
      const label = children(node, inline, '');
      // A link whose words are its address is written once.
      return label === '' || label === node.url ? node.url : `${label} (${node.url})`;
    }
    case 'image':
      return node.alt ? `${node.alt} (${node.url})` : node.url;
    default:
      return 'children' in node ? children(node, inline, '') : 'value' in node ? String(node.value) : '';
  }
};

const children = (node: Parents, each: (child: Nodes) => string, joiner: string) =>
  node.children.map((child) => each(child as Nodes)).join(joiner);

const block = (node: Nodes): string => {
  switch (node.type) {
    case 'root':
    case 'blockquote':
    case 'listItem':
      return children(node, block, '\n\n');
    case 'code':
      return node.value;
    case 'thematicBreak':
      return '———';
    case 'list':
      return node.children
        .map((item, index) => {
          const mark = node.ordered ? `${(node.start ?? 1) + index}.` : '-';
          return `${mark} ${children(item, block, '\n')}`;
        })
        .join('\n');
    default:
      return inline(node);
  }
};

/**
 * A module's Markdown as the plain text Messenger shows (it prints `**` and `[…](…)` as they
 * are): emphasis and code marks dropped, headings and lists kept as lines, and each link written
 * as its words with its address after them, so the address can still be tapped.
 */
export function plainText(markdown: string): string {
  if (!MARKDOWN_SIGNS.test(markdown)) return markdown;
  return block(fromMarkdown(markdown)).trim();
}
