import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';

/**
 * A directory made once per machine (a template the tests copy): `make` fills a directory beside
 * it, renamed into place when whole, so a suite starting meanwhile copies a whole one or makes its
 * own, and the first to finish wins.
 */
export async function directoryMadeOnce(
  path: string,
  make: (building: string) => Promise<void>,
): Promise<string> {
  if (existsSync(path)) return path;
  const building = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await make(building);
  try {
    renameSync(building, path);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return path;
}
