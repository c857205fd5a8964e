import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rateLimitFor } from './rate-limit';

describe('rate limit buckets', () => {
  const config = loadConfig({ AUTH_RATE_LIMIT_PER_IP: '7', AUTH_RATE_LIMIT_WINDOW_MINUTES: '5' });
  it('keeps sign-in tight, as configured', () => {
    expect(rateLimitFor('auth', config)).toEqual({ max: 7, windowMs: 300_000 });
  });
  it('leaves room for telemetry batches and conversation starts from shared addresses', () => {
    expect(rateLimitFor('telemetry', config).max).toBeGreaterThanOrEqual(60 * 4 * 4);
    expect(rateLimitFor('chat-start', config).max).toBeGreaterThan(config.authRateLimit.perIp);
  });
});
