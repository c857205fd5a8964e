/** @jsxImportSource preact */
// The pragma keeps this file Preact when the web app (React) imports it: see apps/web widget-text.
import type { ComponentChildren } from 'preact';
import { type Inline, parseMarkdown } from './markdown';

function renderInline(nodes: Inline[]): ComponentChildren {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      default:
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

/** A bot's Markdown as elements (never as HTML). */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseMarkdown(text).map((block, index) => {
        if (block.type === 'paragraph') return <p key={index}>{renderInline(block.children)}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{renderInline(item)}</li>
            ))}
          </List>
        );
      })}
    </>
  );
}
