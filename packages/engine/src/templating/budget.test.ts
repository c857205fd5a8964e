import { describe, expect, it } from 'vitest';
import { RenderBudget } from './budget';
import { TemplateBudgetExceeded, TemplateError } from './errors';
import { evaluateExpression, renderTemplate } from './index';

/** Renders and reports how it ended and how long it took. */
function timed(template: string, options: Parameters<typeof renderTemplate>[2] = {}) {
  const started = performance.now();
  let error: unknown;
  try {
    renderTemplate(template, {}, options);
  } catch (caught) {
    error = caught;
  }
  return { error, ms: performance.now() - started };
}

describe('one render has a budget: a hostile template fails fast with TemplateBudgetExceeded', () => {
  // Each of these used to build hundreds of megabytes (or loop for ever) before anything checked.
  it.each([
    ["{{ ('a'|center(400000000))|length }}", 'output'],
    ["{{ 'a'.center(1000000000) }}", 'output'],
    ["{{ 'a'.ljust(1000000000) }}{{ 'a'.rjust(1000000000) }}", 'output'],
    ["{{ 'a'.zfill(1000000000) }}", 'output'],
    ["{{ 'a\nb' | indent(1000000000) }}", 'output'],
    ["{{ ('a\n' * 400000) | indent(10) }}", 'output'],
    ["{{ 'a' * 1000000000 }}", 'output'],
    ["{{ '%*s' % (1000000000, 'a') }}", 'output'],
    ["{{ '%-1000000000s' % 'a' }}", 'output'],
    ["{{ '%#.1000000000g' % 0.0 }}", 'output'],
    ["{{ '{:>1000000000}'.format(1) }}", 'output'],
    ["{{ '%1000000000s' | format('x') }}", 'output'],
    ["{{ range(100000) | join('-' * 100) }}", 'output'],
    ["{{ ','.join(['x' * 100] * 100000) }}", 'output'],
    ["{{ ('a' * 900000) | replace('a', 'bb') }}", 'output'],
    ["{{ ('a' * 900000).replace('a', 'bb') }}", 'output'],
    ["{{ ('x ' * 400000) | wordwrap(1, wrapstring='<br>') }}", 'output'],
    ["{{ [1] | batch(1000000000, 'x') | list }}", 'output'],
    ['{{ [1] | slice(1000000000) | list }}', 'output'],
    ['{{ {"a": 1} | tojson(1000000000) }}', 'output'],
    ['{% set a = [1] %}{% for i in range(40) %}{% set _ = a.extend(a) %}{% endfor %}', 'output'],
    ["{{ ['x' * 900000] * 100000 }}", 'characters'],
    ["{{ (['x' * 900000] * 100000) | tojson }}", 'characters'],
    ["{{ (['x' * 900000] * 100000) | join }}", 'output'],
    ["{{ '%s' * 1000 % (('x' * 900000,) * 1000) }}", 'characters'],
    ["{% set b = 'a' * 900000 %}{% for i in range(1000) %}{{ b | length }}{% endfor %}", 'characters'],
    ["{% set b = 'a' * 900000 %}{% for i in range(1000) %}{{ b[i] }}{% endfor %}", 'characters'],
    ["{% set b = 'a' * 900000 %}{% for i in range(1000) %}{% set c = b ~ i %}{% endfor %}", 'characters'],
    ["{% for i in range(100000) %}{% if 'a' * 900000 %}{% endif %}{% endfor %}", 'characters'],
  ])('%s', (template, limit) => {
    const { error, ms } = timed(template);
    expect(error).toBeInstanceOf(TemplateBudgetExceeded);
    expect((error as TemplateBudgetExceeded).limit).toBe(limit);
    expect((error as Error).name).toBe('TemplateBudgetExceeded');
    expect((error as Error).message).toMatch(/^Template budget exceeded: the template /);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a set-variable value that would be huge once stored as JSON', () => {
    expect(() => evaluateExpression("['x' * 900000] * 100")).toThrow(TemplateBudgetExceeded);
  });

  it('never loops for ever on a width of zero, failing as Jinja2 does', () => {
    expect(() => renderTemplate("{{ 'some words' | wordwrap(0) }}")).toThrow('invalid width 0');
  });

  it('keeps filters linear where Python is: unique of 100 000 items', () => {
    const started = performance.now();
    expect(renderTemplate('{{ range(100000) | unique | list | length }}')).toBe('100000');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('lets ordinary big work through', () => {
    expect(renderTemplate("{{ ('a' | center(500000)) | length }}")).toBe('500000');
    expect(renderTemplate("{{ range(1000) | join(', ') | length }}")).toBe('4888');
  });
});

describe('renders can share a budget (a turn, a preview)', () => {
  it('counts the steps of every render against the shared budget', () => {
    const budget = new RenderBudget({ maxSteps: 2_500, maxChars: 1_000_000, owner: 'this turn' });
    const loop = '{% for i in range(1000) %}{% endfor %}';
    renderTemplate(loop, {}, { budget });
    renderTemplate(loop, {}, { budget });
    expect(() => renderTemplate(loop, {}, { budget })).toThrow(
      'Template budget exceeded: this turn does too much work (over 2,500 steps)',
    );
    // Once spent, a tiny render fails too: the turn has nothing left.
    expect(() => renderTemplate('{{ 1 }}', {}, { budget })).toThrow(TemplateBudgetExceeded);
  });

  it('counts the characters of every render', () => {
    const budget = new RenderBudget({ maxSteps: 1_000_000, maxChars: 1_000_000 });
    renderTemplate("{{ 'a' * 400000 }}", {}, { budget });
    expect(() => renderTemplate("{{ 'a' * 400000 }}", {}, { budget })).toThrow(
      expect.objectContaining({ limit: 'characters' }),
    );
  });

  it('stops at the time limit on the host clock, counting only time spent rendering', () => {
    let now = 0;
    // Every reading of the clock moves it on by one millisecond: renders "take" time as they work.
    const clock = () => now++;
    const budget = new RenderBudget({ maxSteps: 10_000_000, maxChars: 10_000_000, clock, timeLimitMs: 50 });
    renderTemplate('{{ 1 }}', {}, { budget });
    now += 60_000; // a minute waiting on a webhook between two renders costs nothing
    renderTemplate('{{ 2 }}', {}, { budget });
    const { error } = timed('{% for i in range(100000) %}{{ i }}{% endfor %}', { budget });
    expect(error).toBeInstanceOf(TemplateBudgetExceeded);
    expect(error).toMatchObject({ limit: 'time', message: expect.stringContaining('over 50 ms') });
  });

  it('stops a render that really takes long, on a real clock', () => {
    const budget = new RenderBudget({
      maxSteps: 100_000_000,
      maxChars: 100_000_000,
      clock: () => performance.now(),
      timeLimitMs: 100,
    });
    const { error, ms } = timed(
      '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
      { budget, limits: { maxSteps: 100_000_000 } },
    );
    expect(error).toMatchObject({ name: 'TemplateBudgetExceeded', limit: 'time' });
    expect(ms).toBeLessThan(400);
  });

  it('is a TemplateError, so every caller already handles it', () => {
    expect(new TemplateBudgetExceeded('steps', 'x')).toBeInstanceOf(TemplateError);
  });
});
