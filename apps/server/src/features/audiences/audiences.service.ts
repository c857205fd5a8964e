import {
  type Audience,
  type AudienceFilter,
  type AudiencePreview,
  audienceFilterSchema,
  type SaveAudienceRequest,
} from '@parley/contracts';
import type { Db, Queryable } from '../../db/database';
import type { AudienceRow } from '../../db/tables/broadcast.table';
import { NotFoundException, ValidationException } from '../../errors';
import * as repository from './audiences.repository';
import { FOLD_BATCH, foldContactVariables } from './contact-variables.repository';

const SAMPLE_SIZE = 10;

export function toAudience(row: AudienceRow): Audience {
  return {
    id: row.id,
    name: row.name,
    filter: audienceFilterSchema.parse(row.filter),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Greater and less compare numbers: a value that is none is refused, not matched against nothing. */
export function checkFilter(filter: AudienceFilter): AudienceFilter {
  filter.conditions.forEach((condition, index) => {
    if (
      condition.field === 'variable' &&
      (condition.op === 'greaterThan' || condition.op === 'lessThan') &&
      (condition.value.trim() === '' || !Number.isFinite(Number(condition.value)))
    ) {
      throw new ValidationException('Greater than and less than compare with a number', {
        path: ['filter', 'conditions', index, 'value'],
      });
    }
  });
  return filter;
}

export async function listAudiences(db: Queryable, companyId: string) {
  return { audiences: (await repository.listAudiences(db, companyId)).map(toAudience) };
}

export async function previewAudience(
  db: Queryable,
  companyId: string,
  filter: AudienceFilter,
): Promise<AudiencePreview> {
  checkFilter(filter);
  // Few contacts that may match among many: the count and the newest ten are found among them.
  const { count, bound } = await repository.countWithBound(db, companyId, filter);
  const sample =
    count === 0 ? [] : await repository.sampleContacts(db, companyId, filter, SAMPLE_SIZE, bound);
  return { count, sample };
}

export async function createAudience(
  db: Queryable,
  companyId: string,
  userId: string,
  request: SaveAudienceRequest,
): Promise<Audience> {
  checkFilter(request.filter);
  return toAudience(
    await repository.insertAudience(db, {
      companyId,
      name: request.name,
      filter: request.filter,
      createdBy: userId,
    }),
  );
}

export async function updateAudience(
  db: Queryable,
  companyId: string,
  id: string,
  request: SaveAudienceRequest,
): Promise<Audience> {
  checkFilter(request.filter);
  const row = await repository.updateAudience(db, companyId, id, request);
  if (!row) throw new NotFoundException('Audience not found');
  return toAudience(row);
}

export async function duplicateAudience(
  db: Queryable,
  companyId: string,
  userId: string,
  id: string,
): Promise<Audience> {
  const row = await repository.findAudience(db, companyId, id);
  if (!row) throw new NotFoundException('Audience not found');
  const original = toAudience(row);
  return toAudience(
    await repository.insertAudience(db, {
      companyId,
      name: `${original.name} (copy)`.slice(0, 120),
      filter: original.filter,
      createdBy: userId,
    }),
  );
}

export async function deleteAudience(db: Queryable, companyId: string, id: string): Promise<null> {
  if (!(await repository.deleteAudience(db, companyId, id)))
    throw new NotFoundException('Audience not found');
  return null;
}

/**
 * Types the variables of every contact whose copy changed since the last fold (the job's work,
 * once a minute: see migration 0051). Answers how many stale entries it took.
 */
export async function foldStaleContactVariables(db: Db): Promise<number> {
  let taken = 0;
  for (;;) {
    const batch = await foldContactVariables(db);
    taken += batch;
    if (batch < FOLD_BATCH) return taken;
  }
}
