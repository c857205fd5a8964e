import { randomBytes } from 'node:crypto';
import {
  type AudienceFilter,
  type AudiencePreview,
  audienceFilterSchema,
  type StartConversationResponse,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Queryable } from '../../db/database';
import * as contactFacts from '../../db/migrations/0046-contact-facts';
import * as contactVariables from '../../db/migrations/0051-contact-variables';
import { audienceCondition, variableCount } from './audience-filter';
import { countContacts, countWithBound, sampleContacts } from './audiences.repository';
import { foldStaleContactVariables } from './audiences.service';

/** Asks what the visitor wants; "buy" reaches a goal, "agent" hands the chat to a person. */
const shopFlow = () =>
  flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'What are you looking for?', variable: 'item', validator: { type: 'text' } },
      { next: 'noted' },
    )
    .module('noted', 'text', { text: 'We will tell you when {{ item }} is back.' }, {})
    .module('bought', 'text', { text: 'Thanks!' }, {}, { isGoal: true, goalValue: 25 })
    .module('human', 'handoff', { message: 'Connecting you with a person…' })
    .global({
      id: 'g-buy',
      trigger: { type: 'keyword', keywords: ['buy'], match: 'contains' },
      target: 'bought',
    })
    .global({
      id: 'g-agent',
      trigger: { type: 'keyword', keywords: ['agent'], match: 'contains' },
      target: 'human',
    });

/**
 * What audiences filter on is kept on the contact (migration 0046) as their conversations change:
 * a count answers as the conversations say, and the kept facts equal the ones worked out again
 * from the conversations.
 */
