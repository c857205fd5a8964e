// `npm test`: everything CI checks. Installs what the tests need, then lint, types, build, and
// every vitest project (unit, API on PGlite, API on PostgreSQL when TEST_DATABASE_URL is set, e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  build,
  ensureDependencies,
  ensureNodeRuntime,
  installDebianPackages,
  NGINX,
  root,
  run,
} from './lib.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian packages the tests use: Chromium for the browser journeys, Jinja2 as the templating
 * reference, nginx as the load balancer of the scale suite.
 */
const debianPackages = [
  { name: 'nginx-light', present: () => existsSync(NGINX) },
  { name: 'chromium', present: () => existsSync(CHROMIUM) },
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

console.log('› Lint and format (Biome)…');
run('npx', ['biome', 'check', '.']);
console.log('› Type check…');
run('node', ['scripts/typecheck.mjs']);
build();

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
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
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
  reportDurations(summary.testResults ?? []);
}

if (result.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(result.status ?? 1);

/**
 * Prints the ten slowest test files and writes every file's time to test-results/durations.json
 * (CI keeps it), so a slow test is seen the day it arrives. A file run on both databases counts
 * both runs.
 */
function reportDurations(results) {
  const byFile = new Map();
  for (const result of results) {
    const file = relative(root, result.name);
    const ms = Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0));
    const entry = byFile.get(file) ?? { file, ms: 0, runs: 0 };
    entry.ms += ms;
    entry.runs += 1;
    byFile.set(file, entry);
  }
  const files = [...byFile.values()].sort((a, b) => b.ms - a.ms);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(
    join(root, 'test-results', 'durations.json'),
    `${JSON.stringify(
      files.map(({ file, ms, runs }) => ({ file, seconds: Math.round(ms) / 1000, runs })),
      null,
      2,
    )}\n`,
  );
  console.log('\nThe ten slowest test files:');
  for (const { file, ms, runs } of files.slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}${runs > 1 ? ` (${runs} runs)` : ''}`);
  }
}
