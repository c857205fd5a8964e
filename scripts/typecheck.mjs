// Strict TypeScript over every workspace, each with its own compiler settings, as many at a time
// as the machine has cores. Exits non-zero, naming the projects, when any has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { root } from './lib.mjs';

// The largest first, so the last to finish is a small one.
const projects = [
  'apps/web',
  'apps/server',
  'e2e',
  'bench',
  'packages/webchat',
  'packages/engine',
  'packages/sdk',
  'packages/flow',
  'packages/modules',
  'packages/contracts',
  'packages/kit',
  'scripts',
  'scripts/architecture',
];

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code === 0 ? undefined : project));
  });

const waiting = [...projects];
const failed = [];
await Promise.all(
  Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let project = waiting.shift(); project; project = waiting.shift()) {
      const failure = await check(project);
      if (failure) failed.push(failure);
    }
  }),
);
if (failed.length > 0) {
  console.error(`\n✖ Type errors in ${failed.join(', ')}`);
  process.exit(1);
}
