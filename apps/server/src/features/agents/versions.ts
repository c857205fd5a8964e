import type { VersionSummary } from '@parley/contracts';
import { ConflictException } from '../../errors';

// What agents and library prompts share as versioned documents: each save is a new version.

/** 409 when someone saved since the version the caller opened (their change is not lost). */
export function refuseStaleVersion(
  what: 'agent' | 'prompt',
  current: { version: number },
  baseVersion: number,
): void {
  if (current.version !== baseVersion)
    throw new ConflictException(`This ${what} was saved by someone else since you opened it; reload it`, {
      reason: 'stale-version',
      currentVersion: current.version,
    });
}

/** A saved version as the history lists it. */
export function toVersionSummary(row: {
  version: number;
  definition: { name: string };
  created_at: Date;
  created_by_name: string;
}): VersionSummary {
  return {
    version: row.version,
    name: row.definition.name,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
  };
}
