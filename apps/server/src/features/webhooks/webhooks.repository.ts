import type { WebhookTemplateDefinition, WebhookTemplateListQuery } from '@parley/contracts';
import { type Insertable, sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type {
  SealedField,
  WebhookDeliveryTable,
  WebhookInstanceRow,
  WebhookTemplateRow,
} from '../../db/tables/webhook.table';
import type { BuiltInTemplate } from './catalogue';

/** Which templates a caller sees: public ones and their company's; Parley staff see every one. */
export type TemplateReach = { companyId: string; staff: boolean };

/**
 * Brings the built-in templates up to date: adds new ones, replaces a stored one whose version is
 * older (a staff edit raises the stored version, so a staff edit outlives the release it was made
 * on until the catalogue's version passes it).
 */
export async function syncBuiltInTemplates(
  db: Queryable,
  templates: readonly BuiltInTemplate[],
): Promise<void> {
  for (const template of templates) {
    await db
      .insertInto('webhook_templates')
      .values({
        slug: template.slug,
        built_in: true,
        version: template.version,
        company_id: null,
        name: template.definition.name,
        category: template.definition.category,
        definition: JSON.stringify(template.definition),
        created_by: null,
      })
      .onConflict((conflict) =>
        conflict
          .column('slug')
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            name: eb.ref('excluded.name'),
            category: eb.ref('excluded.category'),
            definition: eb.ref('excluded.definition'),
            updated_at: sql<Date>`now()`,
          }))
          .where('webhook_templates.version', '<', (eb) => eb.ref('excluded.version')),
      )
      .execute();
  }
}

function visibleTo(reach: TemplateReach) {
  return reach.staff
    ? sql<boolean>`true`
    : sql<boolean>`(company_id is null or company_id = ${reach.companyId})`;
}

