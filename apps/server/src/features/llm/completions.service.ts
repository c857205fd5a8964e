import type { CompletionResponse, completionRequestSchema } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFoundException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { modelCallError } from '../ai/ai.service';
import { findBot } from '../bots/bots.repository';
import { consumeLimit } from '../rate-limits/rate-limit.service';
import { recordUsage } from './llm-usage.repository';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Completes a prompt for the caller's company (spec §7): counted against the company's limit
 * before the call, its tokens counted under the company and the bot after it.
 */
export async function complete(
  ctx: AppContext,
  session: Session,
  request: z.output<typeof completionRequestSchema>,
): Promise<CompletionResponse> {
  const { db } = ctx.database;
  if (request.botId && !(await findBot(db, session.companyId, request.botId)))
    throw new NotFoundException('Bot not found');
  await consumeLimit(db, `llm-completions:company:${session.companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
  const model = request.model || ctx.config.llm.defaultModel;
  const started = performance.now();
  let answer: Awaited<ReturnType<AppContext['conversations']['engineServices']['llm']['complete']>>;
  try {
    answer = await ctx.conversations.engineServices.llm.complete({
      model,
      system: '',
      messages: [{ role: 'user', content: request.prompt }],
      temperature: request.temperature,
      maxTokens: request.maxTokens,
    });
  } catch (error) {
    throw modelCallError(error);
  }
  const durationMs = Math.round(performance.now() - started);
  if (answer.usage) {
    await recordUsage(db, {
      companyId: session.companyId,
      botId: request.botId ?? null,
      purpose: 'completion',
      ...answer.usage,
    });
  }
  return { text: answer.text, model, usage: answer.usage ?? null, durationMs };
}
