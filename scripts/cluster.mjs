// `npm run cluster -- --processes 3`: installs what is missing (dependencies, Debian's nginx),
// builds, then runs scripts/cluster.ts (bundled as the benches are) with this command's options.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  build,
  bundleTypeScript,
  ensureDependencies,
  ensureNodeRuntime,
  installDebianPackages,
  NGINX,
  root,
  run,
} from './lib.mjs';

await ensureNodeRuntime();
ensureDependencies();
if (!existsSync(NGINX)) installDebianPackages(['nginx-light']);
build();
// Beside the scripts, so the bundle finds the npm packages it leaves out in node_modules.
const outfile = join(root, 'scripts', '.cluster.mjs');
await bundleTypeScript(join(root, 'scripts', 'cluster.ts'), outfile);
try {
  run(process.execPath, [outfile, ...process.argv.slice(2)]);
} finally {
  rmSync(outfile, { force: true });
}
