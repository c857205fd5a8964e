// `npm run bench`: every benchmark under bench/ (or those named, see `only`), each printing JSON. Never part of `npm test`.
// Each is bundled as the server is (workspace code inlined, npm packages external), then run on
// one core, as the targets are stated (unless a bench says `@bench-cores all`).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleTypeScript, ensureDependencies, ensureNodeRuntime, root, run } from './lib.mjs';

await ensureNodeRuntime();

ensureDependencies();
// `npm run bench -- chat` runs only the benches whose file name contains "chat".
const only = process.argv[2] ?? '';
const outdir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
try {
  for (const file of readdirSync(join(root, 'bench'))
    .filter((name) => name.endsWith('.bench.ts') && name.includes(only))
    .sort()) {
    const outfile = join(root, 'bench', `.${file.replace(/\.ts$/, '.mjs')}`);
    await bundleTypeScript(join(root, 'bench', file), outfile);
    console.log(`› bench/${file}`);
    // Most targets are per core; a bench stating `@bench-cores all` (server and load together) gets the machine.
    const allCores = readFileSync(join(root, 'bench', file), 'utf8').includes('@bench-cores all');
    // Node refuses --cpu-prof in NODE_OPTIONS, so a profile is asked for here: BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
    const nodeArgs = [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), outfile];
    try {
      if (allCores) run(process.execPath, nodeArgs);
      else run('taskset', ['-c', '0', process.execPath, ...nodeArgs]);
    } finally {
      rmSync(outfile, { force: true });
    }
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
