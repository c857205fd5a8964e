/**
 * What one visitor message costs the open inboxes: 10 agents (10 browser windows of the built web
 * app, each signed in as its own agent) have the inbox open on one bot, while a visitor sends
 * messages through the chat API. Counted per visitor message: the requests the agents' pages make
 * (`page.on('request')`, the live stream itself excluded) and the database statements the server
 * runs for them (every statement, less what the same message costs with no inbox open). Two
 * scenarios: the agents see the list only; every agent has the visitor's conversation open (its
 * transcript shown, read marks sent). Prints JSON.
 *
 * Needs the built web app (`npm run build`). BENCH_ENGINES=pglite for the embedded database
 * (default: the machine's PostgreSQL, a fresh database per run).
 *
 * @bench-cores all (the server, PostgreSQL and Chromium share the machine)
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { flowFixture } from '@parley/flow/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { createDatabase, type Database } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/features/auth/passwords';
import { insertCompany } from '../apps/server/src/features/companies/companies.repository';
import { permissionsFor } from '../apps/server/src/features/users/permissions';
import { insertUser } from '../apps/server/src/features/users/users.repository';
import { testConfig } from '../apps/server/test/test-app';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { root } from '../e2e/support/server';
import { countingDatabase, createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD } from './bench-owner';
import { json, publishedBot } from './load';

const AGENTS = 10;
const MESSAGES = 6;
/** After the last page shows a message, how long nothing more may happen before it is counted done. */
const SETTLE_MS = 1_500;

const echoModules = flowFixture()
  // The prompt repeats the last question, so the list's preview shows which message arrived.
  .module(
    'start',
    'input',
    { prompt: 'Noted: {{ said }}', variable: 'said', validator: { type: 'text' } },
    { next: 'echo' },
  )
  .module('echo', 'text', { text: 'Thanks!' }, { next: 'start' });

async function main() {
  const engine = process.env.BENCH_ENGINES === 'pglite' ? 'pglite' : 'postgres';
  const webDistDir = join(root, 'apps/web/dist');
  if (!existsSync(join(webDistDir, 'index.html'))) throw new Error('build the web app first: npm run build');
  const benchDb = engine === 'postgres' ? await createBenchDatabase('parley_inbox_live') : undefined;
  const database = await createDatabase(
    benchDb ? { engine: 'postgres', url: benchDb.url } : { engine: 'pglite', dataDir: undefined },
  );
  const { counted, counts } = countingDatabase(database);
  const app = await buildApp({
    config: { ...testConfig({ PUBLIC_URL: 'http://127.0.0.1' }), webDistDir },
    database: counted,
    jobPollingIntervalSeconds: 3600,
  });
  // Background jobs would add statements of their own to the counts.
  await app.ctx.jobs.stop();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let browser: Browser | undefined;
  try {
    const emails = await createAgents(database);
    const key = await publishedBot(
      apiUrl,
      { email: emails[0] as string, password: BENCH_PASSWORD },
      'Live inbox bench',
      echoModules,
    );
    const visitor = await json<{ conversationId: string; token: string }>(
      `${apiUrl}/api/chat/conversations`,
      'POST',
      { deploymentKey: key, user: { name: 'Vera Visitor' } },
    );
    let said = 0;
    const say = async () => {
      said++;
      const text = `Question number ${said}`;
      await json(
        `${apiUrl}/api/chat/conversations/${visitor.conversationId}/messages`,
        'POST',
        { text },
        `Bearer ${visitor.token}`,
      );
      return text;
    };
    await say();

    // What the visitor's messages cost with no inbox open: the turn itself.
    counts.statements = 0;
    for (let index = 0; index < MESSAGES; index++) await say();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const turnStatements = counts.statements / MESSAGES;

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    const pages: Page[] = [];
    const requests = { count: 0, byPath: new Map<string, number>() };
    for (const email of emails) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${apiUrl}/v2/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(BENCH_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/v2$/);
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (!path.startsWith('/api/') || path === '/api/inbox/events') return;
        requests.count++;
        const shape = `${request.method()} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
        requests.byPath.set(shape, (requests.byPath.get(shape) ?? 0) + 1);
      });
      pages.push(page);
    }
    const botId = (
      await json<{ conversation: { botId: string } }>(
        `${apiUrl}/api/inbox/conversations/${visitor.conversationId}`,
        'GET',
        undefined,
        `JWT ${(await json<{ token: string }>(`${apiUrl}/api/auth/login`, 'POST', { email: emails[0], password: BENCH_PASSWORD })).token}`,
      )
    ).conversation.botId;

    const scenario = async (
      name: string,
      path: string,
      shows: (page: Page, text: string) => Promise<void>,
    ) => {
      await Promise.all(pages.map((page) => page.goto(`${apiUrl}${path}`)));
      await Promise.all(pages.map((page) => shows(page, `Noted: Question number ${said}`)));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      requests.count = 0;
      requests.byPath.clear();
      counts.statements = 0;
      for (let index = 0; index < MESSAGES; index++) {
        const text = await say();
        await Promise.all(pages.map((page) => shows(page, `Noted: ${text}`)));
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
      return {
        scenario: name,
        agents: AGENTS,
        messages: MESSAGES,
        requestsPerMessage: Number((requests.count / MESSAGES).toFixed(1)),
        requestsPerMessagePerAgent: Number((requests.count / MESSAGES / AGENTS).toFixed(2)),
        statementsPerMessage: Number((counts.statements / MESSAGES).toFixed(1)),
        inboxStatementsPerMessage: Number((counts.statements / MESSAGES - turnStatements).toFixed(1)),
        requests: Object.fromEntries(
          [...requests.byPath].map(([shape, count]) => [shape, Number((count / MESSAGES).toFixed(1))]),
        ),
      };
    };
    const inList = (page: Page, text: string) =>
      page.getByRole('list', { name: 'Conversations' }).getByText(text).first().waitFor({ timeout: 15_000 });
    const inTranscript = (page: Page, text: string) =>
      page.getByRole('log', { name: 'Transcript' }).getByText(text).first().waitFor({ timeout: 15_000 });
    const listOnly = await scenario('list open', `/v2/inbox?botId=${botId}`, inList);
    const open = await scenario(
      'conversation open',
      `/v2/inbox?botId=${botId}&conversationId=${visitor.conversationId}`,
      async (page, text) => {
        await inList(page, text);
        await inTranscript(page, text);
      },
    );
    console.log(
      JSON.stringify(
        { engine, turnStatementsPerMessage: turnStatements, results: [listOnly, open] },
        null,
        2,
      ),
    );
  } finally {
    await browser?.close();
    await app.close();
    await database.close();
    await benchDb?.drop();
  }
}

/** One company of AGENTS owners (each may use the inbox), made straight in the database. */
async function createAgents(database: Database): Promise<string[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const emails = Array.from({ length: AGENTS }, (_, index) => `agent${index + 1}@inbox-live.test`);
  await database.db.transaction().execute(async (trx) => {
    const company = await insertCompany(trx, {
      name: 'Live Inbox',
      company_type: 'Regular',
      company_expiration_date: null,
      industry: null,
    });
    for (const [index, email] of emails.entries()) {
      await insertUser(trx, {
        email,
        password_hash: passwordHash,
        first_name: 'Agent',
        last_name: String(index + 1),
        role: 'owner',
        permissions: JSON.stringify(permissionsFor('owner')),
        company_id: company.id,
        totp_secret: null,
      });
    }
  });
  return emails;
}

await main();
