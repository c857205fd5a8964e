/**
 * Knowledge at scale (issue 20, Performance): a 10 MB CSV of 100 000 rows uploaded through the
 * server (`app.inject`) and processed by its background job, timed from the upload to ready, with
 * the process's peak resident memory meanwhile (its growth over the start); then retrieval over
 * those rows (the query a turn makes), timed one question at a time: exact filter values (a SKU),
 * full text (product words) and a price range with product words. With BENCH_VECTOR=1 the rows are also embedded by a local fake
 * embeddings server (64 dimensions) and the hybrid retrieval is timed. Prints JSON.
 *
 * BENCH_ENGINES=pglite for the embedded database only (default: PostgreSQL, then PGlite);
 * BENCH_ROWS, BENCH_QUERIES change the sizes; BENCH_KEEP=1 keeps the PostgreSQL database (its name
 * printed) to EXPLAIN the queries on afterwards. PGlite keeps its files in a temporary data
 * directory, as `npm start` does under DATA_DIR; BENCH_PGLITE_MEMORY=1 keeps them in memory (as the
 * tests do), where they count in the process's resident memory.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BotDetail, KnowledgeOverview, KnowledgeSource } from '@parley/contracts';
import { buildApp } from '../apps/server/src/app';
import { createDatabase, openPglite, pgliteDatabase } from '../apps/server/src/db/database';
import { retrieve } from '../apps/server/src/features/knowledge/knowledge-search';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

type Engine = 'pglite' | 'postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const VECTOR = process.env.BENCH_VECTOR === '1';
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
/** PGlite in memory (its files in the process too) rather than in a data directory as `npm start` runs it. */
const PGLITE_IN_MEMORY = process.env.BENCH_PGLITE_MEMORY === '1';

const words = ['red', 'blue', 'green', 'wool', 'rain', 'running', 'leather', 'summer', 'winter', 'travel'];
const things = ['shoes', 'jacket', 'socks', 'hat', 'scarf', 'gloves', 'bag', 'belt', 'shirt', 'boots'];
const categories = ['Shoes', 'Jackets', 'Socks', 'Hats', 'Accessories'];

