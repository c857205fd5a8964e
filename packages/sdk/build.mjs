// Builds the SDK as one ES module the server hands out (`/sdk/parley-chat.js`), so developers can
// import it straight from their Parley server, without a package registry or a build step.
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(here, '../../apps/web/dist/sdk/parley-chat.js'),
  bundle: true,
  minify: false,
  format: 'esm',
  target: 'es2020',
  logLevel: 'warning',
  legalComments: 'none',
});
