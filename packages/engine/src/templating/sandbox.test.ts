import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError, TemplateError } from './errors';
import { renderTemplate } from './index';

/** Known server-side template injection payloads for Jinja2 and nunjucks. */
const payloads = [
  '{{ range.constructor("return process")() }}',
  "{{ range.constructor(\"return global.process.mainModule.require('child_process').execSync('id')\")() }}",
  "{{ ''.constructor.constructor('return process')() }}",
  "{{ [].constructor.constructor('return this')() }}",
  "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
  "{{ joiner.__init__.__globals__.os.popen('id').read() }}",
  "{{ namespace.__init__.__globals__.os.popen('id').read() }}",
  "{{ ''.__class__.__mro__[1].__subclasses__() }}",
  "{{ ''.__class__.__base__.__subclasses__() }}",
  '{{ config.items() }}',
  '{{ self.__init__.__globals__.__builtins__ }}',
  "{{ request.application.__globals__.__builtins__.__import__('os').popen('id').read() }}",
  "{{ lipsum.__globals__['os'].popen('id').read() }}",
  '{{ url_for.__globals__ }}',
  '{{ get_flashed_messages.__globals__ }}',
  '{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}',
  "{{ ''|attr('__class__') }}",
  "{{ ''|attr('constructor')|attr('constructor') }}",
  "{{ (''|attr('constructor'))('x') }}",
  '{{ {}.constructor.assign }}',
  '{{ {}.__proto__ }}',
  '{{ [].__proto__.constructor }}',
  "{{ 'a'.toString.call }}",
  "{{ 'a'.valueOf() }}",
  '{{ range.call }}',
  '{{ range.apply(none, [1]) }}',
  '{{ range.bind }}',
  '{{ namespace.prototype }}',
  '{{ x.constructor }}',
  "{% set f = range.constructor %}{{ f('return 1')() }}",
  "{{ dict.constructor('return process')() }}",
  "{{ cycler.constructor('return process')() }}",
  '{% for x in range(1) %}{{ loop.constructor }}{% endfor %}',
  '{% for x in range(1) %}{{ loop.__class__ }}{% endfor %}',
  "{{ 'x'.format.constructor }}",
  "{{ '{0.__class__}'.format('x') }}",
  "{{ '{0.constructor.constructor}'.format('x') }}",
  '{{ [1, 2].map }}',
  '{{ [1, 2].__proto__.map }}',
  '{{ [1].constructor.from }}',
  '{{ process }}',
  "{{ require('fs') }}",
  '{{ global }}{{ globalThis }}{{ this }}{{ Function }}',
  "{{ eval('1 + 1') }}",
  "{% macro m() %}{{ m.constructor('return process')() }}{% endmacro %}{{ m() }}",
  "{{ 'abc'.__len__() }}",
  '{{ (1).constructor }}',
  "{{ ''.sub.call }}",
  '{{ x.hasOwnProperty("a") }}',
  "{{ namespace(__proto__={'polluted': 1}).polluted }}",
  "{{ dict(__proto__={'polluted': 1}) }}",
  "{% set d = {} %}{% set _ = d.update({'__proto__': {'polluted': 1}}) %}{{ d }}",
  '{{ "{0.__proto__.constructor}".format(x) }}',
];

describe('the sandbox', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });

  it('has at least 40 payloads to resist', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40);
  });

  it.each(payloads)('does not execute %s', (payload) => {
    let output = '';
    try {
      output = renderTemplate(payload, { x: { a: 1 } });
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      return;
    }
    // Rendering is allowed to succeed only with harmless output.
    expect(output).not.toMatch(/native code|function|process|pid|uid=|require|\[object/i);
  });

  it('offers no way to run code even through assignment tricks', () => {
    expect(() => renderTemplate("{{ ''.constructor.constructor('globalThis.pwned = 1')() }}")).toThrow(
      TemplateError,
    );
    // As in Jinja2: the first step is undefined, and going further from undefined is an error.
    expect(renderTemplate("{{ ''|attr('constructor') }}")).toBe('');
    expect(() => renderTemplate("{% set c = ''|attr('constructor') %}{{ c|attr('constructor') }}")).toThrow(
      TemplateError,
    );
  });
});

describe('resource limits: a hostile template errors, it never hangs or crashes the server', () => {
  it('caps range at 100 000 items as Jinja2’s sandbox does', () => {
    expect(renderTemplate('{{ range(100000) | length }}')).toBe('100000');
    expect(() => renderTemplate('{{ range(100001) | length }}')).toThrow(SandboxError);
    expect(() => renderTemplate('{{ range(100000000) | list }}')).toThrow(/Range too big/);
  });

  it('stops runaway loops by counting work', () => {
    expect(() =>
      renderTemplate('{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'),
    ).toThrow('the template does too much work');
  });

  it('caps output size, checking before building huge values', () => {
    expect(() => renderTemplate("{{ 'a' * 100000000 }}")).toThrow(SandboxError);
    expect(() => renderTemplate('{{ [1] * 1000000000 }}')).toThrow(SandboxError);
    expect(() => renderTemplate("{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}")).toThrow(
      'the template produces too much output',
    );
  });

  it('stops infinite recursion', () => {
    expect(() => renderTemplate('{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}')).toThrow(
      'maximum recursion depth exceeded',
    );
    expect(() => renderTemplate('{% set a = [] %}{% set _ = a.append(a) %}{{ a }}')).toThrow(TemplateError);
    expect(() => renderTemplate('{% set a = [] %}{% set _ = a.append(a) %}{{ a | tojson }}')).toThrow(
      TemplateError,
    );
  });

  it('refuses templates nested too deeply to parse', () => {
    expect(() => renderTemplate(`{{ ${'('.repeat(500)}1${')'.repeat(500)} }}`)).toThrow(
      'the template is nested too deeply',
    );
    expect(() => renderTemplate(`${'{% if true %}'.repeat(300)}x${'{% endif %}'.repeat(300)}`)).toThrow(
      TemplateError,
    );
  });

  it('refuses numbers too large to hold', () => {
    expect(() => renderTemplate('{{ 10.0 ** 400 }}')).toThrow('the number is too large');
    expect(() => renderTemplate('{{ 2 ** 100000 }}')).toThrow('the number is too large');
  });

  it('lets the host lower the limits', () => {
    expect(() => renderTemplate('{{ range(11) | list }}', {}, { limits: { maxRange: 10 } })).toThrow(
      SandboxError,
    );
    expect(() => renderTemplate('{{ "x" * 50 }}', {}, { limits: { maxOutput: 20 } })).toThrow(SandboxError);
  });
});

describe('template errors carry a line number', () => {
  it.each([
    ['line 1\nline 2 {{ 1 + }}', 2],
    ['a\nb\nc {% if %}', 3],
    ['{% if true %}\n\n{% endfor %}', 3],
    ['ok\n{{ missing.attr }}', 2],
    ['\n\n\n{{ 1 / 0 }}', 4],
  ])('%j fails on line %i', (template, line) => {
    try {
      renderTemplate(template);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      expect((error as TemplateError).line).toBe(line);
    }
  });
});
