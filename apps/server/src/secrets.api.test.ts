import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BotDetail, DatasetPreview, KnowledgeSource } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner } from '../test/fixtures';
import { createTestApp, eventually, type TestApp, testEngine } from '../test/test-app';

describe.runIf(testEngine === 'postgres')(
  'server processes sharing PostgreSQL without configured secrets',
  () => {
    let t: TestApp;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = join(mkdtempSync(join(tmpdir(), 'parley-shared-')), 'data');
      // Empty means unset: each process must find the secrets the other uses, not make its own.
      t = await createTestApp({ JWT_SECRET: '', SECRETS_KEY: '', DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    });

    it('signs sessions every process verifies and seals secrets every process opens', async () => {
      const other = await t.secondInstance();
      expect(t.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(other.ctx.config.jwtSecret).toBe(t.config.jwtSecret);
      expect(other.ctx.config.secretsKey).toBe(t.config.secretsKey);
      expect(other.ctx.config.secretsKey).not.toBe(t.config.jwtSecret);

      const headers = authHeader((await registerOwner(t)).auth.token);
      const me = await other.inject({ method: 'GET', url: '/api/frontend/user/me', headers });
      expect(me.statusCode).toBe(200);
      const sealed = t.app.ctx.secrets.seal('sk-live-123456', 'test:shared');
      expect(other.ctx.secrets.open(sealed, 'test:shared')).toBe('sk-live-123456');
    });

    it('keeps an uploaded file in the database: another process serves it, and nothing is written to DATA_DIR', async () => {
      const other = await t.secondInstance();
      const headers = authHeader((await registerOwner(t, { company_name: 'Uploads' })).auth.token);
      const bot = (
        await t.request({
          method: 'POST',
          url: '/api/bots',
          headers,
          payload: { name: 'Shop', language: 'en' },
        })
      ).json<BotDetail>();
      const uploaded = await t.request({
        method: 'POST',
        url: `/api/bots/${bot.id}/knowledge/datasets?fileName=prices.csv`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: 'SKU,Product\nSKU-1,Red shoes\nSKU-2,Blue jacket\n',
      });
      expect(uploaded.statusCode).toBe(202);
      const { id } = uploaded.json<KnowledgeSource>();
      let seen = '';
      // Ready or failed: a failure fails the test with its reason rather than a timeout.
      const preview = await eventually(
        async () => {
          const response = await other.inject({
            method: 'GET',
            url: `/api/bots/${bot.id}/knowledge/datasets/${id}`,
            headers,
          });
          const body = response.json<DatasetPreview>();
          const file = body.source.live ?? body.source.pending;
          seen = `${response.statusCode} ${file?.state} ${file?.progress}% ${file?.error ?? ''}`;
          return file?.state === 'ready' || file?.state === 'failed' ? body : undefined;
        },
        20_000,
        () => seen,
      );
      expect(preview.source.pending?.error ?? null).toBeNull();
      expect(preview.source.live?.rowCount).toBe(2);
      expect(existsSync(dataDir)).toBe(false);
    });
  },
);
