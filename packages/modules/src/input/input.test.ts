import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { inputRuntime } from './execute';
import { inputContentSchema } from './schema';
import { validateInput } from './validators';

describe('input validators', () => {
  it.each([
    [{ type: 'text', minLength: 2 }, 'ok', 'ok'],
    [{ type: 'email' }, ' ada@example.com ', 'ada@example.com'],
    [{ type: 'phone' }, '+1 (555) 123-4567', '15551234567'],
    [{ type: 'phone' }, '123456789012', '123456789012'],
    [{ type: 'number' }, '1,234.5', 1234.5],
    [{ type: 'number', min: 1, max: 10 }, '7', 7],
    [{ type: 'date' }, '2026-02-28', '2026-02-28'],
    [{ type: 'date' }, '28/02/2026', '2026-02-28'],
    [{ type: 'regex', pattern: '^[A-Z]{3}-\\d{3}$', flags: '' }, 'ABC-123', 'ABC-123'],
    [{ type: 'choice', choices: ['Small', 'Large'] }, 'large', 'Large'],
  ] as const)('%j accepts %j', (validator, text, value) => {
    expect(validateInput(validator as never, text)).toEqual({ ok: true, value });
  });

  it.each([
    [{ type: 'text', minLength: 3 }, 'ab'],
    [{ type: 'email' }, 'not an email'],
    [{ type: 'email' }, 'jöse@exämple.com'],
    [{ type: 'phone' }, '1234567890123'],
    [{ type: 'phone' }, 'call me'],
    [{ type: 'number' }, 'twelve'],
    [{ type: 'number', min: 1, max: 10 }, '11'],
    [{ type: 'date' }, '2026-02-30'],
    [{ type: 'date' }, 'tomorrow'],
    [{ type: 'regex', pattern: '^\\d+$', flags: '' }, '12a'],
    [{ type: 'choice', choices: ['Small'] }, 'medium'],
  ] as const)('%j refuses %j', (validator, text) => {
    expect(validateInput(validator as never, text)).toEqual({ ok: false });
  });
});

describe('regex validators run on a linear-time engine', () => {
  const time = (run: () => unknown) => {
    const started = performance.now();
    const result = run();
    return { result, ms: performance.now() - started };
  };

  it.each([
    ['^(a+)+$', `${'a'.repeat(31)}!`],
    ['^(a+)+$', `${'a'.repeat(499)}!`],
    ['^(a|aa)+$', `${'a'.repeat(499)}b`],
    ['^(\\w+\\s?)*$', `${'word '.repeat(99)}!`],
    ['(x+x+)+y', 'x'.repeat(499)],
  ])('%s answers a hostile %#th message in milliseconds', (pattern, text) => {
    const { result, ms } = time(() => validateInput({ type: 'regex', pattern, flags: '' }, text));
    expect(result).toEqual({ ok: false });
    expect(ms).toBeLessThan(100);
  });

  it('keeps flags and JS escapes working as before', () => {
    const regex = (pattern: string, flags: string) => ({ type: 'regex', pattern, flags }) as const;
    expect(validateInput(regex('^abc$', 'i'), 'ABC').ok).toBe(true);
    expect(validateInput(regex('^abc$', ''), 'ABC').ok).toBe(false);
    expect(validateInput(regex('^caf\\u00e9$', 'i'), 'CAFÉ').ok).toBe(true);
    expect(validateInput(regex('^a.b$', 's'), 'a\nb').ok).toBe(true);
    expect(validateInput(regex('^a.b$', ''), 'a\nb').ok).toBe(false);
    expect(validateInput(regex('^\\\\u0041$', ''), '\\u0041').ok).toBe(true);
  });

  it.each([
    ['(', 'missing closing )'],
    ['^(?=.*\\d)\\w+$', 'lookahead and lookbehind'],
    ['^(a)\\1$', 'backreferences'],
  ])('refuses %s with the reason (it never matches)', (pattern, reason) => {
    const result = validateInput({ type: 'regex', pattern, flags: '' }, 'aa1');
    expect(result).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });
});

describe('input module', () => {
  const content = inputContentSchema.parse({
    prompt: 'Your email?',
    variable: 'email',
    validator: { type: 'email' },
    retryMessage: 'That is not an email.',
    maxRetries: 1,
    skippable: true,
    skipWords: ['skip', 'no thanks'],
  });

  it('asks and waits', async () => {
    const { context, sent } = testContext();
    expect(await inputRuntime.enter(content, context)).toEqual({ kind: 'wait' });
    expect(sent).toEqual([{ type: 'text', text: 'Your email?' }]);
  });

  it('stores a valid answer', async () => {
    const { context, variables } = testContext();
    expect(await inputRuntime.receive?.(content, { kind: 'text', text: 'a@b.co' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'next',
    });
    expect(variables.get('email')).toBe('a@b.co');
  });

  it('asks again, then gives up through `invalid`', async () => {
    const { context, sent } = testContext();
    expect(await inputRuntime.receive?.(content, { kind: 'text', text: 'nope' }, context, 1)).toEqual({
      kind: 'reprompt',
    });
    expect(sent).toEqual([{ type: 'text', text: 'That is not an email.' }]);
    expect(await inputRuntime.receive?.(content, { kind: 'text', text: 'still no' }, context, 2)).toEqual({
      kind: 'continue',
      port: 'invalid',
    });
  });

  it('can be skipped, which the engine records', async () => {
    const { context, variables } = testContext();
    expect(await inputRuntime.receive?.(content, { kind: 'text', text: 'No thanks' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'next',
      skipped: true,
    });
    expect(variables.get('email')).toBeNull();
  });

  it('records why an answer was refused when its pattern cannot run', async () => {
    const { context, events } = testContext();
    const lookahead = { ...content, validator: { type: 'regex', pattern: '(?=a)a', flags: 'i' } } as const;
    expect(await inputRuntime.receive?.(lookahead, { kind: 'text', text: 'a' }, context, 1)).toEqual({
      kind: 'reprompt',
    });
    expect(events).toEqual([
      {
        name: 'Input Rejected',
        data: expect.objectContaining({
          validator: 'regex',
          reason: expect.stringContaining('lookahead and lookbehind ((?=…)'),
        }),
      },
    ]);
  });

  it('refuses reserved and malformed variable names', () => {
    expect(inputContentSchema.safeParse({ ...content, variable: 'parley' }).success).toBe(false);
    expect(inputContentSchema.safeParse({ ...content, variable: '1st' }).success).toBe(false);
  });
});
