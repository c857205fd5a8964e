import type { AgentLimits, ModelPrice, SpendingLimit } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AgentSettingsRow } from '../../db/tables/agent-admin.table';

/** A company's agent settings; undefined when it never saved any (the defaults apply). */
export async function findAgentSettings(
  db: Queryable,
  companyId: string,
): Promise<AgentSettingsRow | undefined> {
  return db.selectFrom('agent_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function saveAgentSettings(
  db: Queryable,
  companyId: string,
  settings: {
    defaultModel: string;
    defaultLimits: AgentLimits;
    retentionDays: number;
    currency: string;
    prices: ModelPrice[];
    spendingLimit: SpendingLimit;
  },
): Promise<void> {
  const values = {
    default_model: settings.defaultModel,
    default_limits: JSON.stringify(settings.defaultLimits),
    retention_days: settings.retentionDays,
    currency: settings.currency,
    prices: JSON.stringify(settings.prices),
    spending_limit: JSON.stringify(settings.spendingLimit),
  };
  await db
    .insertInto('agent_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** Keeps the company's checked provider (its key already sealed). */
export async function saveProvider(
  db: Queryable,
  companyId: string,
  provider: { baseUrl: string; sealedKey: string; keyHint: string; models: string[] },
): Promise<void> {
  const values = {
    provider_base_url: provider.baseUrl,
    provider_key: provider.sealedKey,
    provider_key_hint: provider.keyHint,
    provider_models: JSON.stringify(provider.models),
    provider_checked_at: sql<Date>`now()`,
  };
  await db
    .insertInto('agent_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

export async function removeProvider(db: Queryable, companyId: string): Promise<void> {
  await db
    .updateTable('agent_settings')
    .set({
      provider_base_url: null,
      provider_key: null,
      provider_key_hint: null,
      provider_models: '[]',
      provider_checked_at: null,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .execute();
}

/** The kill switch: `reason` set switches the agent off, null on again. */
export async function switchAgent(
  db: Queryable,
  companyId: string,
  agentId: string,
  off: { reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set(
      off
        ? { disabled_at: sql<Date>`coalesce(disabled_at, now())`, disabled_reason: off.reason }
        : { disabled_at: null, disabled_reason: null },
    )
    .where('company_id', '=', companyId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setAgentSpendingLimit(
  db: Queryable,
  companyId: string,
  agentId: string,
  limit: SpendingLimit,
): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set({ spending_limit: JSON.stringify(limit) })
    .where('company_id', '=', companyId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
