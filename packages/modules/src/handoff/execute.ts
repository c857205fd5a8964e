import { EVENT } from '@parley/kit';
import type { ModuleRuntime } from '../kit/module-kit';
import type { HandoffContent } from './schema';

export const handoffRuntime: ModuleRuntime<HandoffContent> = {
  enter(content, context) {
    const message = context.render(content.message).trim();
    if (message) context.send({ type: 'text', text: message });
    context.emit(EVENT.HandoffRequested, { reason: context.render(content.reason) });
    return { kind: 'handoff', resumePort: 'resume' };
  },
};
