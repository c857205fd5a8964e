import type { ModuleRuntime } from '../kit/module-kit';
import type { DelayContent } from './schema';

export const delayRuntime: ModuleRuntime<DelayContent> = {
  enter: (content) => ({ kind: 'delay', seconds: content.seconds, port: 'next' }),
};
