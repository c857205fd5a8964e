import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookInstanceRequest,
  createWebhookInstanceRequestSchema,
  type SaveWebhookTemplateRequest,
  saveWebhookTemplateRequestSchema,
  type TestWebhookInstanceRequest,
  testWebhookInstanceRequestSchema,
  type UpdateWebhookInstanceRequest,
  updateWebhookInstanceRequestSchema,
  type WebhookCallResult,
  type WebhookCategory,
  type WebhookField,
  type WebhookHealth,
  type WebhookInstance,
  type WebhookInstanceListQuery,
  type WebhookInstanceSummary,
  type WebhookTemplate,
  type WebhookTemplateDefinition,
  type WebhookTemplateList,
  type WebhookTemplateListQuery,
  type WebhookTemplateSummary,
  webhookCategories,
  webhookInstanceListQuerySchema,
} from '@parley/contracts';
import { callFailureOf } from '@parley/engine';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { SealedField, WebhookTemplateRow } from '../../db/tables/webhook.table';
import { ForbiddenException, NotFoundException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { secretHint } from '../../sealed-secrets';
import { findCompany } from '../companies/companies.repository';
import { definitionIn } from './catalogue-words';
import { renderWebhookRequest } from './render-request';
import { deliverToInstance, secretBinding, signingBinding } from './webhook-delivery';
import * as repository from './webhooks.repository';

const DAY_MS = 24 * 3600_000;

const isStaff = (session: Session) => session.user.company_type === 'Internal';
const reachOf = (session: Session): repository.TemplateReach => ({
  companyId: session.companyId,
  staff: isStaff(session),
});

function summaryOf(row: WebhookTemplateRow, session: Session, language?: string): WebhookTemplateSummary {
  const { name, summary } = definitionIn(row.slug, row.definition, language);
  return {
    id: row.id,
    name,
    summary,
    category: row.category as WebhookCategory,
    visibility: row.company_id === null ? 'public' : 'private',
    companyId: row.company_id,
    builtIn: row.built_in,
    version: row.version,
    editable: isStaff(session) || row.company_id === session.companyId,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The request with every field at its example (bot fields as the templates they are). */
function exampleOf(definition: WebhookTemplateDefinition) {
  const fields = Object.fromEntries(definition.fields.map((field) => [field.key, field.example]));
  try {
    return { exampleRequest: renderWebhookRequest(definition, fields), exampleError: null };
  } catch (error) {
    return { exampleRequest: null, exampleError: callFailureOf(error).message };
  }
}

function templateOf(row: WebhookTemplateRow, session: Session, language?: string): WebhookTemplate {
  return {
    ...summaryOf(row, session, language),
    definition: definitionIn(row.slug, row.definition, language),
    ...exampleOf(row.definition),
  };
}

export async function listTemplates(
  db: Queryable,
  session: Session,
  query: WebhookTemplateListQuery,
): Promise<WebhookTemplateList> {
  const { rows, categories } = await repository.listTemplates(db, reachOf(session), query);
  const counts = new Map(categories.map((entry) => [entry.category, entry.count]));
  return {
    templates: rows.map((row) => summaryOf(row, session, query.language)),
    categories: webhookCategories.map((category) => ({ category, count: counts.get(category) ?? 0 })),
  };
}

async function visibleTemplate(db: Queryable, session: Session, id: string): Promise<WebhookTemplateRow> {
  const row = await repository.findTemplate(db, reachOf(session), id);
  if (!row) throw new NotFoundException('Webhook template not found');
  return row;
}

/** One template; with `language`, the built-in catalogue's words in it (its editor reads it as written). */
export async function getTemplate(
  db: Queryable,
  session: Session,
  id: string,
  language?: string,
): Promise<WebhookTemplate> {
  return templateOf(await visibleTemplate(db, session, id), session, language);
}

/**
 * The company a saved template belongs to (null: public). Parley staff write public templates and
 * private ones for any company; everyone else writes their own company's private templates.
 */
async function ownerOf(db: Queryable, session: Session, request: SaveWebhookTemplateRequest) {
  const staff = isStaff(session);
  if (request.visibility === 'public') {
    if (!staff) throw new ForbiddenException('Only Parley staff may publish templates to every company');
    return null;
  }
  const companyId = request.companyId ?? session.companyId;
  if (companyId !== session.companyId) {
    if (!staff) throw new ForbiddenException('A template can be private to your own company only');
    if (!(await findCompany(db, companyId))) throw new NotFoundException('Company not found');
  }
  return companyId;
}

export async function createTemplate(
  db: Queryable,
  session: Session,
  body: SaveWebhookTemplateRequest,
): Promise<WebhookTemplate> {
  const request = saveWebhookTemplateRequestSchema.parse(body);
  const companyId = await ownerOf(db, session, request);
  const row = await repository.insertTemplate(db, {
    companyId,
    definition: request.definition,
    createdBy: session.userId,
  });
  return templateOf(row, session);
}

export async function updateTemplate(
  db: Queryable,
  session: Session,
  id: string,
  body: SaveWebhookTemplateRequest,
): Promise<WebhookTemplate> {
  const existing = await visibleTemplate(db, session, id);
  if (!summaryOf(existing, session).editable)
    throw new ForbiddenException('Only Parley staff may change a public template');
  const request = saveWebhookTemplateRequestSchema.parse(body);
  const companyId = await ownerOf(db, session, request);
  const row = await repository.updateTemplate(db, id, { companyId, definition: request.definition });
  if (!row) throw new NotFoundException('Webhook template not found');
  return templateOf(row, session);
}

const emptyHealth: WebhookHealth = {
  deliveries: 0,
  succeeded: 0,
  successRate: null,
  p95Ms: null,
  lastDeliveryAt: null,
  lastOk: null,
};

function healthOf(row: repository.HealthRow | undefined): WebhookHealth {
  if (!row) return emptyHealth;
  return {
    deliveries: row.deliveries,
    succeeded: row.succeeded,
    successRate: row.deliveries === 0 ? null : row.succeeded / row.deliveries,
    p95Ms: row.p95_ms,
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
    lastOk: row.last_ok,
  };
}

function instanceSummaryOf(
  row: repository.InstanceWithTemplate,
  health: repository.HealthRow | undefined,
): WebhookInstanceSummary {
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    templateName: row.template_name,
    category: row.template_category as WebhookCategory,
    asynchronous: row.asynchronous,
    health: healthOf(health),
    createdAt: row.created_at.toISOString(),
  };
}

const healthSince = (days = 7) => new Date(Date.now() - days * DAY_MS);

/** An instance as screens see it: its fields (secrets by their hint only) and its template. */
function instanceOf(
  ctx: AppContext,
  row: repository.InstanceWithTemplate,
  health: repository.HealthRow | undefined,
): WebhookInstance {
  const fields: WebhookInstance['fields'] = {};
  for (const field of row.template_definition.fields) {
    if (field.scope !== 'instance') continue;
    const sealed = row.secrets[field.key];
    if (field.secret) {
      if (sealed) fields[field.key] = { secret: true, secretHint: sealed.hint };
    } else if (row.fields[field.key] !== undefined) {
      fields[field.key] = { secret: false, value: row.fields[field.key] ?? '' };
    }
  }
  return {
    ...instanceSummaryOf(row, health),
    template: row.template_definition,
    fields,
    signingSecretHint: secretHint(ctx.secrets.open(row.signing_secret, signingBinding(row.id))),
  };
}

/** The company's instances whole: the builder's webhook module offers them with their fields. */
export async function listInstances(
  ctx: AppContext,
  companyId: string,
  query: WebhookInstanceListQuery = {},
) {
  const { days } = webhookInstanceListQuerySchema.parse(query);
  const db = ctx.database.db;
  const rows = await repository.listInstances(db, companyId);
  const health = await repository.instanceHealth(
    db,
    companyId,
    rows.map((row) => row.id),
    healthSince(days),
  );
  const byId = new Map(health.map((row) => [row.instance_id, row]));
  return { instances: rows.map((row) => instanceOf(ctx, row, byId.get(row.id))) };
}

async function ownInstance(db: Queryable, companyId: string, id: string) {
  const row = await repository.findInstance(db, companyId, id);
  if (!row) throw new NotFoundException('Webhook not found');
  return row;
}

export async function getInstance(ctx: AppContext, companyId: string, id: string): Promise<WebhookInstance> {
  const db = ctx.database.db;
  const row = await ownInstance(db, companyId, id);
  const [health] = await repository.instanceHealth(db, companyId, [id], healthSince());
  return instanceOf(ctx, row, health);
}

/** Why a value does not suit its field, or null. */
function fieldProblem(field: WebhookField, value: string): string | null {
  if (field.type === 'url') {
    const url = URL.parse(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return 'Enter an http or https address';
  }
  if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Enter an email address';
  if (field.type === 'number' && !Number.isFinite(Number(value))) return 'Enter a number';
  return null;
}

/**
 * The instance's fields after a change: plain ones as given, secret ones sealed (a secret left out
 * keeps its stored value). Every problem is reported at once, by field.
 */
function sealedFields(
  ctx: AppContext,
  instanceId: string,
  definition: WebhookTemplateDefinition,
  given: Record<string, string>,
  before: { fields: Record<string, string>; secrets: Record<string, SealedField> },
) {
  const fields: Record<string, string> = {};
  const secrets: Record<string, SealedField> = {};
  const problems: Record<string, string> = {};
  const instanceFields = definition.fields.filter((field) => field.scope === 'instance');
  for (const key of Object.keys(given)) {
    if (!instanceFields.some((field) => field.key === key)) problems[key] = 'The template has no such field';
  }
  for (const field of instanceFields) {
    const value = given[field.key]?.trim();
    if (field.secret) {
      const stored = before.secrets[field.key];
      if (value)
        secrets[field.key] = {
          sealed: ctx.secrets.seal(value, secretBinding(instanceId, field.key)),
          hint: secretHint(value),
        };
      else if (value === undefined && stored) secrets[field.key] = stored;
    } else {
      const kept = value ?? before.fields[field.key];
      if (kept) fields[field.key] = kept;
    }
    const present = field.secret ? secrets[field.key] !== undefined : fields[field.key] !== undefined;
    if (!present && field.required) problems[field.key] = 'Required';
    const plain = field.secret ? value : fields[field.key];
    const problem = plain ? fieldProblem(field, plain) : null;
    if (problem) problems[field.key] = problem;
  }
  if (Object.keys(problems).length > 0)
    throw new ValidationException('Some fields need attention', { fields: problems });
  return { fields, secrets };
}

const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export async function createInstance(
  ctx: AppContext,
  session: Session,
  body: CreateWebhookInstanceRequest,
): Promise<WebhookInstance> {
  const request = createWebhookInstanceRequestSchema.parse(body);
  const db = ctx.database.db;
  const template = await visibleTemplate(db, session, request.templateId);
  const id = randomUUID();
  const { fields, secrets } = sealedFields(ctx, id, template.definition, request.fields, {
    fields: {},
    secrets: {},
  });
  await repository.insertInstance(db, {
    id,
    companyId: session.companyId,
    templateId: template.id,
    name: request.name,
    fields,
    secrets,
    signingSecret: ctx.secrets.seal(request.signingSecret ?? newSigningSecret(), signingBinding(id)),
    asynchronous: request.asynchronous,
    createdBy: session.userId,
  });
  return getInstance(ctx, session.companyId, id);
}

export async function updateInstance(
  ctx: AppContext,
  companyId: string,
  id: string,
  body: UpdateWebhookInstanceRequest,
): Promise<WebhookInstance> {
  const request = updateWebhookInstanceRequestSchema.parse(body);
  const db = ctx.database.db;
  const row = await ownInstance(db, companyId, id);
  const { fields, secrets } = sealedFields(ctx, id, row.template_definition, request.fields ?? {}, row);
  await repository.updateInstance(db, companyId, id, {
    name: request.name ?? row.name,
    fields,
    secrets,
    signingSecret: request.signingSecret
      ? ctx.secrets.seal(request.signingSecret, signingBinding(id))
      : row.signing_secret,
    asynchronous: request.asynchronous ?? row.asynchronous,
  });
  return getInstance(ctx, companyId, id);
}

export async function deleteInstance(db: Queryable, companyId: string, id: string): Promise<null> {
  if (!(await repository.deleteInstance(db, companyId, id))) throw new NotFoundException('Webhook not found');
  return null;
}

/** Calls the instance with a sample conversation; the delivery is logged as a test. */
export async function testInstance(
  ctx: AppContext,
  companyId: string,
  id: string,
  body: TestWebhookInstanceRequest,
): Promise<WebhookCallResult> {
  const request = testWebhookInstanceRequestSchema.parse(body);
  const row = await ownInstance(ctx.database.db, companyId, id);
  return deliverToInstance(ctx, row, request, { kind: 'test' });
}
