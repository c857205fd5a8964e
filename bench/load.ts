/** The load side shared by the HTTP benches: keep-alive requests and closed loops of visitors. */
import http from 'node:http';
import { type FlowFixture, flowFixture } from '@parley/flow/testing';
import { percentile } from './stats';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** One HTTP request on the keep-alive agent; `authorization` is the header's whole value. */
export function call(
  url: string,
  method: string,
  body?: unknown,
  authorization?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(authorization ? { authorization } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function json<T>(
  url: string,
  method: string,
  body?: unknown,
  authorization?: string,
): Promise<T> {
  const response = await call(url, method, body, authorization);
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as T;
}

export function summary(latencies: number[], elapsedMs: number, errors: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    turnsPerSecond: Math.round((latencies.length / elapsedMs) * 1000),
    p50Ms: Number(percentile(sorted, 50).toFixed(2)),
    p99Ms: Number(percentile(sorted, 99).toFixed(2)),
    turns: latencies.length,
    errors,
  };
}

/** One visitor's turn: answers the HTTP status. */
export type Turn = (visitor: number, counter: number) => Promise<number>;

/** Closed loop: each visitor sends, waits for the answer, sends again; measured after a warm-up. */
export async function closedLoop(
  concurrency: number,
  turn: Turn,
  { warmupMs, durationMs }: { warmupMs: number; durationMs: number },
) {
  let recording = false;
  let stop = false;
  const latencies: number[] = [];
  let errors = 0;
  const visitor = async (index: number) => {
    for (let counter = 0; !stop; counter++) {
      const started = performance.now();
      const status = await turn(index, counter);
      if (!recording) continue;
      if (status === 200) latencies.push(performance.now() - started);
      else errors++;
    }
  };
  const running = Array.from({ length: concurrency }, (_, index) => visitor(index));
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  recording = true;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  recording = false;
  const elapsed = performance.now() - began;
  stop = true;
  await Promise.all(running);
  return summary(latencies, elapsed, errors);
}

/** Signs the owner in and publishes a bot of `flow` (over its starter flow) on web chat: answers its deployment key. */
export async function publishedBot(
  apiUrl: string,
  owner: { email: string; password: string },
  name: string,
  flow: FlowFixture,
): Promise<string> {
  const { token } = await json<{ token: string }>(`${apiUrl}/api/auth/login`, 'POST', owner);
  const auth = `JWT ${token}`;
  const bot = await json<{ id: string; flow: Record<string, unknown> }>(
    `${apiUrl}/api/bots`,
    'POST',
    { name, language: 'en' },
    auth,
  );
  const saved = await json<{ findings: { severity: string; message: string }[] }>(
    `${apiUrl}/api/bots/${bot.id}/flow`,
    'PUT',
    { flow: flow.onto(bot.flow) },
    auth,
  );
  const errors = saved.findings.filter((finding) => finding.severity === 'error');
  if (errors.length > 0) throw new Error(`bench flow is broken: ${JSON.stringify(errors)}`);
  await json(`${apiUrl}/api/bots/${bot.id}/publish`, 'POST', undefined, auth);
  const deployment = await json<{ key: string }>(
    `${apiUrl}/api/bots/${bot.id}/deployments`,
    'POST',
    { channel: 'webchat' },
    auth,
  );
  return deployment.key;
}

// Six modules a turn: input → set variable → condition → text → set variable → text → input.
/** The chat benches' bot. */
export const chatBenchFlow = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
    { next: 'count' },
  )
  .module(
    'count',
    'set_variable',
    { assignments: [{ variable: 'turns', value: '(turns or 0) + 1' }] },
    { next: 'check' },
  )
  .module(
    'check',
    'condition',
    { branches: [{ id: 'even', label: '', expression: 'turns % 2 == 0' }] },
    { 'branch:even': 'even', else: 'even' },
  )
  .module('even', 'text', { text: 'Turn {{ turns }}: {{ said | upper }}' }, { next: 'note' })
  .module('note', 'set_variable', { assignments: [{ variable: 'last', value: 'said' }] }, { next: 'bye' })
  .module('bye', 'text', { text: 'Noted.' }, { next: 'start' });
