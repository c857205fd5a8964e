import type { ModuleRuntime } from '../kit/module-kit';
import { applySetVariables } from '../kit/variables';
import type { SetVariableContent } from './schema';

export const setVariableRuntime: ModuleRuntime<SetVariableContent> = {
  enter(content, context) {
    applySetVariables(content.assignments, context);
    return { kind: 'continue', port: 'next' };
  },
};
