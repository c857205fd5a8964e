import { describe, expect, it } from 'vitest';
import { MAX_STEPS_PER_TURN } from './run-turn';
import { TURN_TEMPLATE_BUDGET } from './template-context';
import { flowOf, runBot, testServices } from './testing/run-bot';

/** Services whose clock is the real one: the turn's time budget is measured as the server measures it. */
/** The host's clock, running `speed` times fast (the engine reads time only through it). */
function realClock(speed = 1) {
  const { services } = testServices();
  return { ...services, clock: { now: () => performance.now() * speed } };
}

const timed = async <T>(run: () => PromiseLike<T>) => {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
};

describe('a published bot with a hostile template', () => {
  it('answers the visitor’s turn with a named template error, at once', async () => {
    const flow = flowOf([
      [
        'start',
        'input',
        { prompt: 'Name?', variable: 'name', validator: { type: 'text' } },
        { next: 'boom' },
      ],
      ['boom', 'text', { text: "{{ ('a'|center(400000000))|length }}" }, { next: 'after' }],
      ['after', 'text', { text: 'never said' }],
    ]);
    const { result: run, ms } = await timed(() =>
      runBot(flow, realClock())
        .start()
        .say('Ada')
        .expectNoReply()
        .expectEvent('Template Error', {
          data: {
            error: 'TemplateBudgetExceeded',
            limit: 'output',
            message: expect.stringMatching(
              /^Template budget exceeded: the template produces too much output/,
            ),
            line: 1,
          },
        }),
    );
    expect(ms).toBeLessThan(1000);
    // The debugger shows where the turn stopped and why.
    expect(run.last?.trace.at(-1)).toMatchObject({
      kind: 'module',
      from: 'boom',
      to: null,
      error: { name: 'TemplateBudgetExceeded', line: 1 },
    });
  });

  it('bounds a turn that renders many moderately big templates, in time on the host clock', async () => {
    // Each render stays well inside its own limits; together they would keep the server for seconds.
    // 98 renders (a turn runs at most 100 modules) of 14 400 loop steps each: under the turn's
    // 4 M steps whatever a step counts, so only time can run out. The clock runs ten times as
    // fast: the 500 ms are spent after 50 ms of work, well before the last module even when the
    // renderer is already compiled hot (all 98 took 250 ms then, so a clock twice as fast was not
    // enough).
    const heavy = '{% for i in range(120) %}{% for j in range(120) %}{% endfor %}{% endfor %}ok';
    // A plain greeting first (plain text is not rendered): however slow the machine, the turn has
    // said something before the budget runs out, and that must still go out.
    const modules: Parameters<typeof flowOf>[0] = [
      ['hello', 'text', { text: 'Hello' }, { next: 'm0' }],
      ...Array.from({ length: MAX_STEPS_PER_TURN - 2 }, (_, index): Parameters<typeof flowOf>[0][number] => [
        `m${index}`,
        'text',
        { text: heavy },
        index < MAX_STEPS_PER_TURN - 3 ? { next: `m${index + 1}` } : ({} as Record<string, string>),
      ]),
    ];
    // Once before, so the first render of the measured turn is not also the template's first ever.
    await runBot(flowOf([['warm', 'text', { text: heavy }]]), realClock()).start();
    const { result: run, ms } = await timed(() => runBot(flowOf(modules), realClock(10)).start());
    const error = run.last?.events.find((event) => event.name === 'Template Error');
    expect(error?.data).toMatchObject({ error: 'TemplateBudgetExceeded', limit: 'time' });
    expect(error?.data.message).toContain('rendering this turn’s templates takes too long (over 500 ms)');
    expect(ms).toBeLessThan(TURN_TEMPLATE_BUDGET.timeLimitMs + 500);
    // What ran before the budget was spent was said; nothing after it.
    const said = run.last?.outputs ?? [];
    expect(said[0]).toEqual({ type: 'text', text: 'Hello' });
    expect(said.slice(1).every((message) => message.type === 'text' && message.text === 'ok')).toBe(true);
    expect(said.length).toBeLessThan(MAX_STEPS_PER_TURN - 1);
  });
});

describe('a published bot with a hostile pattern', () => {
  it('answers a catastrophic validator in milliseconds, as not matching', async () => {
    const flow = flowOf([
      [
        'start',
        'input',
        {
          prompt: 'Code?',
          variable: 'code',
          validator: { type: 'regex', pattern: '^(a+)+$', flags: '' },
          retryMessage: 'No.',
        },
        { next: 'done' },
      ],
      ['done', 'text', { text: 'Thanks' }],
    ]);
    const { ms } = await timed(() =>
      runBot(flow)
        .start()
        .say(`${'a'.repeat(31)}!`)
        .expectReply('No.')
        .say('a'.repeat(400))
        .expectReply('Thanks'),
    );
    expect(ms).toBeLessThan(500);
  });

  it('treats a pattern RE2 cannot run (saved before they were refused) as not matching, saying why', async () => {
    const flow = flowOf(
      [
        [
          'start',
          'input',
          {
            prompt: 'Code?',
            variable: 'code',
            validator: { type: 'regex', pattern: '^(\\w)\\1$', flags: '' },
            retryMessage: 'No.',
          },
        ],
        ['help', 'text', { text: 'Help is here' }],
      ],
      {
        globalConnections: [
          {
            id: 'g1',
            name: 'Lookahead',
            trigger: { type: 'regex', pattern: '^(?=help)', flags: 'i' },
            target: 'help',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    await runBot(flow)
      .start()
      .say('help')
      .expectReply('No.')
      .expectEvent('Pattern Refused', {
        data: { globalConnectionId: 'g1', reason: expect.stringContaining('lookahead') },
      })
      .expectEvent('Input Rejected', {
        data: expect.objectContaining({ reason: expect.stringContaining('backreferences') }),
      });
  });

  it('answers a catastrophic global connection pattern in milliseconds', async () => {
    const flow = flowOf(
      [
        ['start', 'input', { prompt: 'Say?', variable: 'said', validator: { type: 'text' } }, { next: 'ok' }],
        ['ok', 'text', { text: 'Noted' }],
        ['hit', 'text', { text: 'Matched' }],
      ],
      {
        globalConnections: [
          {
            id: 'g1',
            name: 'Evil',
            trigger: { type: 'regex', pattern: '^(a|aa)+$', flags: '' },
            target: 'hit',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    const { ms } = await timed(() =>
      runBot(flow)
        .start()
        .say(`${'a'.repeat(1999)}b`)
        .expectReply('Noted'),
    );
    expect(ms).toBeLessThan(500);
  });
});
