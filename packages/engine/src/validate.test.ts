import { describe, expect, it } from 'vitest';
import { freeVariables } from './templating/analysis';
import { flowOf } from './testing/run-bot';
import { validateFlowTemplates } from './validate';

describe('reading templates for the validator', () => {
  it.each([
    ['Hello {{ name }}', ['name']],
    ['{{ user.first_name | default(fallback) }}', ['user', 'fallback']],
    ['{% set x = 1 %}{{ x + y }}', ['y']],
    ['{% for item in items if item.ok %}{{ item.name }} {{ loop.index }}{% endfor %}', ['items']],
    ['{% macro m(a, b=c) %}{{ a }}{{ b }}{{ d }}{% endmacro %}{{ m(1) }}', ['c', 'd']],
    ['{% with z = total %}{{ z }}{% endwith %}', ['total']],
    ['{{ range(3) | list }} {{ namespace(a=1).a }}', []],
    ['{% set t %}{{ q }}{% endset %}{{ t }}', ['q']],
  ])('%s reads %j', (template, names) => {
    expect(freeVariables(template).sort()).toEqual([...names].sort());
  });
});

describe('validating a flow with its templates', () => {
  it('reports variables used but never set or declared, and accepts set, declared and built-in ones', () => {
    const flow = flowOf(
      [
        [
          'start',
          'input',
          { prompt: 'Name?', variable: 'name', validator: { type: 'text' } },
          { next: 'greet', invalid: 'greet' },
        ],
        [
          'greet',
          'text',
          { text: 'Hi {{ name }}, {{ city }}! {{ parley.transcript | length }} {{ plan }}' },
          { next: 'end' },
        ],
        ['end', 'end', {}],
      ],
      { variables: [{ name: 'plan', default: 'free', description: '' }] },
    );
    const findings = validateFlowTemplates(flow);
    expect(findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'undeclared-variable',
        moduleId: 'greet',
        variable: 'city',
      }),
    ]);
  });

  it('reports template syntax errors with their line', () => {
    const flow = flowOf([['start', 'text', { text: 'line one\n{% if %}' }]]);
    expect(validateFlowTemplates(flow)).toContainEqual(
      expect.objectContaining({ severity: 'error', code: 'template-error', moduleId: 'start', line: 2 }),
    );
    const badCondition = flowOf([
      [
        'start',
        'condition',
        { branches: [{ id: 'a', expression: '1 +' }] },
        { 'branch:a': 'start', else: 'start' },
      ],
    ]);
    expect(validateFlowTemplates(badCondition).map((finding) => finding.code)).toContain('template-error');
  });
});
