import { describe, expect, it } from 'vitest';
import { industryOfText } from './0014-industries';

describe('free-text industries onto the list (migration 0014)', () => {
  it.each([
    ['Retail', 'retail'],
    ['  e-Commerce ', 'retail'],
    ['Finance', 'financial_services'],
    ['Banking', 'financial_services'],
    ['Financial Services', 'financial_services'],
    ['Software', 'software'],
    ['SaaS', 'software'],
    ['Hospitality', 'hospitality'],
    ['Travel & Tourism', 'travel'],
    ['Real-estate', 'real_estate'],
    ['Non-profit', 'nonprofit'],
    ['Educación', 'education'],
    ['Telecomunicaciones', 'telecommunications'],
    ['transportation_logistics', 'transportation_logistics'],
  ])('reads %j as %s', (text, industry) => {
    expect(industryOfText(text)).toBe(industry);
  });

  it.each(['', 'Widgets', 'Retail and software', 'Other', 'Bank of things', '???'])(
    'clears %j, which names no industry clearly',
    (text) => {
      expect(industryOfText(text)).toBeNull();
    },
  );
});
