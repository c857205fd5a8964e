import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { BotDetail, KnowledgeSource } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat, visitorSends } from '../../../test/fixtures';
import { settledSource } from '../../../test/knowledge-sources';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

/** What a hostile upload looked like: a heading, then 200 000 elements never closed (1 MB). */
const nestedHtml = `<h1>t</h1>${'<div>'.repeat(200_000)}`;
/** Ten megabytes that start as a PDF and are noise after. */
const garbagePdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(10 * 1024 * 1024 - 9)]);

/**
 * How long another client may wait while the files are read. A held event loop (17 s for a tenth
 * of this HTML, before documents were read on a thread of their own) shows in every request and
 * in the loop's own delay and in every turn. A turn is a dozen statements, each of which may wait
 * behind one of the reader's on the embedded database; on a machine shared with other suites its
 * slowest few are scheduling noise, so its tail gets a looser bound than its median.
 */
const ANSWER_WITHIN_MS = 200;
const TURN_WITHIN_MS = 1_000;

describe(`hostile documents are read off the event loop (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let bot: BotDetail;
  let deploymentKey: string;

  beforeAll(async () => {
    // The probes below are a visitor writing as fast as the server answers.
    t = await createTestApp({ CHAT_RATE_LIMIT_PER_CONVERSATION: '10000', CHAT_RATE_LIMIT_PER_IP: '10000' });
    headers = authHeader((await registerOwner(t)).auth.token);
    ({ bot, key: deploymentKey } = await deployedBot(t, headers, 'Shop', (starter) => starter));
  });
  afterAll(() => t.close());

  const upload = async (body: string | Buffer, fileName: string) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/knowledge/documents?fileName=${fileName}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(response.statusCode).toBe(202);
    return response.json<KnowledgeSource>();
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };

  it('answers other clients at once while a deeply nested page and a garbage PDF are read, and both end', async () => {
    const chat = await startChat(t, deploymentKey);
    const html = await upload(nestedHtml, 'x.html');
    const pdf = await upload(garbagePdf, 'noise.pdf');
    const settled = Promise.all([
      settledSource(t, headers, bot.id, { id: html.id, kind: 'document' }),
      settledSource(t, headers, bot.id, { id: pdf.id, kind: 'document' }),
    ]);
    let done = false;
    void settled.finally(() => {
      done = true;
    });

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let slowestHealth = 0;
    const turns: number[] = [];
    let probes = 0;
    while (!done || probes < 3) {
      const [health, turn] = await Promise.all([
        timed(() => t.request({ method: 'GET', url: '/api/health' })),
        timed(() => visitorSends(t, chat, `hello ${probes}`)),
      ]);
      expect(health.value.statusCode).toBe(200);
      expect(turn.value.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, health.ms);
      turns.push(turn.ms);
      probes++;
    }
    loopDelay.disable();
    expect(slowestHealth).toBeLessThan(ANSWER_WITHIN_MS);
    // The loop's 99th percentile, not its maximum: the maximum also counts the moments the machine,
    // busy with the other suites, did not run this process at all (200-500 ms seen under load).
    // A held loop (the 17 s before the fix) shows at every percentile.
    expect(loopDelay.percentile(99) / 1e6).toBeLessThan(ANSWER_WITHIN_MS);
    // Hundreds of turns run while the files are read: the typical one answers as fast as the
    // loop, and all but the few that met the busy machine's scheduling within a second.
    turns.sort((a, b) => a - b);
    const turnAt = (fraction: number) => turns[Math.floor((turns.length - 1) * fraction)];
    expect(turnAt(0.5)).toBeLessThan(ANSWER_WITHIN_MS);
    expect(turnAt(0.95)).toBeLessThan(TURN_WITHIN_MS);

    const [htmlPreview, pdfPreview] = await settled;
    // The page's only words are its heading: read at once, it has nothing to answer from.
    expect(htmlPreview.source.pending ?? htmlPreview.source.live).toMatchObject({
      state: 'failed',
      error: 'The document has no text to answer from.',
    });
    expect(pdfPreview.source.pending ?? pdfPreview.source.live).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/The PDF could not be read/),
    });
  }, 60_000);

  it('reads the text of a page nested 200 000 levels deep under its heading', async () => {
    const source = await upload(`${nestedHtml}Wash wool by hand.`, 'deep.html');
    const preview = await settledSource(t, headers, bot.id, { id: source.id, kind: 'document' });
    expect(preview.source.live).toMatchObject({ state: 'ready', chunkCount: 1 });
    expect(preview.chunks).toEqual([
      expect.objectContaining({ text: expect.stringContaining('Wash wool by hand.') }),
    ]);
  });
});
