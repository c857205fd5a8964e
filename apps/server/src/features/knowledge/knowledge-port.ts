import type { EngineServices } from '@parley/engine';
import type { AppContext } from '../../context';
import { answerFromKnowledge } from './generative-answer';

/**
 * The engine's knowledge port for one bot's turns. The turn keeps only what the engine reads
 * (the answer, its citations and the scores), not the retrieved rows: the outcome is recorded on
 * the conversation while the turn is pending.
 */
export function knowledgePort(
  ctx: AppContext,
  scope: { companyId: string; botId: string; published: boolean },
): EngineServices['knowledge'] {
  return {
    async answer(request) {
      const run = await answerFromKnowledge(
        ctx.database.db,
        ctx.conversations.engineServices.llm,
        { ...scope, defaultModel: ctx.config.llm.defaultModel, embedder: ctx.embedder },
        request,
      );
      const { outcome, text, citations, sources, model, tokens } = run;
      return { outcome, text, citations, sources, model, ...(tokens === undefined ? {} : { tokens }) };
    },
  };
}