/** The templates a caller sees, searched by name and summary; categories counted before filtering. */
export async function listTemplates(db: Queryable, reach: TemplateReach, query: WebhookTemplateListQuery) {
  let base = db.selectFrom('webhook_templates').where(visibleTo(reach));
  if (query.search) {
    const pattern = containsPattern(query.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(name)`, 'like', pattern),
        eb(sql<string>`lower(definition->>'summary')`, 'like', pattern),
      ]),
    );
  }
  const categories = await base
    .select(['category', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('category')
    .execute();
  const rows = await (query.category ? base.where('category', '=', query.category) : base)
    .selectAll()
    .orderBy('built_in', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return {
    rows,
    categories: categories.map((row) => ({ category: row.category, count: Number(row.count) })),
  };
}

export async function findTemplate(
  db: Queryable,
  reach: TemplateReach,
  id: string,
): Promise<WebhookTemplateRow | undefined> {
  return db
    .selectFrom('webhook_templates')
    .selectAll()
    .where('id', '=', id)
    .where(visibleTo(reach))
    .executeTakeFirst();
}

export async function insertTemplate(
  db: Queryable,
  template: { companyId: string | null; definition: WebhookTemplateDefinition; createdBy: string },
): Promise<WebhookTemplateRow> {
  return db
    .insertInto('webhook_templates')
    .values({
      slug: null,
      company_id: template.companyId,
      name: template.definition.name,
      category: template.definition.category,
      definition: JSON.stringify(template.definition),
      created_by: template.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(
  db: Queryable,
  id: string,
  template: { companyId: string | null; definition: WebhookTemplateDefinition },
): Promise<WebhookTemplateRow | undefined> {
  return db
    .updateTable('webhook_templates')
    .set((eb) => ({
      company_id: template.companyId,
      name: template.definition.name,
      category: template.definition.category,
      definition: JSON.stringify(template.definition),
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface InstanceWithTemplate extends WebhookInstanceRow {
  template_name: string;
  template_category: string;
  template_definition: WebhookTemplateDefinition;
}

function instancesOf(db: Queryable, companyId: string) {
  return db
    .selectFrom('webhook_instances as i')
    .innerJoin('webhook_templates as t', 't.id', 'i.template_id')
    .selectAll('i')
    .select([
      't.name as template_name',
      't.category as template_category',
      't.definition as template_definition',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.deleted_at', 'is', null);
}

export async function listInstances(db: Queryable, companyId: string): Promise<InstanceWithTemplate[]> {
  return instancesOf(db, companyId).orderBy('i.created_at', 'desc').orderBy('i.id').execute();
}

/**
 * One instance of the company, with its template. Read for every call of an installed webhook, so
 * written as SQL text: building and compiling the query builder's form of it took more of a
 * turn's CPU than the read's own round trip.
 */
export async function findInstance(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<InstanceWithTemplate | undefined> {
  const { rows } = await sql<InstanceWithTemplate>`
    select i.*, t.name as template_name, t.category as template_category,
           t.definition as template_definition
    from webhook_instances i join webhook_templates t on t.id = i.template_id
    where i.id = ${id} and i.company_id = ${companyId} and i.deleted_at is null`.execute(db);
  return rows[0];
}

export async function insertInstance(
  db: Queryable,
  instance: {
    id: string;
    companyId: string;
    templateId: string;
    name: string;
    fields: Record<string, string>;
    secrets: Record<string, SealedField>;
    signingSecret: string;
    asynchronous: boolean;
    createdBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('webhook_instances')
    .values({
      id: instance.id,
      company_id: instance.companyId,
      template_id: instance.templateId,
      name: instance.name,
      fields: JSON.stringify(instance.fields),
      secrets: JSON.stringify(instance.secrets),
      signing_secret: instance.signingSecret,
      asynchronous: instance.asynchronous,
      created_by: instance.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateInstance(
  db: Queryable,
  companyId: string,
  id: string,
  changes: {
    name: string;
    fields: Record<string, string>;
    secrets: Record<string, SealedField>;
    signingSecret: string;
    asynchronous: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_instances')
    .set({
      name: changes.name,
      fields: JSON.stringify(changes.fields),
      secrets: JSON.stringify(changes.secrets),
      signing_secret: changes.signingSecret,
      asynchronous: changes.asynchronous,
      updated_at: sql<Date>`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteInstance(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_instances')
    .set({ deleted_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface HealthRow {
  instance_id: string;
  deliveries: number;
  succeeded: number;
  p95_ms: number | null;
  last_delivery_at: Date | null;
  last_ok: boolean | null;
}

/**
 * Each instance's deliveries since `since`: how many, how many succeeded, p95 time, the latest.
 * Per instance, from the instance index alone (it carries `ok` and `duration_ms`, migration 0030).
 */
export async function instanceHealth(
  db: Queryable,
  companyId: string,
  instanceIds: readonly string[],
  since: Date,
): Promise<HealthRow[]> {
  if (instanceIds.length === 0) return [];
  const result = await sql<HealthRow>`
    select i.id as instance_id, s.deliveries, s.succeeded, s.p95_ms,
           latest.created_at as last_delivery_at, latest.ok as last_ok
    from unnest(${[...instanceIds]}::uuid[]) as i (id)
    cross join lateral (
      select count(*)::int as deliveries, (count(*) filter (where d.ok))::int as succeeded,
             percentile_cont(0.95) within group (order by d.duration_ms) as p95_ms
      from webhook_deliveries d
      where d.company_id = ${companyId} and d.instance_id = i.id and d.created_at >= ${since}) as s
    left join lateral (
      select d.created_at, d.ok from webhook_deliveries d
      where d.company_id = ${companyId} and d.instance_id = i.id and d.created_at >= ${since}
      order by d.created_at desc, d.id desc limit 1) as latest on true
    where s.deliveries > 0`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    p95_ms: row.p95_ms === null ? null : Math.round(Number(row.p95_ms)),
    last_delivery_at: row.last_delivery_at === null ? null : new Date(row.last_delivery_at),
  }));
}

export type NewDelivery = Insertable<WebhookDeliveryTable>;

export async function insertDelivery(db: Queryable, delivery: NewDelivery): Promise<string> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values(delivery)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A live turn's delivery, its id decided before the call, logged with the turn's write. */
export type TurnDelivery = NewDelivery & { id: string };

/**
 * Logs live turns' deliveries as a data-modifying part of the statement that stores their turns
 * (see persistTurns): it runs whether or not a turn lands, in the turn's own commit. A delivery
 * already logged (by `insertTurnDeliveries`, when its turn did not get to its write) stays as it is.
 */
export function turnDeliveriesInsert(deliveries: readonly TurnDelivery[]) {
  return sql`insert into webhook_deliveries (id, company_id, instance_id, bot_id, conversation_id,
      module_id, kind, replay_of, retry_of, attempt, input, request, ok, status, duration_ms,
      response_body, failure_reason, failure_message)
    select d.id, d.company_id, d.instance_id, d.bot_id, d.conversation_id, d.module_id, d.kind,
      d.replay_of, d.retry_of, coalesce(d.attempt, 1), d.input::jsonb, d.request::jsonb, d.ok, d.status,
      coalesce(d.duration_ms, 0), coalesce(d.response_body, ''), d.failure_reason, d.failure_message
    from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as d(id uuid, company_id uuid,
      instance_id uuid, bot_id uuid, conversation_id uuid, module_id text, kind text, replay_of uuid,
      retry_of uuid, attempt int, input text, request text, ok boolean, status int, duration_ms int,
      response_body text, failure_reason text, failure_message text)
    on conflict do nothing`;
}

/** Logs live turns' deliveries on their own (their turn stopped before its write). */
export async function insertTurnDeliveries(
  db: Queryable,
  deliveries: readonly TurnDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values([...deliveries])
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Writes an attempt's row before its call; false when that attempt's row exists already. */
export async function claimDelivery(db: Queryable, delivery: NewDelivery): Promise<boolean> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values(delivery)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claimed attempt's row what came back. */
export async function finishDelivery(db: Queryable, delivery: NewDelivery & { id: string }): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      ok: delivery.ok,
      status: delivery.status ?? null,
      duration_ms: delivery.duration_ms ?? 0,
      response_body: delivery.response_body ?? '',
      failure_reason: delivery.failure_reason ?? null,
      failure_message: delivery.failure_message ?? null,
    })
    .where('id', '=', delivery.id)
    .where('company_id', '=', delivery.company_id)
    .execute();
}

/** A page of the delivery log: keyset by (created_at, id), newest first. */
export interface DeliveryFilters {
  instanceId?: string | undefined;
  botId?: string | undefined;
  conversationId?: string | undefined;
  ok?: boolean | undefined;
  kind?: 'live' | 'test' | 'replay' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
  /** The last row of the previous page: its created_at (as the database prints it) and id. */
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
}

function deliveryRows(db: Queryable, companyId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_instances as i', 'i.id', 'd.instance_id')
    .leftJoin('bots as b', 'b.id', 'd.bot_id')
    .select([
      'd.id',
      'd.created_at',
      sql<string>`d.created_at::text`.as('created_key'),
      'd.instance_id',
      'i.name as instance_name',
      'd.bot_id',
      'b.name as bot_name',
      'd.conversation_id',
      'd.module_id',
      'd.kind',
      'd.replay_of',
      'd.retry_of',
      'd.attempt',
      'd.ok',
      'd.status',
      'd.duration_ms',
      sql<string>`d.request->>'method'`.as('method'),
      sql<string>`d.request->>'url'`.as('url'),
      'd.failure_reason',
      'd.failure_message',
    ])
    .where('d.company_id', '=', companyId);
}
export type DeliveryListRow = Awaited<ReturnType<ReturnType<typeof deliveryRows>['executeTakeFirstOrThrow']>>;

/** The company's deliveries matching the filters, newest first; one more than `limit` (more follow). */
export async function listDeliveries(
  db: Queryable,
  companyId: string,
  filters: DeliveryFilters,
): Promise<DeliveryListRow[]> {
  let query = deliveryRows(db, companyId);
  if (filters.instanceId) query = query.where('d.instance_id', '=', filters.instanceId);
  if (filters.botId) query = query.where('d.bot_id', '=', filters.botId);
  if (filters.conversationId) query = query.where('d.conversation_id', '=', filters.conversationId);
  if (filters.ok !== undefined) query = query.where('d.ok', '=', filters.ok);
  if (filters.kind) query = query.where('d.kind', '=', filters.kind);
  if (filters.from) query = query.where('d.created_at', '>=', filters.from);
  if (filters.to) query = query.where('d.created_at', '<', filters.to);
  if (filters.search) query = query.where('d.search', 'like', containsPattern(filters.search.toLowerCase()));
  const { after } = filters;
  if (after)
    query = query.where(
      (eb) => eb.refTuple('d.created_at', 'd.id'),
      '<',
      (eb) => eb.tuple(sql<Date>`${after.createdAt}::timestamptz`, sql<string>`${after.id}::uuid`),
    );
  return query
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(filters.limit + 1)
    .execute();
}

/** One delivery of the company, whole (what was sent and what came back, and what it was made from). */
export async function findDelivery(db: Queryable, companyId: string, id: string) {
  return deliveryRows(db, companyId)
    .select(['d.request', 'd.response_body', 'd.input'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The attempts of a delivery's group (its first and every retry), and its replays. */
export async function relatedDeliveries(db: Queryable, companyId: string, id: string, firstId: string) {
  const attempts = await deliveryRows(db, companyId)
    // The attempt index's own expression: read from it.
    .where(sql<string>`coalesce(d.retry_of, d.id)`, '=', firstId)
    .orderBy('d.attempt')
    .execute();
  const replays = await deliveryRows(db, companyId)
    .where('d.replay_of', '=', id)
    .orderBy('d.created_at', 'desc')
    .limit(50)
    .execute();
  return { attempts, replays };
}