describe('contact facts follow their conversations', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let key = '';

  const start = async (name: string, language: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key, user: { id: `crm-${name}`, name }, language },
      })
    ).json<StartConversationResponse>();
  const say = async (visitor: StartConversationResponse, text: string) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/chat/conversations/${visitor.conversationId}/messages`,
      headers: { authorization: `Bearer ${visitor.token}` },
      payload: { text },
    });
    expect(response.statusCode).toBe(200);
  };
  const count = async (...conditions: unknown[]) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/audiences/preview',
        headers: owner,
        payload: { filter: { conditions } },
      })
    ).json<AudiencePreview>().count;
  const item = (op: string, value = '') => ({ field: 'variable', name: 'item', op, value });

  /**
   * The job folds the stale contacts into their typed variables (migration 0051): then every
   * contact's typed variables are those typed again from its copy.
   */
  const expectTypedAsRecomputed = async () => {
    await foldStaleContactVariables(t.database.db);
    const stale = sql<{ n: number }>`select count(*)::int as n from contact_variables_stale`;
    expect((await stale.execute(t.database.db)).rows[0]?.n).toBe(0);
    const kept = sql<Record<string, unknown>>`
      select contact_id, name, company_id, text_value, number_value::text from contact_variables
      order by contact_id, name`;
    const again = sql<Record<string, unknown>>`
      select k.id as contact_id, r.name, k.company_id, r.text_value, r.number_value::text
      from contacts k cross join lateral parley_contact_variable_rows(k.variables) r
      order by k.id, r.name`;
    expect((await kept.execute(t.database.db)).rows).toEqual((await again.execute(t.database.db)).rows);
  };

  /** The facts as kept, then as worked out again from the conversations: they must agree. */
  const expectFactsAsRecomputed = async () => {
    const facts = sql<Record<string, unknown>>`
      select id, conversations, last_seen_at, bot_ids, languages, countries, goals, handed_off, variables
      from contacts order by id`;
    const kept = (await facts.execute(t.database.db)).rows;
    await expectTypedAsRecomputed();
    await sql`select parley_refresh_contacts(array(select id from contacts))`.execute(t.database.db);
    expect((await facts.execute(t.database.db)).rows).toEqual(kept);
    await expectTypedAsRecomputed();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = authHeader((await registerOwner(t)).auth.token);
    ({ key } = await deployedBot(t, owner, 'Shop', shopFlow()));
  }, 60_000);
  afterAll(async () => t?.close());

  it('keeps language, variables, goals, handoff and last seen as conversations change', async () => {
    const ana = await start('Ana', 'en');
    const ben = await start('Ben', 'de');
    await say(ana, 'blue kettle');
    expect(await count({ field: 'language', languages: ['en'] })).toBe(1);
    expect(await count(item('equals', 'Blue Kettle'))).toBe(1);
    expect(await count(item('isNotSet'))).toBe(1);
    await expectFactsAsRecomputed();

    // A new language replaces the conversation's former one.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/chat/conversations/${ana.conversationId}/language`,
      headers: { authorization: `Bearer ${ana.token}` },
      payload: { language: 'es' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await count({ field: 'language', languages: ['en'] })).toBe(0);
    expect(await count({ field: 'language', languages: ['es'] })).toBe(1);

    // A goal reached; Ben asks for a person.
    expect(await count({ field: 'goal', reached: true })).toBe(0);
    await say(ana, 'buy');
    await say(ben, 'agent');
    expect(await count({ field: 'goal', reached: true })).toBe(1);
    expect(await count({ field: 'goal', reached: true, moduleId: 'bought' })).toBe(1);
    expect(await count({ field: 'goal', reached: true, moduleId: 'noted' })).toBe(0);
    expect(await count({ field: 'goal', reached: false })).toBe(1);
    expect(await count({ field: 'handoff', handedOff: true })).toBe(1);
    expect(await count({ field: 'handoff', handedOff: false })).toBe(1);
    await expectFactsAsRecomputed();

    // Ana comes back: a second conversation of the same contact, which knows no item yet. What
    // the first one knows still counts.
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await start('Ana', 'fr');
    expect(await count()).toBe(2);
    expect(
      await count({ field: 'language', languages: ['es'] }, { field: 'language', languages: ['fr'] }),
    ).toBe(1);
    expect(await count(item('equals', 'blue kettle'))).toBe(1);
    expect(await count(item('isNotSet'))).toBe(1);
    await say(again, 'red teapot');
    expect(await count(item('equals', 'red teapot'))).toBe(1);
    expect(await count(item('contains', 'kettle'))).toBe(1);
    expect(await count({ field: 'lastSeen', op: 'after', at: since })).toBe(1);
    expect(await count({ field: 'lastSeen', op: 'before', at: since })).toBe(1);
    await expectFactsAsRecomputed();
  });

  it('works the facts out again when conversations are deleted', async () => {
    const [latest] = (
      await sql<{ id: string }>`select c.id from conversations c join contacts k on k.id = c.contact_id
        where k.external_key = 'crm-Ana' order by c.created_at desc limit 1`.execute(t.database.db)
    ).rows;
    // A broadcast's recipient in it goes with it (and one with its contact).
    const recipients = sql<{ n: number }>`select count(*)::int as n from broadcast_recipients`;
    await sql`
      with broadcast as (
        insert into broadcasts (company_id, bot_id, name, message, channels, state)
        select company_id, bot_id, 'Back in stock', '{}', '{webchat}', 'done' from conversations limit 1
        returning id)
      insert into broadcast_recipients (broadcast_id, contact_id, company_id, conversation_id, channel, state)
      select distinct on (c.contact_id) b.id, c.contact_id, c.company_id, c.id, c.channel, 'sent'
      from broadcast b, conversations c order by c.contact_id, c.created_at desc`.execute(t.database.db);
    expect((await recipients.execute(t.database.db)).rows[0]?.n).toBe(2);
    await sql`delete from conversations where id = ${latest?.id}`.execute(t.database.db);
    expect((await recipients.execute(t.database.db)).rows[0]?.n).toBe(1);
    expect(await count({ field: 'language', languages: ['fr'] })).toBe(0);
    expect(await count(item('equals', 'red teapot'))).toBe(0);
    expect(await count(item('equals', 'blue kettle'))).toBe(1);
    expect(await count({ field: 'goal', reached: true })).toBe(1);
    await expectFactsAsRecomputed();

    // A contact with no conversation left matches only what none of them did.
    await sql`delete from conversations where contact_id in (
      select id from contacts where external_key = 'crm-Ana')`.execute(t.database.db);
    expect(await count({ field: 'goal', reached: true })).toBe(0);
    expect(await count(item('isNotSet'))).toBe(2);
    expect(await count({ field: 'lastSeen', op: 'before', at: new Date().toISOString() })).toBe(2);
    await expectFactsAsRecomputed();
    expect((await recipients.execute(t.database.db)).rows[0]?.n).toBe(1);
    await sql`delete from contacts where external_key = 'crm-Ben'`.execute(t.database.db);
    expect((await recipients.execute(t.database.db)).rows[0]?.n).toBe(0);
  });

  it('matches variables as the conditions say: text in any case, numbers also as text, set', async () => {
    const variables = { n: 42, s: ' 7 ', t: 'Blue Kettle', z: null, o: { p: 3 }, neg: '-2.5' };
    const cases: [string, string, string, boolean][] = [
      ['n', 'greaterThan', '41', true],
      ['n', 'greaterThan', '42', false],
      ['s', 'lessThan', '8', true],
      ['neg', 'lessThan', '-2', true],
      ['t', 'greaterThan', '0', false],
      ['o', 'lessThan', '100', false],
      ['o.p', 'greaterThan', '2', true],
      ['t', 'equals', 'blue kettle', true],
      ['t', 'contains', 'KETT', true],
      ['n', 'equals', '42', true],
      ['z', 'isSet', '', false],
      ['o', 'isSet', '', true],
      ['missing', 'isSet', '', false],
      ['missing', 'equals', '', false],
    ];
    for (const [name, op, value, expected] of cases) {
      const result = await sql<{ matches: boolean }>`select parley_variable_matches(
        ${JSON.stringify(variables)}::jsonb, ${name.split('.')}::text[], ${op}::text, ${value}::text) as matches`.execute(
        t.database.db,
      );
      expect([name, op, value, result.rows[0]?.matches]).toEqual([name, op, value, expected]);
    }
  });

  it('refuses a seen-date the database cannot read with a named 400 (it answered 500)', async () => {
    for (const at of ['1537-02-02T05:10:18-22:43', '2026-01-01T00:00:00+15:30', '0001-01-01T00:00:00Z']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/audiences/preview',
        headers: owner,
        payload: { filter: { conditions: [{ field: 'firstSeen', op: 'before', at }] } },
      });
      expect([at, response.statusCode, response.json().error.name]).toEqual([at, 400, 'ValidationException']);
    }
    const fine = await t.request({
      method: 'POST',
      url: '/api/audiences/preview',
      headers: owner,
      payload: {
        filter: { conditions: [{ field: 'lastSeen', op: 'after', at: '2026-01-01T00:00:00-05:00' }] },
      },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('counts one variable condition from the typed variables as every contact’s copy says, and samples from their candidates', async () => {
    const db = t.database.db;
    const [company] = (await sql<{ id: string }>`select company_id as id from contacts limit 1`.execute(db))
      .rows;
    const companyId = company?.id ?? '';
    const long = `${'x'.repeat(300)} kettle`;
    const visitors = await Promise.all(['Eve', 'Fay', 'Gus'].map((name) => start(name, 'en')));
    const contactOf = (visitor: StartConversationResponse) =>
      sql`(select contact_id from conversations where id = ${visitor.conversationId})`;
    const setVariables = (visitor: StartConversationResponse, variables: object | null) => (trx: Queryable) =>
      sql`update contacts set variables = ${variables === null ? null : JSON.stringify(variables)}::jsonb
        where id = ${contactOf(visitor)}`.execute(trx);
    const filterOf = (name: string, op: string, value = '') =>
      audienceFilterSchema.parse({ conditions: [{ field: 'variable', name, op, value }] });
    const ops = [
      ['equals', 'blue kettle'],
      ['equals', '42'],
      ['equals', long],
      ['contains', 'KETT'],
      ['greaterThan', '41'],
      ['lessThan', '8'],
      ['isSet', ''],
      ['isNotSet', ''],
    ];
    const filters = ['n', 's', 't', 'z', 'o', 'neg', 'long', 'big', 'huge', 'item', 'missing'].flatMap(
      (name) => ops.map(([op = '', value = '']) => filterOf(name, op, value)),
    );
    const variable = (name: string, op: string, value = '') => ({ field: 'variable', name, op, value });
    /** Filters of several conditions, and whether the typed variables bound their candidates. */
    const combined = (
      [
        [
          {
            match: 'all',
            conditions: [variable('t', 'contains', 'kett'), variable('n', 'greaterThan', '41')],
          },
          true,
        ],
        [
          { match: 'all', conditions: [variable('t', 'isSet'), { field: 'channel', channels: ['webchat'] }] },
          true,
        ],
        [{ match: 'all', conditions: [variable('long', 'isNotSet'), variable('n', 'lessThan', '50')] }, true],
        [
          {
            match: 'any',
            conditions: [variable('t', 'equals', 'red'), variable('long', 'contains', 'kettle')],
          },
          true,
        ],
        [
          { match: 'any', conditions: [variable('t', 'isSet'), { field: 'channel', channels: ['webchat'] }] },
          false,
        ],
        [{ match: 'any', conditions: [variable('t', 'isSet'), variable('o', 'isNotSet')] }, false],
      ] as const
    ).map(([filter, bounded]) => [audienceFilterSchema.parse(filter), bounded] as const);
    /**
     * The filter's count and sample among its candidates (a bound, if `bounded`): the same as
     * reading every contact.
     */
    const expectSameAmongCandidates = async (trx: Queryable, filter: AudienceFilter, bounded: boolean) => {
      const { count, bound } = await countWithBound(trx, companyId, filter);
      expect([filter, bound !== undefined]).toEqual([filter, bounded]);
      const generic = await sql<{ n: number }>`select count(*)::int as n from contacts k
        where k.company_id = ${companyId} and ${audienceCondition(filter)}`.execute(trx);
      expect([filter, count]).toEqual([filter, generic.rows[0]?.n]);
      expect([filter, await sampleContacts(trx, companyId, filter, 10, bound)]).toEqual([
        filter,
        await sampleContacts(trx, companyId, filter, 10),
      ]);
    };
    const staleEntries = async (trx: Queryable) =>
      (await sql<{ n: number }>`select count(*)::int as n from contact_variables_stale`.execute(trx)).rows[0]
        ?.n ?? 0;
    /** Each filter's count and sample from the typed variables equal those from every contact's copy. */
    const expectCounts = async (trx: Queryable) => {
      for (const filter of filters) {
        expect(variableCount(companyId, filter)).toBeDefined();
        const [condition] = filter.conditions;
        await expectSameAmongCandidates(
          trx,
          filter,
          condition?.field === 'variable' && condition.op !== 'isNotSet',
        );
      }
      for (const [filter, bounded] of combined) await expectSameAmongCandidates(trx, filter, bounded);
    };
    /**
     * Makes the changes, then checks the counts: in their own transaction, the contacts they
     * changed stale (the job cannot fold them before it commits), then once the job folded them.
     */
    const expectCountsAfter = async (...changes: ((trx: Queryable) => Promise<unknown>)[]) => {
      await db.transaction().execute(async (trx) => {
        for (const change of changes) await change(trx);
        expect(await staleEntries(trx)).toBeGreaterThan(0);
        await expectCounts(trx);
      });
      await expectTypedAsRecomputed();
      await expectCounts(db);
    };

    const [eve, fay, gus] = visitors as [
      StartConversationResponse,
      StartConversationResponse,
      StartConversationResponse,
    ];
    await expectCountsAfter(
      setVariables(eve, {
        n: 42,
        s: ' 7 ',
        t: 'Blue Kettle',
        z: null,
        o: { p: 3 },
        neg: '-2.5',
        long,
        big: '9'.repeat(250),
        'a.b': 1,
      }),
      setVariables(fay, { n: '41', t: 'red', long: 'short kettle', o: [1, 2] }),
    );
    expect(await countContacts(db, companyId, filterOf('long', 'contains', 'kettle'))).toBe(2);
    expect(await countContacts(db, companyId, filterOf('big', 'greaterThan', '1e200'))).toBe(1);
    // A write that leaves the copy as it was (a turn that sets no variable) makes no contact stale.
    await db.transaction().execute(async (trx) => {
      await sql`update contacts set variables = variables, last_seen_at = now()`.execute(trx);
      expect(await staleEntries(trx)).toBe(0);
    });

    // Values change kind and length, are nulled and removed; a contact loses all of them.
    await expectCountsAfter(
      setVariables(eve, { n: null, s: 7, t: long, o: 'blue kettle', long: 'kettle', big: 1 }),
      setVariables(fay, { n: '41', long, item: 'Blue Kettle' }),
      // A visitor's very long answer is typed as set only (a btree key is bounded).
      setVariables(gus, { t: 'BLUE KETTLE', huge: randomBytes(4500).toString('base64') }),
    );
    await expectCountsAfter(setVariables(fay, null));
    // A deleted contact takes its typed variables along, stale (Gus) or not (Eve).
    await expectCountsAfter(setVariables(gus, { t: 'red' }), setVariables(fay, { t: 'red' }), (trx) =>
      sql`delete from contacts where id in (${contactOf(eve)}, ${contactOf(gus)})`.execute(trx),
    );
    // The copies as their conversations say again (a refresh writes them as a turn does).
    await expectCountsAfter((trx) =>
      sql`select parley_refresh_contacts(array(select id from contacts))`.execute(trx),
    );
  });

  it('works out the facts of contacts already stored when the migration runs, and undoes it', async () => {
    const facts = sql<Record<string, unknown>>`
      select id, conversations, last_seen_at, bot_ids, languages, countries, goals, handed_off, variables
      from contacts order by id`;
    const typed = sql<Record<string, unknown>>`select * from contact_variables order by contact_id, name`;
    const cara = await start('Cara', 'it');
    await say(cara, 'green cup');
    await say(cara, 'buy');
    await expectTypedAsRecomputed();
    const kept = (await facts.execute(t.database.db)).rows;
    const keptTyped = (await typed.execute(t.database.db)).rows;
    // Their own downs and ups (not the migrator's: later migrations of other features may follow
    // them), which take the database untyped as every migration does. 0051 types 0046's copy.
    const untyped = t.database.db as unknown as Kysely<unknown>;
    await contactVariables.down(untyped);
    await contactFacts.down(untyped);
    const columns = sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_name = 'contacts' and column_name = 'variables'`;
    expect((await columns.execute(t.database.db)).rows[0]?.n).toBe(0);
    await contactFacts.up(untyped);
    expect((await facts.execute(t.database.db)).rows).toEqual(kept);
    await contactVariables.up(untyped);
    expect((await typed.execute(t.database.db)).rows).toEqual(keptTyped);
    expect(keptTyped).toContainEqual(expect.objectContaining({ name: 'item', text_value: 'green cup' }));
    expect(
      await count(item('equals', 'green cup'), { field: 'goal', reached: true, moduleId: 'bought' }),
    ).toBe(1);
    expect(await count(item('equals', 'green cup'))).toBe(1);
  });
});
