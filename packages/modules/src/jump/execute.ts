import type { ModuleRuntime } from '../kit/module-kit';
import type { JumpContent } from './schema';

export const jumpRuntime: ModuleRuntime<JumpContent> = {
  enter: () => ({ kind: 'continue', port: 'next' }),
};