/** About 100 bytes a row: 100 000 rows make a 10 MB file. */
function priceList(rows: number): Buffer {
  const lines = ['SKU,Product,Price,Category,Description'];
  for (let n = 1; n <= rows; n++) {
    const word = words[n % words.length];
    const thing = things[Math.floor(n / words.length) % things.length];
    lines.push(
      `SKU-${n},${word} ${thing} ${n % 97},${(n % 500) + 0.99},${categories[n % categories.length]},` +
        `A ${word} ${thing} for every day; model ${n} of our catalogue`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

/**
 * The process's peak resident memory from now on, by the kernel's high-water mark (Linux). A timer
 * samples too seldom: while PGlite works in this thread, timers wait.
 */
function residentPeak() {
  const highWater = () => {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return Number(kb) * 1024;
  };
  try {
    // `5` resets the high-water mark to the present resident size.
    writeFileSync('/proc/self/clear_refs', '5');
    const start = highWater();
    return { start, peak: () => highWater() };
  } catch {
    // Elsewhere: sampled as often as the event loop lets a timer run (a lower bound).
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    return {
      start,
      peak: () => {
        clearInterval(sampler);
        return Math.max(peak, process.memoryUsage().rss);
      },
    };
  }
}

/** The longest the event loop went without running a timer (other requests wait as long). */
function loopPauses() {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    stop: () => {
      clearInterval(ticker);
      return Math.round(Math.max(longest, performance.now() - last));
    },
  };
}

/** The embedded database's WebAssembly memory (it grows and is never given back), in MB. */
const wasmMb = (pglite: unknown) => {
  const heap = (pglite as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod?.HEAPU8;
  return heap ? Math.round(heap.byteLength / 1024 / 1024) : undefined;
};

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
};

async function measure(engine: Engine) {
  const model = fakeOpenAi();
  await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
  const benchDb = engine === 'postgres' ? await createBenchDatabase('bench_knowledge') : undefined;
  const dataDir =
    engine === 'pglite' && !PGLITE_IN_MEMORY ? mkdtempSync(join(tmpdir(), 'parley-bench-pg-')) : undefined;
  const pglite = engine === 'pglite' ? await openPglite(dataDir) : undefined;
  const database = pglite
    ? pgliteDatabase(pglite)
    : await createDatabase({ engine: 'postgres', url: benchDb?.url ?? '' });
  const app = await buildApp({
    config: testConfig({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: baseUrl,
      ...(VECTOR ? { OPENAI_EMBEDDINGS_MODEL: 'bench-embeddings' } : {}),
    }),
    database,
    jobPollingIntervalSeconds: 0.5,
  });
  try {
    await app.ready();
    await createBenchOwner(database.db, 'bench@example.com', 'Bench shop');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench@example.com', password: BENCH_PASSWORD },
    });
    const headers = { authorization: `JWT ${signIn.json<{ token: string }>().token}` };
    const bot = (
      await app.inject({
        method: 'POST',
        url: '/api/bots',
        headers,
        payload: { name: 'Shop', language: 'en' },
      })
    ).json<BotDetail>();
    const companyId = (
      await database.db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', bot.id)
        .executeTakeFirstOrThrow()
    ).company_id;

    const file = priceList(ROWS);
    // The growth is measured over the live memory: the garbage of the setup is collected first, and
    // the pages it held are given back to the system (which takes a moment) before the start.
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const wasmBefore = wasmMb(pglite);
    const resident = residentPeak();
    const loop = loopPauses();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/knowledge/datasets?fileName=prices.csv`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    const source = uploaded.json<KnowledgeSource>();
    const uploadMs = performance.now() - started;
    const overview = async () =>
      (await app.inject({ method: 'GET', url: `/api/bots/${bot.id}/knowledge`, headers }))
        .json<KnowledgeOverview>()
        .sources.find((each) => each.id === source.id);
    for (;;) {
      const state = await overview();
      if (state?.live?.state === 'ready' || state?.pending?.state === 'failed') {
        if (state.pending?.state === 'failed') throw new Error(`ingest failed: ${state.pending.error}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readyMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const rssGrowthMb = Math.round((resident.peak() - resident.start) / 1024 / 1024);
    const memory = {
      // This process's CPU time over the ingest (PGlite's work included): steadier than the wall
      // time on a shared machine.
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssGrowthMb,
      longestLoopPauseMs: loop.stop(),
      ...(pglite
        ? { pgliteData: dataDir ? 'directory' : 'memory', wasmMb: [wasmBefore, wasmMb(pglite)] }
        : {}),
    };
    // SKU is a filter column (detected as a key); the product words are searched.
    const ask = async (query: string, semantic: boolean) => {
      const began = performance.now();
      const result = await retrieve(database.db, companyId, bot.id, {
        query,
        limit: 8,
        language: 'en',
        ...(semantic ? { embedder: app.ctx.embedder } : {}),
      });
      return { ms: performance.now() - began, rows: result.rows.length };
    };
    const timed = async (question: (n: number) => string, semantic = false) => {
      const times: number[] = [];
      for (let n = 0; n < 20; n++) await ask(question(n), semantic);
      for (let n = 0; n < QUERIES; n++) times.push((await ask(question(n), semantic)).ms);
      return summary(times);
    };
    // Each figure is printed as it is measured (the hybrid ones take long over many rows).
    console.log(
      JSON.stringify({
        engine,
        rows: ROWS,
        fileMb: Math.round((file.byteLength / 1024 / 1024) * 10) / 10,
        uploadMs: Math.round(uploadMs),
        readyMs: Math.round(readyMs),
        ...memory,
      }),
    );
    const filter = await timed((n) => `How much is SKU-${1 + ((n * 7919) % ROWS)}?`);
    const fullText = await timed(
      (n) => `Do you have ${words[n % words.length]} ${things[(n * 3) % things.length]}?`,
    );
    // A price range with product words ("red shoes under $30") narrows the rows before ranking.
    const range = await timed(
      (n) => `${words[n % words.length]} ${things[(n * 3) % things.length]} under $${30 + (n % 5) * 10}`,
    );
    console.log(JSON.stringify({ engine, retrievalMs: { filter, fullText, range } }));
    let vector: { embedMs: number; filter: object; fullText: object } | undefined;
    if (VECTOR) {
      const embedStarted = performance.now();
      for (;;) {
        const state = await overview();
        if (state?.live?.embedding?.state === 'ready' || state?.live?.embedding?.state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      vector = {
        embedMs: Math.round(performance.now() - embedStarted),
        filter: await timed((n) => `How much is SKU-${1 + ((n * 7919) % ROWS)}?`, true),
        fullText: await timed(
          (n) => `Do you have ${words[n % words.length]} ${things[(n * 3) % things.length]}?`,
          true,
        ),
      };
    }
    return {
      engine,
      rows: ROWS,
      fileMb: Math.round((file.byteLength / 1024 / 1024) * 10) / 10,
      uploadMs: Math.round(uploadMs),
      readyMs: Math.round(readyMs),
      ...memory,
      retrievalMs: { filter, fullText, range },
      ...(vector ? { vector } : {}),
    };
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP === '1') console.log(JSON.stringify({ keptDatabase: benchDb?.url }));
    else await benchDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  }
}

const results = [];
for (const engine of engines) results.push(await measure(engine));
console.log(JSON.stringify(results, null, 2));
