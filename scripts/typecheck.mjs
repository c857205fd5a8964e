// Strict TypeScript over every workspace with project references (`tsc -b` on the root
// tsconfig.json): each package is checked once, with its own settings, and the projects that import
// it read its declarations (kept in .tsbuild/) instead of checking its sources again. Unchanged
// projects are skipped, so a second run takes about a second. Exits non-zero on any error.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const { status } = spawnSync('npx', ['tsc', '--build'], { cwd: root, stdio: 'inherit' });
if (status !== 0) {
  console.error('\n✖ Type errors (above).');
  process.exit(1);
}
