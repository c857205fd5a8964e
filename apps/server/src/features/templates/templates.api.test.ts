import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('POST /api/templates/render', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerOwner(t)).auth.token;
  });
  afterAll(() => t.close());

  const render = (payload: unknown, headers: Record<string, string> = authHeader(token)) =>
    t.request({ method: 'POST', url: '/api/templates/render', headers, payload: payload as object });

  it('renders Jinja2 as Jinja2 does, with the given variables', async () => {
    const response = await render({
      template: 'Hi {{ user.name }}! {{ 10 / 4 }} {{ items | join(", ") }} {{ flag }}',
      variables: { user: { name: 'Ada' }, items: ['a', 'b'], flag: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ output: 'Hi Ada! 2.5 a, b True' });
  });

  it('answers a syntax error as a TemplateException with its line', async () => {
    const response = await render({ template: 'line one\n{% if %}', variables: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        name: 'TemplateException',
        message: expect.any(String),
        details: { line: 2, error: 'TemplateError' },
      },
    });
  });

  it('answers render errors and sandbox limits the same way, never executing anything', async () => {
    const division = await render({ template: '{{ 1 / 0 }}' });
    expect(division.json().error).toMatchObject({
      name: 'TemplateException',
      message: 'division by zero',
      details: { line: 1 },
    });
    const breakout = await render({ template: '{{ range.constructor("return process")() }}' });
    expect(breakout.statusCode).toBe(400);
    expect(breakout.json().error.name).toBe('TemplateException');
    const runaway = await render({
      template: '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
    });
    expect(runaway.json().error).toMatchObject({
      name: 'TemplateException',
      message: expect.stringMatching(
        /^Template budget exceeded: the template (does too much work|takes too long)/,
      ),
      details: { line: 1, error: 'TemplateBudgetExceeded' },
    });
  });

  it('answers a hostile template fast with TemplateBudgetExceeded, and keeps serving others meanwhile', async () => {
    const started = performance.now();
    const hostile = render({ template: "{{ ('a'|center(400000000))|length }}" }).then((response) => ({
      response,
      ms: performance.now() - started,
    }));
    const slow = render({
      template: '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
    }).then((response) => ({ response, ms: performance.now() - started }));
    const normal = render({ template: 'Hi {{ name }}', variables: { name: 'Ada' } }).then((response) => ({
      response,
      ms: performance.now() - started,
    }));
    const [a, b, c] = await Promise.all([hostile, slow, normal]);
    expect(a.response.statusCode).toBe(400);
    expect(a.response.json().error).toEqual({
      name: 'TemplateException',
      message: expect.stringMatching(/^Template budget exceeded: the template produces too much output/),
      details: { line: 1, error: 'TemplateBudgetExceeded', limit: 'output' },
    });
    // The runaway loop stops at the preview's step cap or its time limit (on the server's clock),
    // whichever a loaded machine reaches first.
    expect(b.response.json().error.details).toMatchObject({
      error: 'TemplateBudgetExceeded',
      limit: expect.stringMatching(/^(steps|time)$/),
    });
    expect(c.response.json()).toEqual({ output: 'Hi Ada' });
    // One at a time in one process: the normal request waited at most for the budgets of the others.
    expect(c.ms).toBeLessThan(1500);
    expect(Math.max(a.ms, b.ms)).toBeLessThan(1500);
  });

  it('requires signing in, and a well-formed body', async () => {
    expect((await render({ template: 'x' }, {})).statusCode).toBe(401);
    expect((await render({ template: 42 })).json().error.name).toBe('ValidationException');
    expect((await render({ template: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await render({ template: 'x'.repeat(100_001) })).statusCode).toBe(400);
  });
});
