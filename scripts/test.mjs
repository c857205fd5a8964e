// `npm test`: everything CI checks. Installs what the tests need, then lint, types, build, and
// every vitest project (unit, API on PGlite, API on PostgreSQL when TEST_DATABASE_URL is set, e2e).
// `npm test -- <paths, names or vitest options>` runs only those tests: no lint or type check, and
// the build only when there is none yet (the browser journeys need it). `npm run test:changed`
// is `npm test -- --changed`: the tests the working tree's change touches.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  build,
  ensureDependencies,
  ensureNodeRuntime,
  installDebianPackages,
  NGINX,
  root,
  run,
} from './lib.mjs';

/** Chromium's headless shell: what the browser journeys run on (see e2e/support/browser.ts). */
export const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Debian packages the tests use: Chromium's headless shell for the browser journeys, Jinja2 as the templating
 * reference, nginx as the load balancer of the scale suite.
 */
const debianPackages = [
  { name: 'nginx-light', present: () => existsSync(NGINX) },
  { name: 'chromium-headless-shell', present: () => existsSync(CHROMIUM) },
  {
    name: 'python3-jinja2',
    present: () => spawnSync('/usr/bin/python3', ['-c', 'import jinja2']).status === 0,
  },
];

function ensureDebianPackages() {
  const missing = debianPackages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length > 0) installDebianPackages([...missing, 'fonts-dejavu-core']);
}

await ensureNodeRuntime();
ensureDependencies();
ensureDebianPackages();

const selection = process.argv.slice(2);
/** The type check's exit code and output, once it has run beside the tests (a full run only). */
let typeCheck;
if (selection.length === 0) {
  console.log('› Lint and format (Biome)…');
  run('npx', ['biome', 'check', '.']);
  build();
  // The type check runs beside the tests at the lowest priority: it takes the CPU they leave idle
  // (the browser journeys leave a third of it), so their timing checks never feel it. Its verdict
  // is printed after theirs.
  console.log('› Type check (beside the tests, at low priority)…');
  typeCheck = new Promise((resolve) => {
    const child = spawn('nice', ['-n', '19', 'node', 'scripts/typecheck.mjs'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
} else {
  console.log('› A subset of the tests: no lint or type check (`npm test` alone runs everything).');
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) build();
}

console.log('› Tests…');
const report = join(root, '.vitest-results.json');
rmSync(report, { force: true });
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    // Prints the ten slowest files and writes test-results/durations.json.
    '--reporter=./scripts/slowest-files.ts',
    `--outputFile.json=${report}`,
    ...selection,
  ],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  skipped = summary.numPendingTests + summary.numTodoTests;
}

if (result.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (typeCheck) {
  const { code, output } = await typeCheck;
  if (code !== 0) {
    console.error(`\n✖ The type check failed:\n${output}`);
    process.exit(1);
  }
  console.log('✓ Type check');
}
process.exit(result.status ?? 1);
