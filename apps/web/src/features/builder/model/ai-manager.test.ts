import { starterFlow } from '@parley/flow';
import { FALLBACK_MODEL } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { llmModulesOf, patchLlmModules } from './ai-manager';
import { createBuilderStore } from './builder-store';
import { addModule } from './flow-edits';

describe('the AI Manager’s bulk edits', () => {
  it('change only the chosen LLM modules, keep their other settings, and undo in one step', () => {
    let flow = starterFlow('en');
    const ids: string[] = [];
    for (const x of [0, 300, 600]) {
      const added = addModule(flow, 'llm', { x, y: 200 });
      flow = added.flow;
      ids.push(added.id);
    }
    const store = createBuilderStore({ botId: 'b', flow, revision: 1 });
    const chosen = [ids[0] as string, ids[2] as string, 'start'];
    store
      .getState()
      .apply((current) => patchLlmModules(current, chosen, { model: 'gpt-4o', temperature: 0.2 }));
    const contents = llmModulesOf(store.getState().flow).map((module) => module.content);
    expect(contents.map((content) => [content.model, content.temperature, content.maxTokens])).toEqual([
      ['gpt-4o', 0.2, 512],
      [FALLBACK_MODEL, 0.7, 512],
      ['gpt-4o', 0.2, 512],
    ]);
    // The start module (not an LLM module) is untouched.
    expect(store.getState().flow.modules[0]).toBe(flow.modules[0]);
    store.getState().undo();
    expect(store.getState().flow).toBe(flow);
  });
});
