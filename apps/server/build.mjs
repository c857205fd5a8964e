// Bundles the server and the workspace packages it imports into dist/main.js, and the intent
// training thread into dist/nlu-worker.js beside it (the server starts it from there); npm
// packages stay external (some carry native code or WASM and must load from node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'nlu-worker': 'src/features/nlu/nlu-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
