import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

/** What the key column holds for calls made for no bot. */
const NO_BOT = '00000000-0000-0000-0000-000000000000';

export type UsagePurpose = 'completion' | 'knowledge-test' | 'agent' | 'lite-draft';

/** Counts one call's tokens into today's row of the company, bot and purpose. */
export async function recordUsage(
  db: Queryable,
  usage: {
    companyId: string;
    botId: string | null;
    purpose: UsagePurpose;
    promptTokens: number;
    completionTokens: number;
  },
): Promise<void> {
  await db
    .insertInto('llm_usage')
    .values({
      company_id: usage.companyId,
      bot_key: usage.botId ?? NO_BOT,
      day: sql<string>`current_date`,
      purpose: usage.purpose,
      calls: 1,
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'bot_key', 'day', 'purpose']).doUpdateSet({
        calls: sql`llm_usage.calls + 1`,
        prompt_tokens: sql`llm_usage.prompt_tokens + excluded.prompt_tokens`,
        completion_tokens: sql`llm_usage.completion_tokens + excluded.completion_tokens`,
      }),
    )
    .execute();
}

/** A company's usage by bot and purpose since a day (`YYYY-MM-DD`), for tests and reports. */
export async function usageOf(db: Queryable, companyId: string) {
  const rows = await db
    .selectFrom('llm_usage')
    .select(['bot_key', 'purpose', 'calls', 'prompt_tokens', 'completion_tokens'])
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((row) => ({
    botId: row.bot_key === NO_BOT ? null : row.bot_key,
    purpose: row.purpose,
    calls: row.calls,
    promptTokens: Number(row.prompt_tokens),
    completionTokens: Number(row.completion_tokens),
  }));
}
