// Bundles the server and the workspace packages it imports into dist/main.js; npm packages stay
// external (some carry native code or WASM and must load from node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
