import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { redactUrl } from './logging';

describe('tokens stay out of the server log', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => log.push(line) } });
  });
  afterAll(() => t.close());

  it('blanks token parameters and leaves the rest of the address', () => {
    expect(redactUrl('/api/chat/conversations/c1/events?token=abc.def&after=3')).toBe(
      '/api/chat/conversations/c1/events?token=[redacted]&after=3',
    );
    expect(redactUrl('/v2/recover?Token=abc')).toBe('/v2/recover?Token=[redacted]');
    expect(redactUrl('/v2/inbox?conversationId=1')).toBe('/v2/inbox?conversationId=1');
  });

  it('logs requests to the chat event stream and the recovery page without their tokens', async () => {
    await t.request({
      method: 'GET',
      url: `/api/chat/conversations/${randomUUID()}/events?token=visitor-secret-1&after=0`,
    });
    await t.request({ method: 'GET', url: '/v2/recover?token=recovery-secret-2' });
    const requests = log.map((line) => JSON.parse(line)).filter((line) => line.msg === 'incoming request');
    expect(requests.map((line) => line.req.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/events\?token=\[redacted\]&after=0$/),
        '/v2/recover?token=[redacted]',
      ]),
    );
    expect(log.join('\n')).not.toMatch(/visitor-secret-1|recovery-secret-2/);
  });
});
