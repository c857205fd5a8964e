import type { ModuleRuntime } from '../kit/module-kit';
import type { LlmContent } from './schema';

export const llmRuntime: ModuleRuntime<LlmContent> = {
  async enter(content, context) {
    const system = context.render(content.systemPrompt);
    const prompt = context.render(content.userPrompt);
    try {
      const { text } = await context.llm({
        model: content.model,
        system,
        messages: [{ role: 'user', content: prompt }],
        temperature: content.temperature,
        maxTokens: content.maxTokens,
      });
      if (content.resultVariable) context.setVariable(content.resultVariable, text);
      if (content.sendAsMessage && text.trim()) context.send({ type: 'text', text: text.trim() });
      context.emit('LLM Completion', { model: content.model, characters: text.length });
      return { kind: 'continue', port: 'next' };
    } catch (error) {
      context.emit('LLM Failed', {
        model: content.model,
        error: error instanceof Error ? error.message : String(error),
      });
      return { kind: 'continue', port: 'failure' };
    }
  },
};
