import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parseChangelog } from './src/features/changelog/content/parse-changelog';

const VIRTUAL_ID = 'virtual:changelog';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Bundles the product changelog (`changelog/*.md` at the repository root) into the web app as
 * validated entries: no request at run time, and an invalid entry fails the build.
 */
export function changelogPlugin(directory: string): Plugin {
  const read = () =>
    Object.fromEntries(
      readdirSync(directory)
        .filter((name) => name.endsWith('.md'))
        .map((name) => [name.replace(/\.md$/, ''), readFileSync(join(directory, name), 'utf8')]),
    );
  return {
    name: 'parley-changelog',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(directory);
      return `export default ${JSON.stringify(parseChangelog(read()))};`;
    },
  };
}
