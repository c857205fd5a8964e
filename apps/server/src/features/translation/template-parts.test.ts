import { describe, expect, it } from 'vitest';
import { protectTemplates, restoreTemplates } from './template-parts';

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
