// Builds the widget into the web app's dist (served by the server): a tiny classic-script loader
// for host pages (`/webchat.js`) and the chat window as an ES module loaded on first open.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../../apps/web/dist');
mkdirSync(join(out, 'webchat'), { recursive: true });
const common = {
  bundle: true,
  minify: true,
  target: 'es2020',
  logLevel: 'warning',
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
};

await build({
  ...common,
  entryPoints: [join(here, 'src/loader.ts')],
  outfile: join(out, 'webchat.js'),
  format: 'iife',
});
await build({
  ...common,
  entryPoints: [join(here, 'src/app/mount.tsx')],
  outfile: join(out, 'webchat/app.js'),
  format: 'esm',
  jsx: 'automatic',
  jsxImportSource: 'preact',
});
