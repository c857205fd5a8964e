// Bundles the server and the workspace packages it imports into dist/main.js, and the intent
// training and document reading threads into dist/nlu-worker.js and dist/document-reader-worker.js
// beside it (the server starts them from there); npm packages stay external (some carry native
// code or WASM and must load from node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'nlu-worker': 'src/features/nlu/nlu-worker.ts',
    'document-reader-worker': 'src/features/knowledge/document-reader-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
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
