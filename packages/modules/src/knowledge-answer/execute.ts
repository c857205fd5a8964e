import type { BotMessage } from '@parley/kit';
import { EVENT } from '@parley/kit';
import { callFailureOf } from '../kit/call-failure';
import type { ModuleRuntime } from '../kit/module-kit';
import { renderMarkdown } from '../text/links';
import type { KnowledgeAnswerContent } from './schema';

export const knowledgeAnswerRuntime: ModuleRuntime<KnowledgeAnswerContent> = {
  async enter(content, context) {
    const question = context.render(content.question).trim();
    try {
      const answer = await context.knowledge(question);
      const { outcome, sources, model, tokens } = answer;
      context.emit(EVENT.KnowledgeAnswer, {
        question,
        outcome,
        sources,
        model,
        ...(tokens === undefined ? {} : { tokens }),
      });
      const text = answer.text.trim();
      if (outcome !== 'answered' || !text) return { kind: 'continue', port: 'no_match' };
      if (content.resultVariable) context.setVariable(content.resultVariable, text);
      if (content.sendAsMessage) {
        const message: BotMessage = {
          type: 'text',
          text,
          ...(answer.citations.length > 0 ? { citations: answer.citations } : {}),
        };
        context.send(message);
      }
      return { kind: 'continue', port: 'answered' };
    } catch (error) {
      const failure = callFailureOf(error);
      context.emit(EVENT.KnowledgeAnswer, {
        question,
        outcome: 'failed',
        sources: [],
        error: failure.message,
      });
      const apology = renderMarkdown(content.failureMessage, context.render).trim();
      if (apology) context.send({ type: 'text', text: apology });
      return { kind: 'continue', port: 'failure', failure };
    }
  },
};
