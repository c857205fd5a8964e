import { beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../index';
import { corpus } from './corpus';
import { type ReferenceResult, renderWithJinja2 } from './jinja-reference';

/** Parley's output, in the reference's terms. */
function renderWithParley(template: string, variables: Record<string, unknown>): ReferenceResult {
  try {
    return { ok: true, output: renderTemplate(template, variables, { random: () => 0 }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

describe('Jinja2 fidelity: every corpus template renders as Jinja2 renders it', () => {
  let reference: ReferenceResult[];
  beforeAll(() => {
    // Variables go through JSON on both sides, so both see the same values.
    reference = renderWithJinja2(
      corpus.map(([, template, variables]) => ({ template, variables: variables ?? {} })),
    );
  });

  it('has a corpus of at least 150 templates', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
  });

  it.each(corpus.map((entry, index) => [entry[0], index] as const))('%s', (_name, index) => {
    const [, template, variables = {}] = corpus[index] ?? ['', ''];
    const expected = reference[index];
    const actual = renderWithParley(template, JSON.parse(JSON.stringify(variables)));
    if (expected?.ok) {
      expect(actual).toEqual(expected);
    } else {
      // An error in Jinja2 must be an error here too (the messages may differ).
      expect(actual.ok, `Jinja2 failed with ${expected?.error} but Parley rendered`).toBe(false);
    }
  });
});
