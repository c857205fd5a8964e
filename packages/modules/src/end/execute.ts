import type { ModuleRuntime } from '../kit/module-kit';
import type { EndContent } from './schema';

export const endRuntime: ModuleRuntime<EndContent> = {
  enter(content, context) {
    const message = content.message ? context.render(content.message).trim() : '';
    if (message) context.send({ type: 'text', text: message });
    return { kind: 'end' };
  },
};
