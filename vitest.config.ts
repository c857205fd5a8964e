import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { bothEngineSuites } from './apps/server/test/both-engines.ts';

const apiSuites = ['apps/server/**/*.api.test.ts'];
const scaleSuites = ['apps/server/scale/**/*.scale.test.ts'];

/**
 * Projects: fast unit tests; the API suites on embedded PGlite; those whose behaviour can differ by
 * engine (apps/server/test/both-engines.ts says which and why) on a real PostgreSQL server too
 * when TEST_DATABASE_URL is set (CI sets it), and then the scale suite (server processes behind
 * nginx on it); browser journeys in e2e/.
 */
export default defineConfig({
  test: {
    // The API projects run their files one after another in each worker without isolating them
    // (`isolate: false`): the server's modules load once per worker, not once per file (4-5 s
    // each on this machine). Every suite builds its own app and database, so none shares state.
    // Unit files stay isolated: they load little, and the templating budget's checks of how fast a
    // hostile template fails must not run in a heap that other files have filled.
    // Vitest's default is one worker fewer than the cores: one on CI's two, so every file ran alone.
    // The API suites mostly wait (on PostgreSQL, job polling, timers), so two overlap well there;
    // e2e and scale keep to one file at a time (`fileParallelism: false`), after the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `--coverage`: V8's line and branch coverage of the apps' and packages' own sources.
    coverage: {
      provider: 'v8',
      include: ['apps/*/src/**', 'packages/*/src/**'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
      // A failing test still leaves the figures of everything that ran.
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...apiSuites, ...scaleSuites, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Files share their worker's modules (MUI, React, the app load once, not per file: 273 s
          // -> 125 s). The setup file empties the document's styles after each file, or every
          // later visibility check would walk the thousands of rules earlier screens inserted.
          pool: 'threads',
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Rendering MUI screens in jsdom takes seconds when the suite shares a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: apiSuites,
          env: { PARLEY_TEST_DB: 'pglite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api:postgres',
                include: bothEngineSuites,
                env: { PARLEY_TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              test: {
                name: 'scale',
                include: scaleSuites,
                env: { PARLEY_TEST_DB: 'postgres' },
                // Its server processes measure throughput: nothing else runs beside them.
                fileParallelism: false,
                testTimeout: 180_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One journey at a time, after the other projects: beside them (or each other) a
          // journey's server and Chromium went three times slower on two cores, and timed out.
          fileParallelism: false,
        },
      },
    ],
  },
});
