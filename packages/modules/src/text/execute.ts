import type { ModuleRuntime } from '../kit/module-kit';
import { renderMarkdown } from './links';
import type { TextContent } from './schema';

export const textRuntime: ModuleRuntime<TextContent> = {
  enter(content, context) {
    const text = renderMarkdown(content.text, context.render).trim();
    // A template that renders to nothing sends nothing (no empty bubbles).
    if (text) context.send({ type: 'text', text });
    return { kind: 'continue', port: 'next' };
  },
};
