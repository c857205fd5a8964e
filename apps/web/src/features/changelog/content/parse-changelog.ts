import { type ChangelogEntry, changelogEntrySchema } from '@parley/contracts';
import { parse as parseYaml } from 'yaml';

export class ChangelogContentError extends Error {
  override name = 'ChangelogContentError';
}

/** One changelog file: YAML front matter between `---` lines, then the Markdown body. */
export function parseChangelogFile(id: string, text: string): ChangelogEntry {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match)
    throw new ChangelogContentError(`changelog/${id}.md: missing front matter (--- title, date, … ---)`);
  let front: unknown;
  try {
    // Dates stay strings: the schema checks their format.
    front = parseYaml(match[1] ?? '', { schema: 'failsafe' });
  } catch (error) {
    throw new ChangelogContentError(`changelog/${id}.md: ${(error as Error).message}`);
  }
  const parsed = changelogEntrySchema.safeParse({ ...(front as object), id, body: (match[2] ?? '').trim() });
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`)
      .join('; ');
    throw new ChangelogContentError(`changelog/${id}.md: ${issues}`);
  }
  return parsed.data;
}

/** Every entry, newest first; a bad file stops the build with its name and what is wrong. */
export function parseChangelog(files: Record<string, string>): ChangelogEntry[] {
  return Object.entries(files)
    .map(([id, text]) => parseChangelogFile(id, text))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}
