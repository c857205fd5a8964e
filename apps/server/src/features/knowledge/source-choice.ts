import type { Queryable } from '../../db/database';
import { AppError, ValidationException } from '../../errors';
import { listSourceStates, type SourceState } from './knowledge.repository';

export type { SourceState };

/** The company's sources (or one bot's) as lists to choose from show them: with their state. */
export function sourcesToChoose(db: Queryable, companyId: string, only: { botId?: string } = {}) {
  return listSourceStates(db, companyId, only);
}

/**
 * Refuses sources being chosen that cannot be searched: ids that are not the company's (or the
 * bot's, with `botId`) or are deleted, a ValidationException; sources whose file failed, a
 * KnowledgeSourceFailedException naming each with its reason. `kept`: the ids chosen before,
 * left as they are (a source that failed since does not stop a change elsewhere from saving).
 */
export async function refuseUnusableSources(
  db: Queryable,
  companyId: string,
  ids: readonly string[],
  options: { botId?: string; kept?: readonly string[]; unknownMessage: string; field: string },
): Promise<void> {
  const kept = new Set(options.kept ?? []);
  const added = [...new Set(ids)].filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const found = await listSourceStates(db, companyId, {
    ids: added,
    ...(options.botId ? { botId: options.botId } : {}),
  });
  const unknown = added.filter((id) => !found.some((source) => source.id === id));
  if (unknown.length > 0) throw new ValidationException(options.unknownMessage, { [options.field]: unknown });
  const failed = found.filter((source) => source.state === 'failed');
  if (failed.length > 0) {
    const names = failed.map((source) => `“${source.name}”`).join(', ');
    throw new AppError(
      'KnowledgeSourceFailedException',
      `${names} failed to process and cannot be searched; upload a file that works, or choose another source`,
      { sources: failed.map(({ id, name, error }) => ({ id, name, error })) },
    );
  }
}
