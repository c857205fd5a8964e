import { describe, expect, it } from 'vitest';
import { FlowDocumentError, type FlowMigration, loadFlow, migrateDocument } from './migrations';
import { FLOW_SCHEMA_VERSION, type Flow, flowSchema } from './schema';
import { starterFlow } from './starter';
import { type TemplateAnalyzer, validateFlow } from './validator';

/** A flow from short module specs: [id, type, content, { port: target }]. */
function flowOf(
  modules: [string, string, unknown, Record<string, string>?][],
  extra: Partial<Flow> = {},
): Flow {
  return flowSchema.parse({
    schemaVersion: FLOW_SCHEMA_VERSION,
    startModuleId: modules[0]?.[0] ?? 'start',
    modules: modules.map(([id, type, content, connections = {}]) => ({
      id,
      type,
      content,
      connections: Object.entries(connections).map(([port, target]) => ({
        id: `${id}-${port}`.replace(/[^\w-]/g, '_'),
        port,
        target,
      })),
    })),
    ...extra,
  });
}

const codes = (flow: Flow) =>
  validateFlow(flow).map(
    (finding) => `${finding.severity}:${finding.code}:${finding.moduleId ?? finding.connectionId ?? ''}`,
  );

describe('the flow document', () => {
  it('a new bot starts with a valid flow that welcomes the user in its language', () => {
    const flow = starterFlow('es');
    expect(flowSchema.parse(flow)).toEqual(flow);
    expect(flow.modules[0]).toMatchObject({
      id: 'start',
      type: 'text',
      name: 'Bienvenida',
      content: { text: expect.stringContaining('Hola') },
    });
    expect(validateFlow(flow).filter((finding) => finding.severity === 'error')).toEqual([]);
  });

  it('fills defaults and refuses content that does not fit its module type', () => {
    const flow = flowOf([['a', 'text', { text: 'hi' }]]);
    expect(flow.modules[0]).toMatchObject({
      name: '',
      tags: [],
      connections: [],
      isGoal: false,
      position: { x: 0, y: 0 },
    });
    expect(() => flowOf([['a', 'text', { buttons: [] }]])).toThrow();
    expect(() => flowOf([['a', 'teleport', {}]])).toThrow();
    expect(() => flowOf([['bad id!', 'text', { text: 'x' }]])).toThrow();
  });

  it('loads documents, naming what is wrong', () => {
    expect(loadFlow(starterFlow()).startModuleId).toBe('start');
    expect(() => loadFlow('nope')).toThrow(FlowDocumentError);
    try {
      loadFlow({ ...starterFlow(), modules: [{ id: 'x', type: 'text', content: {} }] });
    } catch (error) {
      expect((error as FlowDocumentError).issues[0]?.path).toBe('modules.0.content.text');
    }
    expect(() => loadFlow({ ...starterFlow(), schemaVersion: FLOW_SCHEMA_VERSION + 1 })).toThrow(
      'newer version of Parley',
    );
  });

  it('runs numbered migrations in order to bring old documents to the current format', () => {
    const migrations: FlowMigration[] = [
      {
        version: 3,
        name: 'greeting becomes welcome',
        up: (doc) => ({ ...doc, startModuleId: String(doc.startModuleId).replace('greeting', 'start') }),
      },
      {
        version: 2,
        name: 'settings appear',
        up: (doc) => ({
          ...doc,
          settings: { language: doc.language ?? 'en', fallbackMessage: 'Sorry?', expiryMinutes: 30 },
        }),
      },
    ];
    const old = {
      ...starterFlow(),
      schemaVersion: 1,
      startModuleId: 'greeting',
      language: 'fr',
      settings: undefined,
    };
    old.modules = [{ ...old.modules[0], id: 'start' } as Flow['modules'][number]];
    const migrated = migrateDocument(old, migrations, 3);
    expect(migrated).toMatchObject({
      schemaVersion: 3,
      startModuleId: 'start',
      settings: { language: 'fr', fallbackMessage: 'Sorry?' },
    });
    // Already at a version: nothing runs again.
    expect(migrateDocument({ ...migrated }, migrations, 3)).toEqual(migrated);
  });
});

