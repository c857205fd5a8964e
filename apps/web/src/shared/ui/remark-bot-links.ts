import { linkSegments } from '@parley/kit/links';
import type { Parent, Root, RootContent } from 'mdast';

/** Node types whose text is never made into links: links already, and code. */
const KEEP = new Set(['link', 'linkReference', 'inlineCode', 'code', 'html']);

function linkify(parent: Parent): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      for (const segment of linkSegments(child.value)) {
        children.push(
          segment.type === 'text'
            ? { type: 'text', value: segment.text }
            : { type: 'link', url: segment.href, children: [{ type: 'text', value: segment.label }] },
        );
      }
      continue;
    }
    if (!KEEP.has(child.type) && 'children' in child) linkify(child);
    children.push(child);
  }
  parent.children = children;
}

/**
 * A remark plugin: the bare addresses and autolinks of a bot's message become links by the rule the
 * widget uses too (`@parley/kit/links`), so the inbox, the debugger and the SDK page link a
 * text exactly as the visitor saw it.
 */
export function remarkBotLinks() {
  return (tree: Root) => linkify(tree);
}
