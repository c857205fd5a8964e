import type { PromptTestResponse, promptTestRequestSchema } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { getBot } from '../bots/bots.service';
import { NotConfiguredError } from '../conversations/engine-services';
import { renderPreview } from '../templates/preview';

/**
 * Sends an LLM module's prompts, rendered with sample values, to the provider live conversations
 * use, and answers what it wrote. Nothing is stored: it is the builder trying a prompt.
 */
export async function testPrompt(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: z.output<typeof promptTestRequestSchema>,
): Promise<PromptTestResponse> {
  await getBot(ctx, session, botId);
  // The prompts see the sample values and a conversation that ends with what the user said.
  const samples = request.variables;
  const parley = typeof samples.parley === 'object' && samples.parley !== null ? samples.parley : {};
  const variables = {
    ...samples,
    parley: {
      transcript: [{ role: 'user', utterance: request.userMessage, conversation: 1 }],
      ...parley,
    },
  };
  const system = renderPreview(request.systemPrompt, variables, 'System prompt');
  const prompt = renderPreview(request.userPrompt, variables, 'Prompt');
  const model = request.model || ctx.config.llm.defaultModel;
  const started = performance.now();
  try {
    const { text } = await ctx.conversations.engineServices.llm.complete({
      model,
      system,
      messages: [{ role: 'user', content: prompt }],
      temperature: request.temperature,
      maxTokens: request.maxTokens,
    });
    return { system, prompt, model, answer: text, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    throw modelCallError(error);
  }
}

/** A failed model call as the API names it: no model set up (503), or the provider failed (502). */
export function modelCallError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof NotConfiguredError) return new AppError('NotConfiguredException', error.message);
  return new AppError(
    'UpstreamException',
    `The model provider answered: ${error instanceof Error ? error.message : String(error)}`,
  );
}
