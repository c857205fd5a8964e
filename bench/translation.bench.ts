/**
 * What translation adds to a turn (issue 21, Performance): the same flow on two bots, one that
 * speaks only its own language and one that offers Spanish to a Spanish visitor, turns sent one at
 * a time through the server (`app.inject`, so the figure is the server's own work), alternating
 * between the two so both see the same machine. Measured per turn: the time (median and p90) and
 * the database statements (every statement run through Kysely, and every raw one). Three kinds of
 * translated turn: all texts cached (the visitor's phrase and the bot's texts known), the visitor's
 * phrase new (the bot's texts known), and a first turn in a language nothing is cached for; each
 * counts its calls to the provider, a local fake DeepL. Then the first turn in a language whose
 * texts the background translation did first (features/translation/pretranslation.ts, run here
 * directly: the bench stops the job workers), and what that run took. Prints JSON.
 *
 * BENCH_ENGINES=pglite for the embedded database only (default: PostgreSQL, then PGlite);
 * BENCH_TURNS sets the number of measured turns of each kind.
 */

import { flowFixture } from '@parley/flow/testing';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { runPretranslation } from '../apps/server/src/features/translation/pretranslation';
import { fakeDeepL } from '../apps/server/test/fake-deepl';
import { testConfig } from '../apps/server/test/test-app';
import { countingDatabase, createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

type Engine = 'pglite' | 'postgres';
const TURNS = Number(process.env.BENCH_TURNS ?? 200);
const WARMUP_TURNS = 40;
const KEY = 'bench-translation-key-0001';
/** The visitor's phrases: few, so that after the warm-up each is cached. */
const PHRASES = ['quiero un té', 'tienen café', 'gracias', 'cuánto cuesta', 'adiós'];

const shop = flowFixture()
  .module(
    'ask',
    'input',
    { prompt: 'What would you like?', variable: 'want', validator: { type: 'text' } },
    { next: 'reply' },
  )
  .module('reply', 'text', { text: 'We have tea and coffee, thank you!' }, { next: 'ask' });

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

async function runEngine(engine: Engine) {
  const deepl = fakeDeepL('pro', { [KEY]: { characterCount: 0, characterLimit: 100_000_000 } });
  const deeplUrl = await deepl.listen();
  const benchDb = engine === 'postgres' ? await createBenchDatabase('parley_translation') : undefined;
  const database = await createDatabase(
    benchDb ? { engine: 'postgres', url: benchDb.url } : { engine: 'pglite', dataDir: undefined },
  );
  const { counted, counts } = countingDatabase(database);
  const app = await buildApp({
    config: testConfig({
      PUBLIC_URL: 'http://127.0.0.1',
      DEEPL_PRO_URL: deeplUrl,
      CHAT_RATE_LIMIT_PER_IP: '100000000',
      CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
    }),
    database: counted,
    jobPollingIntervalSeconds: 3600,
  });
  // Background jobs would add statements of their own to the counts.
  await app.ctx.jobs.stop();
  try {
    const email = `bench-translation-${engine}@parley.test`;
    await createBenchOwner(database.db, email, 'Bench Co');
    const request = async <T>(
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      auth?: string,
    ) => {
      const response = await app.inject({
        method,
        url,
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
        ...(auth ? { headers: { authorization: auth } } : {}),
      });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    const { token } = await request<{ token: string }>('POST', '/api/auth/login', {
      email,
      password: BENCH_PASSWORD,
    });
    const auth = `JWT ${token}`;
    const publish = async (name: string) => {
      const bot = await request<{ id: string; flow: Record<string, unknown> }>(
        'POST',
        '/api/bots',
        { name, language: 'en' },
        auth,
      );
      await request('PUT', `/api/bots/${bot.id}/flow`, { flow: shop.onto(bot.flow) }, auth);
      await request('POST', `/api/bots/${bot.id}/publish`, undefined, auth);
      const { key } = await request<{ key: string }>(
        'POST',
        `/api/bots/${bot.id}/deployments`,
        { channel: 'webchat' },
        auth,
      );
      return { id: bot.id, key };
    };
    await request('PUT', '/api/translation/provider', { provider: 'deepl', apiKey: KEY }, auth);
    const plain = await publish('Shop in English');
    const translated = await publish('Shop in every language');
    await request('PUT', `/api/bots/${translated.id}/translation`, { offeredLanguages: ['es', 'de'] }, auth);

    const start = async (key: string, language: string) =>
      request<{ conversationId: string; token: string }>('POST', '/api/chat/conversations', {
        deploymentKey: key,
        language,
      });
    const [plainChat, spanishChat] = await Promise.all([start(plain.key, 'en'), start(translated.key, 'es')]);
    /** One turn: its time, statements and provider calls. */
    const turn = async (chat: { conversationId: string; token: string }, text: string) => {
      const statementsBefore = counts.statements;
      const callsBefore = deepl.translateCalls().length;
      const began = performance.now();
      await request(
        'POST',
        `/api/chat/conversations/${chat.conversationId}/messages`,
        { text },
        `Bearer ${chat.token}`,
      );
      return {
        ms: performance.now() - began,
        statements: counts.statements - statementsBefore,
        calls: deepl.translateCalls().length - callsBefore,
      };
    };
    type Sample = Awaited<ReturnType<typeof turn>>;
    const sortedMs = (samples: Sample[]) => samples.map((s) => s.ms).sort((a, b) => a - b);
    const describe = (samples: Sample[]) => ({
      turns: samples.length,
      p50Ms: round(percentile(sortedMs(samples), 50)),
      p90Ms: round(percentile(sortedMs(samples), 90)),
      meanMs: round(samples.reduce((sum, s) => sum + s.ms, 0) / samples.length),
      statementsPerTurn: round(samples.reduce((sum, s) => sum + s.statements, 0) / samples.length, 2),
      maxStatements: Math.max(...samples.map((s) => s.statements)),
      providerCallsPerTurn: round(samples.reduce((sum, s) => sum + s.calls, 0) / samples.length, 2),
      maxProviderCalls: Math.max(...samples.map((s) => s.calls)),
    });

    // Warm-up: every phrase and every bot text is cached (and the code is hot).
    for (let index = 0; index < WARMUP_TURNS; index++) {
      const text = PHRASES[index % PHRASES.length] as string;
      await turn(plainChat, text);
      await turn(spanishChat, text);
    }
    const untranslated: Sample[] = [];
    const cached: Sample[] = [];
    for (let index = 0; index < TURNS; index++) {
      const text = PHRASES[index % PHRASES.length] as string;
      // Alternate which goes first, so neither always follows the other.
      if (index % 2 === 0) {
        untranslated.push(await turn(plainChat, text));
        cached.push(await turn(spanishChat, text));
      } else {
        cached.push(await turn(spanishChat, text));
        untranslated.push(await turn(plainChat, text));
      }
    }
    // The visitor says something new each turn (the bot's texts are known).
    const newPhrase: Sample[] = [];
    for (let index = 0; index < Math.min(TURNS, 100); index++)
      newPhrase.push(await turn(spanishChat, `pregunta nueva número ${index}`));
    // The first turn in German: nothing of it is cached, neither the visitor's words nor the bot's.
    const germanChat = await start(translated.key, 'de');
    const firstGerman = [await turn(germanChat, 'ich möchte Tee')];
    // French is offered, and its texts translated in the background before the first visitor comes.
    await request(
      'PUT',
      `/api/bots/${translated.id}/translation`,
      { offeredLanguages: ['es', 'de', 'fr'] },
      auth,
    );
    const { company_id: companyId } = await database.db
      .selectFrom('bots')
      .select('company_id')
      .where('id', '=', translated.id)
      .executeTakeFirstOrThrow();
    const callsBeforePretranslation = deepl.translateCalls().length;
    const pretranslationBegan = performance.now();
    await runPretranslation(app.ctx, { companyId, botId: translated.id, language: 'fr' }, 1);
    const pretranslation = {
      ms: round(performance.now() - pretranslationBegan),
      providerCalls: deepl.translateCalls().length - callsBeforePretranslation,
    };
    const frenchChat = await start(translated.key, 'fr');
    const firstFrench = [await turn(frenchChat, 'je voudrais du thé')];

    const plainStats = describe(untranslated);
    const cachedStats = describe(cached);
    return {
      engine,
      untranslated: plainStats,
      translatedAllCached: cachedStats,
      addedByTranslation: {
        p50Ms: round(cachedStats.p50Ms - plainStats.p50Ms),
        meanMs: round(cachedStats.meanMs - plainStats.meanMs),
        statementsPerTurn: round(cachedStats.statementsPerTurn - plainStats.statementsPerTurn, 2),
      },
      translatedNewVisitorPhrase: describe(newPhrase),
      translatedNothingCached: describe(firstGerman),
      pretranslation,
      translatedFirstTurnAfterPretranslation: describe(firstFrench),
    };
  } finally {
    await app.close();
    await deepl.close();
    await benchDb?.drop();
  }
}

async function main() {
  const engines: Engine[] = process.env.BENCH_ENGINES === 'pglite' ? ['pglite'] : ['postgres', 'pglite'];
  const results = [];
  for (const engine of engines) results.push(await runEngine(engine));
  console.log(JSON.stringify({ bench: 'translation', turnsMeasured: TURNS, results }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
