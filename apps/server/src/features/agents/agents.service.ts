import { randomBytes } from 'node:crypto';
import {
  type Agent,
  type AgentDefinition,
  API_KEY_PREFIX,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@parley/contracts';
import type { Db, Queryable } from '../../db/database';
import { NotFoundException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { refuseUnusableSources } from '../knowledge/source-choice';
import * as agents from './agents.repository';
import * as keys from './api-keys.repository';
import { refuseStaleVersion, toVersionSummary } from './versions';

/** Who a change is by, as the history and the audit log name them (an API key by its name). */
export function authorOf(session: Session) {
  const person = `${session.user.first_name} ${session.user.last_name}`.trim();
  return {
    userId: session.userId,
    name: session.apiKey ? `${person} (API key “${session.apiKey.name}”)` : person,
  };
}

export async function getAgent(db: Db, companyId: string, id: string): Promise<Agent> {
  const row = await agents.findAgent(db, companyId, id);
  if (!row) throw new NotFoundException('Agent not found');
  return agents.toAgent(row);
}

/** The agent's knowledge sources: the company's, searchable (those it had before are kept). */
async function checkKnowledge(
  db: Queryable,
  companyId: string,
  definition: AgentDefinition,
  kept: readonly string[],
) {
  await refuseUnusableSources(db, companyId, definition.knowledgeSourceIds, {
    kept,
    unknownMessage: 'These knowledge sources do not exist',
    field: 'knowledgeSourceIds',
  });
}

export async function createAgent(
  db: Db,
  session: Session,
  definition: AgentDefinition,
  /** Sources taken as they are (a duplicate keeps its original's). */
  kept: readonly string[] = [],
): Promise<Agent> {
  await checkKnowledge(db, session.companyId, definition, kept);
  const row = await db.transaction().execute(async (trx) => {
    const created = await agents.insertAgent(trx, session.companyId, definition, authorOf(session));
    return created;
  });
  return agents.toAgent(row);
}

/** Saves a new version; 409 when someone saved since `baseVersion` (their change is not lost). */
export async function saveAgent(
  db: Db,
  session: Session,
  id: string,
  change: { definition: AgentDefinition; baseVersion: number },
): Promise<Agent> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await agents.findAgent(trx, session.companyId, id, { forUpdate: true });
    if (!current) throw new NotFoundException('Agent not found');
    refuseStaleVersion('agent', current, change.baseVersion);
    await checkKnowledge(trx, session.companyId, change.definition, current.definition.knowledgeSourceIds);
    const saved = await agents.updateAgent(trx, current, change.definition, authorOf(session));
    return saved;
  });
  return agents.toAgent(row);
}

export async function duplicateAgent(db: Db, session: Session, id: string): Promise<Agent> {
  const source = await getAgent(db, session.companyId, id);
  return createAgent(
    db,
    session,
    { ...source.definition, name: copyName(source.definition.name) },
    source.definition.knowledgeSourceIds,
  );
}

/** `Orders (copy)`, kept within the name's length. */
function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, 100 - suffix.length)}${suffix}`;
}

export async function deleteAgent(db: Db, session: Session, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await agents.findAgent(trx, session.companyId, id, { forUpdate: true });
    if (!current || !(await agents.deleteAgent(trx, session.companyId, id)))
      throw new NotFoundException('Agent not found');
  });
}

export async function listVersions(db: Db, companyId: string, id: string) {
  await getAgent(db, companyId, id);
  const rows = await agents.listVersions(db, id);
  return { versions: rows.map(toVersionSummary) };
}

export async function getVersion(db: Db, companyId: string, id: string, version: number) {
  await getAgent(db, companyId, id);
  const row = await agents.findVersion(db, id, version);
  if (!row) throw new NotFoundException('Version not found');
  return { ...toVersionSummary(row), definition: row.definition };
}

/** Makes a key: its secret is answered now and only its hash is kept. */
export async function createApiKey(
  db: Db,
  session: Session,
  request: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction().execute(async (trx) => {
    const created = await keys.insertApiKey(trx, {
      companyId: session.companyId,
      name: request.name,
      scopes: [...new Set(request.scopes)],
      secret,
      createdBy: session.userId,
      createdByName: authorOf(session).name,
    });
    return created;
  });
  return { key: keys.toApiKey(row), secret };
}

export async function listApiKeys(db: Db, companyId: string) {
  return { keys: (await keys.listApiKeys(db, companyId)).map(keys.toApiKey) };
}

export async function revokeApiKey(db: Db, session: Session, id: string) {
  const row = await db.transaction().execute(async (trx) => {
    const revoked = await keys.revokeApiKey(trx, session.companyId, id);
    if (!revoked) throw new NotFoundException('API key not found');
    return revoked;
  });
  return keys.toApiKey(row);
}

export async function listAgents(db: Db, companyId: string, search?: string) {
  return { agents: (await agents.listAgents(db, companyId, search)).map(agents.toAgentSummary) };
}
