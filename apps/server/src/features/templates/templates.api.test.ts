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
      error: { name: 'TemplateException', message: expect.any(String), details: { line: 2 } },
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
      message: 'the template does too much work',
    });
  });

  it('requires signing in, and a well-formed body', async () => {
    expect((await render({ template: 'x' }, {})).statusCode).toBe(401);
    expect((await render({ template: 42 })).json().error.name).toBe('ValidationException');
    expect((await render({ template: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await render({ template: 'x'.repeat(100_001) })).statusCode).toBe(400);
  });
});
