// `npm start`: install what is missing, build, then run Parley (migrations and the demo seed run at start).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureDependencies, ensureNodeRuntime, root } from './lib.mjs';

await ensureNodeRuntime();

ensureDependencies();
build();

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
