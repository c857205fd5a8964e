import { describe, expect, it } from 'vitest';
import { visitorCountry } from './visitor-country';

describe('the visitor’s country', () => {
  it.each([
    ['the trusted header', { 'cf-ipcountry': 'mx' }, 'cf-ipcountry', 'en-US', 'MX'],
    [
      'no header configured: the widget’s language region',
      { 'cf-ipcountry': 'MX' },
      undefined,
      'es-AR',
      'AR',
    ],
    ['unknown (XX) falls back to the language', { 'cf-ipcountry': 'XX' }, 'cf-ipcountry', 'pt-BR', 'BR'],
    ['Tor (T1) falls back too', { 'cf-ipcountry': 'T1' }, 'cf-ipcountry', undefined, null],
    ['a script subtag is skipped', {}, undefined, 'zh-Hant-TW', 'TW'],
    [
      'Accept-Language when the widget sent none',
      { 'accept-language': 'fr-CA,fr;q=0.9' },
      undefined,
      undefined,
      'CA',
    ],
    ['a language without a region', { 'accept-language': 'de' }, undefined, 'de', null],
    ['a header that is not a country', { 'x-country': 'Spain' }, 'x-country', 'es', null],
  ])('%s', (_case, headers, header, language, expected) => {
    expect(visitorCountry(headers, header, language)).toBe(expected);
  });
});
