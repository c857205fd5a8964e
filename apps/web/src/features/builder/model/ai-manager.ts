import type { Flow, FlowModule } from '@parley/flow';
import { updateModule } from './flow-edits';

export type LlmModule = Extract<FlowModule, { type: 'llm' }>;
export type LlmContent = LlmModule['content'];

export const llmModulesOf = (flow: Flow): LlmModule[] =>
  flow.modules.filter((module): module is LlmModule => module.type === 'llm');

/** Changes the same settings of several LLM modules at once (one edit: one undo step). */
export function patchLlmModules(flow: Flow, ids: string[], patch: Partial<LlmContent>): Flow {
  const chosen = new Set(ids);
  return llmModulesOf(flow)
    .filter((module) => chosen.has(module.id))
    .reduce(
      (next, module) => updateModule(next, module.id, { content: { ...module.content, ...patch } }),
      flow,
    );
}
