import { describe, expect, it } from 'vitest';
import { protectTemplates, restoreTemplates, templatePartsDiff, templateTranslator } from './template-parts';

describe('template parts kept out of translation', () => {
  it('replaces each Jinja part by a tag and escapes the words', () => {
    expect(protectTemplates('Hi {{ name }} & {% if vip %}welcome{% endif %} <3')).toEqual({
      xml: 'Hi <x id="0"/> &amp; <x id="1"/>welcome<x id="2"/> &lt;3',
      parts: ['{{ name }}', '{% if vip %}', '{% endif %}'],
    });
  });

  it('puts the parts back where the translation moved them', () => {
    const { parts } = protectTemplates('{{ a }} and {{ b }}');
    expect(restoreTemplates('<x id="1"/> y <x id="0"/> &amp; más', parts)).toBe('{{ b }} y {{ a }} & más');
  });

  it('gives up on a translation that lost or repeated a part', () => {
    const { parts } = protectTemplates('Hi {{ name }}');
    expect(restoreTemplates('Hola', parts)).toBeNull();
    expect(restoreTemplates('<x id="0"/> <x id="0"/>', parts)).toBeNull();
  });

  it('leaves a plain text plain', () => {
    expect(protectTemplates('Hello')).toEqual({ xml: 'Hello', parts: [] });
    expect(restoreTemplates('Hola', [])).toBe('Hola');
  });
});

describe('a translated template applied to a rendered text', () => {
  it('puts each part’s rendered value where the translation has the part', () => {
    const translate = templateTranslator(
      'Hi {{ name }}, you owe {{ total }}.',
      'Debes {{ total }}, {{ name }}.',
    );
    expect(translate?.('Hi Ana, you owe 12 €.')).toBe('Debes 12 €, Ana.');
    expect(translate?.('Hello Ana')).toBeNull();
  });

  it('reads a part used twice only if it rendered the same both times', () => {
    const translate = templateTranslator('{{ a }} and {{ a }}', '{{ a }} y {{ a }}');
    expect(translate?.('x and x')).toBe('x y x');
    expect(translate?.('x and y')).toBeNull();
  });

  it('has no translator for plain texts or blocks whose output cannot be read back', () => {
    expect(templateTranslator('Hello', 'Hola')).toBeNull();
    expect(templateTranslator('{% if vip %}Hi{% endif %}', '{% if vip %}Hola{% endif %}')).toBeNull();
  });

  it('names the parts a translation lost or made up', () => {
    expect(templatePartsDiff('Hi {{ name }} {{ x }}', 'Hola {{ x }} {{ nombre }}')).toEqual({
      lost: ['{{ name }}'],
      added: ['{{ nombre }}'],
    });
  });
});
