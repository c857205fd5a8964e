import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface EntryFront {
  version: string;
  type: string;
  visibility: 'public' | 'internal';
}

/** The changelog folder's entries (front matter only): tests count what the page should show. */
export function changelogEntries(): EntryFront[] {
  const dir = join(import.meta.dirname, '../../changelog');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parse(readFileSync(join(dir, file), 'utf8').split(/^---$/m)[1] ?? '') as EntryFront);
}
