// `npm run demo:traffic`: bundles scripts/demo-traffic.ts as the benches are (so the demo bot is
// built with the same flow fixtures as the tests) and runs it with this command's options.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleTypeScript, ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
// Beside the scripts, so the bundle finds the npm packages it leaves out in node_modules.
const outfile = join(root, 'scripts', '.demo-traffic.mjs');
await bundleTypeScript(join(root, 'scripts', 'demo-traffic.ts'), outfile);
try {
  run(process.execPath, [outfile, ...process.argv.slice(2)]);
} finally {
  rmSync(outfile, { force: true });
}
