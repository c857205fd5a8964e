// Strict TypeScript over every workspace, each with its own compiler settings.
import { run } from './lib.mjs';

for (const project of [
  'packages/kit',
  'packages/contracts',
  'packages/modules',
  'packages/flow',
  'packages/engine',
  'packages/sdk',
  'packages/webchat',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
  'scripts',
  'scripts/architecture',
]) {
  run('npx', ['tsc', '--noEmit', '-p', project]);
}
