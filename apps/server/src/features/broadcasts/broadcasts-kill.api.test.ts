import type { Broadcast, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../../../test/child-servers';
import { authHeader, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';

const CONTACTS = 3000;
/** The killed process's claims are another's after this (the default is a minute). */
const LEASE_SECONDS = '2';

/**
 * A server process killed (SIGKILL) while it sends a broadcast, then another takes over: every
 * recipient gets the message exactly once. Real processes on one PostgreSQL database.
 */
describe.runIf(testEngine === 'postgres')('a broadcast whose sending process is killed mid-send', () => {
  let t: TestApp;
  let killed: ChildServer | undefined;
  let resumer: ChildServer | undefined;
  let owner: Record<string, string>;
  let botId = '';

  beforeAll(async () => {
    t = await createTestApp({ BROADCAST_CLAIM_LEASE_SECONDS: LEASE_SECONDS });
    owner = authHeader((await registerOwner(t)).auth.token);
    let key = '';
    ({
      bot: { id: botId },
      key,
    } = await deployedBot(t, owner, 'Shop', flowFixture().module('start', 'text', { text: 'Hi!' }, {})));
    const real = (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key, user: { id: 'crm-0' } },
      })
    ).json<StartConversationResponse>();
    // Many visitors like the first (the filing trigger makes each a contact).
    await sql`
      insert into conversations (company_id, bot_id, deployment_id, token_hash, status, state, channel,
        user_info, message_count, created_at, updated_at, last_message_at)
      select c.company_id, c.bot_id, c.deployment_id, md5(g::text), 'ended', c.state, 'webchat',
        jsonb_build_object('id', 'crm-' || g), c.message_count, now(), now(), now()
      from conversations c, generate_series(1, ${CONTACTS - 1}) g where c.id = ${real.conversationId}`.execute(
      t.database.db,
    );
  }, 60_000);
  afterAll(async () => {
    killed?.kill();
    resumer?.kill();
    await t?.close();
  });

  it('sends each recipient exactly once after another process resumes', async () => {
    const env = { BROADCAST_CLAIM_LEASE_SECONDS: LEASE_SECONDS };
    killed = await startChildServer(t.databaseUrl ?? '', env);
    const audience = await t.request({
      method: 'POST',
      url: '/api/audiences',
      headers: owner,
      payload: { name: 'Everyone', filter: { conditions: [] } },
    });
    // Created through the child: it wakes its own senders at once.
    const created = await fetch(`${killed.url}/api/broadcasts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...owner },
      body: JSON.stringify({
        name: 'Back in stock',
        botId,
        audienceId: audience.json<{ id: string }>().id,
        channels: ['webchat'],
        message: { type: 'text', text: 'The blue kettle is back' },
      }),
    });
    expect(created.status).toBe(201);
    const broadcast = (await created.json()) as Broadcast;
    expect(broadcast.figures.recipients).toBe(CONTACTS);

    const states = async () => {
      const rows = await sql<{ state: string; n: number }>`
        select state, count(*)::int as n from broadcast_recipients
        where broadcast_id = ${broadcast.id} group by state`.execute(t.database.db);
      return Object.fromEntries(rows.rows.map((row) => [row.state, row.n]));
    };
    // Killed once it has sent some and holds claims it has not sent yet.
    const before = await eventually(async () => {
      const now = await states();
      return (now.sent ?? 0) > 0 && (now.sending ?? 0) > 0 ? now : undefined;
    }, 30_000);
    killed.kill('SIGKILL');
    await killed.exited;
    expect(before.sent ?? 0).toBeLessThan(CONTACTS);

    resumer = await startChildServer(t.databaseUrl ?? '', env);
    await eventually(async () => {
      const row = await t.database.db
        .selectFrom('broadcasts')
        .select('state')
        .where('id', '=', broadcast.id)
        .executeTakeFirstOrThrow();
      return row.state === 'done' ? true : undefined;
    }, 90_000);
    expect(await states()).toEqual({ sent: CONTACTS });
    // Each recipient's conversation holds the message once: no process sent it twice.
    const copies = await sql<{ copies: number; conversations: number }>`
      select copies, count(*)::int as conversations from (
        select r.conversation_id, count(m.seq)::int as copies
        from broadcast_recipients r
        left join conversation_messages m on m.conversation_id = r.conversation_id and m.role = 'bot'
          and m.message->>'text' = 'The blue kettle is back'
        where r.broadcast_id = ${broadcast.id} group by r.conversation_id) per
      group by copies`.execute(t.database.db);
    expect(copies.rows).toEqual([{ copies: 1, conversations: CONTACTS }]);
  }, 180_000);
});
