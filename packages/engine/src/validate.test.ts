import { describe, expect, it } from 'vitest';
import { freeVariables, readTemplate } from './templating/analysis';
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

describe('what a template prints as it is (a None there reads “None”)', () => {
  it.each([
    ['Hi {{ name }}', ['name']],
    ['{{ name | upper }}', ['name']],
    // Jinja2's default replaces only an undefined value unless told `true`.
    ["{{ name | default('there') }}", ['name']],
    ["{{ name | default('there', true) }}", []],
    ["{{ name | d('there', boolean=true) }}", []],
    ["{{ name or 'there' }}", []],
    ["{{ name if name else 'there' }}", []],
    ['{{ order.id }}', []],
    ['{% if name %}Hi {{ name }}{% endif %}', []],
    ['{% if name is not none %}{{ name }}{% else %}Hi{% endif %}', []],
    ['{% if other %}{{ name }}{% endif %}', ['name']],
    ['{% for n in names %}{{ n }}{% endfor %}', []],
    ['{% set n = 1 %}{{ n }}', []],
  ])('%s prints %j as it is', (template, printed) => {
    expect(readTemplate(template).printed).toEqual(printed);
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

  it('warns where a message prints a variable the flow can set to None, suggesting default(…, true)', () => {
    const flow = flowOf([
      [
        'start',
        'webhook',
        {
          url: 'https://shop.example/orders',
          instance: { id: '00000000-0000-4000-8000-000000000001', name: 'Orders', maps: ['status'] },
        },
        { success: 'tell', failure: 'tell' },
      ],
      [
        'tell',
        'text',
        { text: "Status: {{ status }}. {{ status | default('unknown', true) }}" },
        { next: 'ask' },
      ],
      [
        'ask',
        'llm',
        { userPrompt: 'Explain {{ status }}', sendAsMessage: true },
        { next: 'safe', failure: 'safe' },
      ],
      ['safe', 'text', { text: "{% if status %}It is {{ status }}{% endif %} {{ status | d('–', true) }}" }],
    ]);
    const findings = validateFlowTemplates(flow).filter((finding) => finding.code === 'nullable-printed');
    // Only the message that prints it bare; not the prompt, not the guarded or defaulted prints.
    expect(findings).toEqual([
      expect.objectContaining({ severity: 'warning', moduleId: 'tell', variable: 'status' }),
    ]);
    expect(findings[0]?.message).toContain("{{ status | default('…', true) }}");
    // Nothing sets it to None (a declared variable with no value prints empty): no warning.
    const declared = flowOf([['start', 'text', { text: 'Hi {{ name }}' }]], {
      variables: [{ name: 'name', default: null, description: '' }],
    });
    expect(validateFlowTemplates(declared).map((finding) => finding.code)).not.toContain('nullable-printed');
  });
});
