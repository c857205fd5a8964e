import { EVENT } from '@parley/kit';
import { callFailureOf } from '../kit/call-failure';
import type { ModuleRuntime } from '../kit/module-kit';
import { renderMarkdown } from '../text/links';
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
      context.emit(EVENT.LlmCompletion, { model: content.model, characters: text.length });
      return { kind: 'continue', port: 'next' };
    } catch (error) {
      const failure = callFailureOf(error);
      // The reason is for the builder and the agents (debugger, inbox); the visitor reads the
      // module's failure message, if it has one.
      context.emit(EVENT.LlmFailed, {
        model: content.model,
        error: failure.message,
        reason: failure.reason,
        ...(failure.status !== undefined ? { status: failure.status } : {}),
      });
      const apology = renderMarkdown(content.failureMessage, context.render).trim();
      if (apology) context.send({ type: 'text', text: apology });
      return { kind: 'continue', port: 'failure', failure };
    }
  },
};
