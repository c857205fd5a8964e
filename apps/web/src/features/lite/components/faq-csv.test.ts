import { describe, expect, it } from 'vitest';
import { faqsFromCsv } from './faq-csv';

describe('questions and answers from a CSV file', () => {
  it.each([
    [
      'a header row and plain rows',
      'question,answer\nDo you deliver?,Yes\n',
      [{ question: 'Do you deliver?', answer: 'Yes' }],
    ],
    [
      'quoted commas, quotes and line breaks',
      '"Open on Sunday, too?","No, ""closed""\non Sundays"\r\n',
      [{ question: 'Open on Sunday, too?', answer: 'No, "closed"\non Sundays' }],
    ],
    [
      'semicolons and empty rows',
      'Pregunta;Respuesta\n\n¿Aparcamiento?;Sí\n',
      [{ question: '¿Aparcamiento?', answer: 'Sí' }],
    ],
    ['a missing answer', 'Parking?\n', [{ question: 'Parking?', answer: '' }]],
  ])('reads %s', (_name, text, expected) => {
    expect(faqsFromCsv(text)).toEqual(expected);
  });
});