describe('the flow validator', () => {
  it('finds nothing wrong in a well-built flow', () => {
    const flow = flowOf([
      ['start', 'text', { text: 'Hi' }, { next: 'ask' }],
      [
        'ask',
        'input',
        { prompt: 'Email?', variable: 'email', validator: { type: 'email' } },
        { next: 'bye', invalid: 'bye' },
      ],
      ['bye', 'end', { message: 'Thanks {{ email }}' }],
    ]);
    expect(codes(flow)).toEqual([]);
  });

  it('reports connections to missing modules and missing start', () => {
    const flow = flowOf([['start', 'text', { text: 'Hi' }, { next: 'ghost' }]], {
      startModuleId: 'nope',
    } as Partial<Flow>);
    expect(codes(flow)).toEqual(
      expect.arrayContaining(['error:missing-start:', 'error:connection-to-missing-module:start']),
    );
  });

  it('reports outputs that do not exist and outputs connected twice', () => {
    const flow = flowSchema.parse({
      ...flowOf([
        ['start', 'text', { text: 'Hi' }],
        ['b', 'end', {}],
      ]),
      modules: [
        {
          id: 'start',
          type: 'text',
          content: { text: 'Hi' },
          connections: [
            { id: 'c1', port: 'next', target: 'b' },
            { id: 'c2', port: 'next', target: 'b' },
            { id: 'c3', port: 'button:x', target: 'b' },
          ],
        },
        { id: 'b', type: 'end', content: {} },
      ],
    });
    expect(codes(flow)).toEqual(
      expect.arrayContaining(['error:duplicate-port-connection:start', 'error:unknown-port:start']),
    );
  });

  it('reports dead ends and unreachable modules as warnings', () => {
    const flow = flowOf([
      [
        'start',
        'buttons',
        {
          text: 'Pick',
          buttons: [
            { id: 'a', label: 'A', action: { type: 'goto' } },
            { id: 'b', label: 'B', action: { type: 'goto' } },
          ],
        },
        { 'button:a': 'end' },
      ],
      ['end', 'end', {}],
      ['island', 'text', { text: 'never shown' }, { next: 'end' }],
    ]);
    expect(codes(flow)).toEqual(['warning:dead-end:start', 'warning:unreachable:island']);
    expect(validateFlow(flow)[0]?.message).toContain('B');
  });

  it('counts modules reached from global connections as reachable', () => {
    const flow = flowOf(
      [
        ['start', 'end', {}],
        ['help', 'end', { message: 'Help!' }],
      ],
      {
        globalConnections: [
          {
            id: 'g1',
            name: 'help',
            trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
            target: 'help',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    expect(codes(flow)).toEqual([]);
  });

  it('reports loops that never wait for input and have no way out', () => {
    const loop = flowOf([
      ['start', 'text', { text: 'a' }, { next: 'b' }],
      ['b', 'jump', {}, { next: 'start' }],
    ]);
    expect(codes(loop)).toEqual(['error:loop-without-input:start']);
    const selfLoop = flowOf([['start', 'jump', {}, { next: 'start' }]]);
    expect(codes(selfLoop)).toEqual(['error:loop-without-input:start']);
  });

  it('accepts loops that wait for the user or can leave', () => {
    const waits = flowOf([
      ['start', 'text', { text: 'a' }, { next: 'q' }],
      [
        'q',
        'input',
        { prompt: 'again?', variable: 'x', validator: { type: 'text' } },
        { next: 'start', invalid: 'start' },
      ],
    ]);
    expect(codes(waits)).toEqual([]);
    const retries = flowOf(
      [
        ['start', 'set_variable', { assignments: [{ variable: 'n', value: 'n + 1' }] }, { next: 'check' }],
        [
          'check',
          'condition',
          { branches: [{ id: 'more', expression: 'n < 3' }] },
          { 'branch:more': 'start', else: 'done' },
        ],
        ['done', 'end', {}],
      ],
      { variables: [{ name: 'n', default: 0, description: '' }] },
    );
    expect(codes(retries)).toEqual([]);
  });

  it('refuses patterns the linear-time engine cannot run, naming the module or connection', () => {
    const flow = flowOf(
      [
        [
          'ask',
          'input',
          {
            prompt: 'Code?',
            variable: 'code',
            validator: { type: 'regex', pattern: '^(\\w)\\1$', flags: 'i' },
          },
          { next: 'end', invalid: 'end' },
        ],
        [
          'ok',
          'input',
          { prompt: 'Ref?', variable: 'ref', validator: { type: 'regex', pattern: '^(a+)+$', flags: 'i' } },
          { next: 'end', invalid: 'end' },
        ],
        ['end', 'end', {}],
      ],
      {
        globalConnections: [
          {
            id: 'g1',
            name: 'Password rule',
            trigger: { type: 'regex', pattern: '^(?=.*\\d).+$', flags: '' },
            target: 'end',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    const refused = validateFlow(flow).filter((finding) => finding.code === 'invalid-regex');
    expect(refused).toEqual([
      {
        severity: 'error',
        code: 'invalid-regex',
        moduleId: 'ask',
        pattern: '^(\\w)\\1$',
        refusal: { code: 'backreference' },
        message: expect.stringMatching(
          /^module ask: the pattern “\^\(\\w\)\\1\$” cannot be used: backreferences/,
        ),
      },
      {
        severity: 'error',
        code: 'invalid-regex',
        connectionId: 'g1',
        pattern: '^(?=.*\\d).+$',
        refusal: { code: 'lookaround' },
        message: expect.stringContaining('“Password rule” cannot be used: lookahead and lookbehind'),
      },
    ]);
  });

  it('reports intents, tags and patterns that do not exist or do not compile', () => {
    const flow = flowOf(
      [
        ['start', 'intent_router', { intents: ['refund'] }, { 'intent:refund': 'end', fallback: 'end' }],
        ['end', 'end', {}],
      ],
      {
        tags: [],
        globalConnections: [
          {
            id: 'g1',
            name: 'bad',
            trigger: { type: 'regex', pattern: '(', flags: '' },
            target: 'end',
            actions: [],
            enabled: true,
            priority: 0,
          },
          {
            id: 'g2',
            name: 'intent',
            trigger: { type: 'intent', intent: 'nope', threshold: 0.5 },
            target: 'end',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    expect(codes(flow)).toEqual(
      expect.arrayContaining([
        'error:unknown-intent:start',
        'error:invalid-regex:g1',
        'error:unknown-intent:g2',
      ]),
    );
  });

  it('warns of a router that routes no intent, or one without training phrases, and nothing more', () => {
    const flow = flowOf(
      [
        ['start', 'intent_router', { intents: [] }, { fallback: 'ask' }],
        [
          'ask',
          'intent_router',
          { intents: ['refund', 'hours'] },
          { 'intent:refund': 'end', 'intent:hours': 'end', fallback: 'end' },
        ],
        ['end', 'end', {}],
      ],
      {
        intents: [
          { name: 'refund', utterances: ['money back please'] },
          { name: 'hours', utterances: [] },
        ],
        globalConnections: [
          {
            id: 'g1',
            name: 'Opening hours',
            trigger: { type: 'intent', intent: 'hours', threshold: 0.5 },
            target: 'end',
            actions: [],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    expect(validateFlow(flow)).toEqual([
      {
        severity: 'warning',
        code: 'no-intents',
        moduleId: 'start',
        message: 'module start routes no intent yet: every message takes “Not understood”',
      },
      {
        severity: 'warning',
        code: 'intent-without-phrases',
        moduleId: 'ask',
        intent: 'hours',
        message: 'module ask routes the intent “hours”, which has no training phrases: it is never predicted',
      },
      {
        severity: 'warning',
        code: 'intent-without-phrases',
        connectionId: 'g1',
        intent: 'hours',
        message:
          '“Opening hours” listens for the intent “hours”, which has no training phrases: it is never predicted',
      },
    ]);
  });

  it('reports intents too large to learn, naming the limit', () => {
    const intents = (count: number, utterance = 'where is my order', each = 10) => ({
      intents: Array.from({ length: count }, (_, index) => ({
        name: `intent_${index}`,
        utterances: Array.from({ length: each }, (_, n) => `${utterance} ${n}`),
      })),
    });
    const fits = flowOf([['start', 'end', {}]], intents(10));
    const nluLimits = { maxUtterances: 100, maxUtteranceLength: 30 };
    expect(validateFlow(fits, undefined, { nluLimits })).toEqual([]);

    const tooMany = validateFlow(flowOf([['start', 'end', {}]], intents(11)), undefined, { nluLimits });
    expect(tooMany).toEqual([
      {
        severity: 'error',
        code: 'nlu-model-too-large',
        nluLimit: { kind: 'utterances', total: 110, limit: 100 },
        message:
          'The intents have 110 utterances in all; the limit is 100 utterances per bot: the bot cannot learn its intents',
      },
    ]);
    const tooLong = validateFlow(flowOf([['start', 'end', {}]], intents(2, 'x'.repeat(40))), undefined, {
      nluLimits,
    });
    expect(tooLong.map((finding) => finding.message)).toEqual([
      'An utterance of the intent “intent_0” has 42 characters; the limit is 30 characters per utterance: the bot cannot learn its intents',
    ]);
    // Without a configuration, the defaults apply.
    expect(codes(flowOf([['start', 'end', {}]], intents(250, 'hello', 21)))).toEqual([
      'error:nlu-model-too-large:',
    ]);
  });

  it('warns where a message prints a variable the flow can set to None, never as an error', () => {
    // A stand-in for the engine's reader: `{{ x }}` alone is printed as it is, `{{ x | d(…) }}` not.
    const analyzer: TemplateAnalyzer = {
      template: (source) => ({
        names: [...source.matchAll(/\{\{ (\w+)/g)].map((match) => match[1] ?? ''),
        printed: [...source.matchAll(/\{\{ (\w+) \}\}/g)].map((match) => match[1] ?? ''),
      }),
      expression: () => ({ names: [] }),
    };
    const flow = flowOf(
      [
        [
          'start',
          'input',
          {
            prompt: 'Your name?',
            variable: 'name',
            validator: { type: 'text' },
            skippable: true,
            skipWords: ['skip'],
          },
          { next: 'hook', invalid: 'hook' },
        ],
        [
          'hook',
          'webhook',
          { url: 'https://shop.example/{{ name }}', responseVariable: 'order' },
          { success: 'set', failure: 'set' },
        ],
        [
          'set',
          'set_variable',
          {
            assignments: [
              { variable: 'coupon', value: 'none' },
              { variable: 'plan', value: "'gold'" },
            ],
          },
          { next: 'agent' },
        ],
        ['agent', 'agent', { agent: null, variables: ['city'] }, { done: 'tell' }],
        [
          'tell',
          'text',
          {
            text: "Hi {{ name }}, {{ order }} {{ coupon }} {{ city }} {{ plan }} {{ tier }} {{ city | d('…', true) }}",
          },
          { next: 'bye' },
        ],
        ['bye', 'end', { message: 'Bye {{ tier }}' }],
      ],
      {
        variables: [{ name: 'tier', default: null, description: '' }],
        globalConnections: [
          {
            id: 'g1',
            name: 'Reset',
            trigger: { type: 'keyword', keywords: ['reset'], match: 'exact' },
            target: 'start',
            actions: [{ type: 'set_variable', variable: 'tier', value: 'None' }],
            enabled: true,
            priority: 0,
          },
        ],
      },
    );
    const nullable = validateFlow(flow, analyzer).filter((finding) => finding.code === 'nullable-printed');
    expect(
      nullable.map((finding) => `${finding.severity}:${finding.moduleId}:${finding.variable}`).sort(),
    ).toEqual([
      'warning:bye:tier',
      'warning:tell:city',
      'warning:tell:coupon',
      'warning:tell:name',
      'warning:tell:order',
      'warning:tell:tier',
    ]);
    // The webhook's address prints `name` too, but no visitor reads it.
    expect(nullable.some((finding) => finding.moduleId === 'hook')).toBe(false);
    expect(nullable.find((finding) => finding.moduleId === 'bye')?.message).toBe(
      "module bye prints “tier”, which the flow can set to None (a webhook’s or agent’s answer, a skipped question, Set variable to none): visitors would then read “None”. Write {{ tier | default('…', true) }} instead",
    );
  });
});
