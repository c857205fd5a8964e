import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const root = join(import.meta.dirname, '..');

/**
 * A vitest reporter: prints the ten slowest test files at the end of a run and writes every file's
 * time to test-results/durations.json (CI keeps it), so a slow test is seen the day it arrives.
 * A file's time is what it cost its worker: importing it (with the app it loads), its hooks and
 * its tests. A file run on both databases counts both runs.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const byFile = new Map<string, { file: string; ms: number; runs: number }>();
    for (const testModule of testModules) {
      const file = relative(root, testModule.moduleId);
      const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } =
        testModule.diagnostic();
      const entry = byFile.get(file) ?? { file, ms: 0, runs: 0 };
      entry.ms += environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration;
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
}
