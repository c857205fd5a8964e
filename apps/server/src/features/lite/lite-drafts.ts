import { LITE_MAX_FAQS, type LiteDraft, type liteDraftRequestSchema } from '@parley/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { modelCallError } from '../ai/ai.service';
import { recordUsage } from '../llm/llm-usage.repository';
import { consumeLimit } from '../rate-limits/rate-limit.service';

type DraftRequest = z.output<typeof liteDraftRequestSchema>;

const FIFTEEN_MINUTES = 15 * 60_000;
/** Suggested pairs when the person typed no question. */
const SUGGESTIONS = 5;

const purposes: Record<DraftRequest['purpose'], string> = {
  questions: 'answers visitors’ questions',
  leads: 'takes visitors’ contact details for the business to follow up',
  appointments: 'helps visitors book appointments',
  support: 'helps customers and hands them to a person when needed',
};

/** What the model is told: the business, the voice, and the exact JSON to answer with. */
function promptOf(request: DraftRequest): { system: string; user: string } {
  const language = request.language === 'es' ? 'Spanish' : 'English';
  const system = [
    `You write the answers of a website chatbot for a small business. The chatbot ${purposes[request.purpose]}.`,
    `Write in ${language}, in a ${request.tone} tone, in at most three short sentences per answer.`,
    'Never invent prices, addresses, phone numbers or opening hours: where one is needed, say the visitor can ask the team.',
    'Answer with JSON only, no other text: {"faqs":[{"question":"…","answer":"…"}]}.',
  ].join('\n');
  const business = `Business: ${request.businessName}${request.website ? ` (${request.website})` : ''}.`;
  const user =
    request.questions.length > 0
      ? `${business}\nAnswer each of these questions, in this order:\n${request.questions
          .map((question, index) => `${index + 1}. ${question}`)
          .join('\n')}`
      : `${business}\nSuggest the ${SUGGESTIONS} questions its visitors ask most, each with its answer (questions of at most 80 characters).`;
  return { system, user };
}

const draftedSchema = z.object({
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
});

/** Template markup would run in the bot's messages, and the answers' limits hold. */
const plain = (text: string, max: number) =>
  text
    .replace(/\{(?=[{%#])/g, '')
    .trim()
    .slice(0, max);

/** The pairs in the model's text (JSON, perhaps fenced or with words around it). */
function draftedPairs(text: string): { question: string; answer: string }[] {
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  const drafted = draftedSchema.safeParse(parsed);
  if (!drafted.success) {
    throw new AppError(
      'UpstreamException',
      'The model did not answer with questions and answers; try again',
      {
        reason: 'unreadable-draft',
      },
    );
  }
  return drafted.data.faqs;
}

/**
 * Drafts answers for the form's questions (or suggests common ones) with the configured model.
 * Nothing is stored and no database connection is held while the model writes: the company's
 * completions limit is counted before the call, its tokens after it.
 */
export async function draftAnswers(
  ctx: AppContext,
  session: Session,
  request: DraftRequest,
): Promise<LiteDraft> {
  const { db } = ctx.database;
  await consumeLimit(db, `llm-completions:company:${session.companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
  const model = ctx.config.llm.defaultModel;
  const { system, user } = promptOf(request);
  let answer: Awaited<ReturnType<AppContext['conversations']['engineServices']['llm']['complete']>>;
  try {
    answer = await ctx.conversations.engineServices.llm.complete({
      model,
      system,
      messages: [{ role: 'user', content: user }],
      temperature: 0.3,
      maxTokens: 1500,
    });
  } catch (error) {
    throw modelCallError(error);
  }
  if (answer.usage) {
    await recordUsage(db, {
      companyId: session.companyId,
      botId: null,
      purpose: 'lite-draft',
      ...answer.usage,
    });
  }
  const pairs = draftedPairs(answer.text);
  const faqs =
    request.questions.length > 0
      ? // The person's own questions stay as they typed them; the model answers them in order.
        request.questions.map((question, index) => ({
          question,
          answer: plain(pairs[index]?.answer ?? '', 1000),
        }))
      : pairs
          .map((pair) => ({ question: plain(pair.question, 80), answer: plain(pair.answer, 1000) }))
          .filter((pair) => pair.question !== '' && pair.answer !== '')
          .slice(0, LITE_MAX_FAQS);
  return { faqs, model };
}
