import type { ModuleRuntime } from '../kit/module-kit';
import type { ConditionContent } from './schema';

export const conditionRuntime: ModuleRuntime<ConditionContent> = {
  enter(content, context) {
    const branch = content.branches.find((candidate) => context.isTruthy(candidate.expression));
    return { kind: 'continue', port: branch ? `branch:${branch.id}` : 'else' };
  },
};
