import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('runs on the embedded database with sensible defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      configuredPublicUrl: undefined,
      smtpUrl: undefined,
      seedDemo: true,
      sessionTtlMs: 12 * 3_600_000,
    });
  });

  it('reads every setting and does not seed demo data on a real server unless asked', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://parley@db.internal:5432/parley',
      PUBLIC_URL: 'https://chat.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://parley@db.internal:5432/parley',
      publicUrl: 'https://chat.example.com',
      configuredPublicUrl: 'https://chat.example.com',
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('lets user-configured calls reach no private address unless the operator lists it', () => {
    expect(loadConfig({}).outgoing).toMatchObject({
      allow: { hostNames: new Set() },
      maxResponseBytes: 1_048_576,
    });
    expect(loadConfig({}).outgoing.allow.ranges).toEqual([]);
    const { allow } = loadConfig({ OUTGOING_ALLOW_HOSTS: 'hooks.intranet, 10.0.0.0/8,127.0.0.1' }).outgoing;
    expect([...allow.hostNames]).toEqual(['hooks.intranet']);
    expect(allow.ranges.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      '127.0.0.1/32',
    ]);
    expect(() => loadConfig({ OUTGOING_ALLOW_HOSTS: 'ok.example, 10.0.0.0/99' })).toThrow(
      /OUTGOING_ALLOW_HOSTS: not a CIDR range: 10\.0\.0\.0\/99/,
    );
  });

  it('bounds each bot’s intent model, by default and as configured', () => {
    expect(loadConfig({}).nlu).toEqual({
      limits: { maxUtterances: 5000, maxUtteranceLength: 200 },
      trainingWaitMs: 1000,
    });
    expect(
      loadConfig({ NLU_MAX_UTTERANCES: '20000', NLU_MAX_UTTERANCE_LENGTH: '500', NLU_TRAINING_WAIT_MS: '0' })
        .nlu,
    ).toEqual({ limits: { maxUtterances: 20000, maxUtteranceLength: 500 }, trainingWaitMs: 0 });
    expect(() => loadConfig({ NLU_MAX_UTTERANCE_LENGTH: '501' })).toThrow(/NLU_MAX_UTTERANCE_LENGTH/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('rejects bad values with a message naming each variable', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x/y',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://mail',
        SEED_DEMO: 'maybe',
      });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'SEED_DEMO'])
        expect(message).toContain(`${name}:`);
      expect(message).toContain('must be a postgres:// or postgresql:// URL');
      expect(message).toContain('must be at least 32 characters');
    }
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/parley', DATABASE_READ_URL: 'postgres://replica/parley' })
        .databaseRead,
    ).toEqual({ url: 'postgres://replica/parley', maxLagMs: 5_000 });
    expect(loadConfig({}).databaseRead).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/parley' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });
});
