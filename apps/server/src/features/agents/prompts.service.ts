import type {
  AgentDefinition,
  Prompt,
  PromptDefinition,
  PromptRunResult,
  promptRunRequestSchema,
} from '@parley/contracts';
import { renderTemplate } from '@parley/engine/templating';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/database';
import { AppError, NotFoundException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { recordUsage } from '../llm/llm-usage.repository';
import { consumeLimit } from '../rate-limits/rate-limit.service';
import { authorOf } from './agents.service';
import * as prompts from './prompts.repository';
import { refuseStaleVersion, toVersionSummary } from './versions';

const FIFTEEN_MINUTES = 15 * 60_000;

export async function listPrompts(db: Db, companyId: string, search?: string) {
  return { prompts: (await prompts.listPrompts(db, companyId, search)).map(prompts.toPromptSummary) };
}

export async function getPrompt(db: Db, companyId: string, id: string): Promise<Prompt> {
  const row = await prompts.findPrompt(db, companyId, id);
  if (!row) throw new NotFoundException('Prompt not found');
  return prompts.toPrompt(row);
}

export async function createPrompt(db: Db, session: Session, definition: PromptDefinition): Promise<Prompt> {
  const row = await db
    .transaction()
    .execute((trx) => prompts.insertPrompt(trx, session.companyId, definition, authorOf(session)));
  return prompts.toPrompt(row);
}

/** Saves a new version; 409 when someone saved since `baseVersion` (their change is not lost). */
export async function savePrompt(
  db: Db,
  session: Session,
  id: string,
  change: { definition: PromptDefinition; baseVersion: number },
): Promise<Prompt> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await prompts.findPrompt(trx, session.companyId, id, { forUpdate: true });
    if (!current) throw new NotFoundException('Prompt not found');
    refuseStaleVersion('prompt', current, change.baseVersion);
    return prompts.updatePrompt(trx, current, change.definition, authorOf(session));
  });
  return prompts.toPrompt(row);
}

export async function deletePrompt(db: Db, session: Session, id: string): Promise<void> {
  if (!(await prompts.deletePrompt(db, session.companyId, id)))
    throw new NotFoundException('Prompt not found');
}

export async function listPromptVersions(db: Db, companyId: string, id: string) {
  await getPrompt(db, companyId, id);
  const rows = await prompts.listPromptVersions(db, id);
  return { versions: rows.map(toVersionSummary) };
}

export async function getPromptVersion(db: Queryable, companyId: string, id: string, version: number) {
  const row = await prompts.findPromptVersion(db, companyId, id, version);
  if (!row) throw new NotFoundException('Prompt version not found');
  return { ...toVersionSummary(row), definition: row.definition };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A test run: the version rendered with the sample values (each variable's own sample unless given),
 * sent as the system prompt with the message. The prompt is read first; nothing is held while the
 * model answers; its tokens are counted for the company like any agent's.
 */
export async function testPrompt(
  ctx: AppContext,
  session: Session,
  id: string,
  request: z.output<typeof promptRunRequestSchema>,
): Promise<PromptRunResult> {
  const { db } = ctx.database;
  const current = await getPrompt(db, session.companyId, id);
  const version = request.version ?? current.version;
  const { definition } =
    version === current.version ? current : await getPromptVersion(db, session.companyId, id, version);
  if (!ctx.config.llm.apiKey)
    throw new AppError(
      'NotConfiguredException',
      'No language model is configured for this Parley server (set OPENAI_API_KEY)',
    );
  const values = {
    ...Object.fromEntries(definition.variables.map((variable) => [variable.name, variable.sample])),
    ...request.values,
  };
  let rendered: string;
  try {
    rendered = renderTemplate(definition.template, values);
  } catch (error) {
    throw new ValidationException(`The template could not be rendered: ${messageOf(error)}`);
  }
  await consumeLimit(db, `agent-runs:company:${session.companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
  const model = request.model || ctx.config.llm.defaultModel;
  const started = performance.now();
  let answer: Awaited<ReturnType<AppContext['conversations']['engineServices']['llm']['complete']>>;
  try {
    answer = await ctx.conversations.engineServices.llm.complete({
      model,
      system: rendered,
      messages: [{ role: 'user', content: request.message }],
      temperature: 0.2,
      maxTokens: 800,
    });
  } catch (error) {
    throw new AppError('UpstreamException', `The model did not answer: ${messageOf(error)}`);
  }
  const durationMs = Math.round(performance.now() - started);
  const promptTokens = answer.usage?.promptTokens ?? 0;
  const completionTokens = answer.usage?.completionTokens ?? 0;
  if (promptTokens + completionTokens > 0)
    await recordUsage(db, {
      companyId: session.companyId,
      botId: null,
      purpose: 'agent',
      promptTokens,
      completionTokens,
    });
  return { version, rendered, reply: answer.text, model, promptTokens, completionTokens, durationMs };
}

/**
 * An agent's definition with its instructions as it runs them: the pinned version of its library
 * prompt when it has one (a prompt deleted since is said, for the turn to fail by name).
 */
export async function resolveInstructions(
  db: Queryable,
  companyId: string,
  definition: AgentDefinition,
): Promise<{ ok: true; definition: AgentDefinition } | { ok: false; reason: string }> {
  if (!definition.prompt) return { ok: true, definition };
  const row = await prompts.findPromptVersion(db, companyId, definition.prompt.id, definition.prompt.version);
  if (!row)
    return {
      ok: false,
      reason: `The prompt “${definition.prompt.name}” (version ${definition.prompt.version}) no longer exists`,
    };
  return { ok: true, definition: { ...definition, instructions: row.definition.template } };
}
