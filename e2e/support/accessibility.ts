import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What axe-core finds against WCAG 2.1 A/AA (and its best practices, unless told otherwise) in the
 * part of the page `selector` names, as `rule: targets` lines (empty: nothing found).
 */
export async function accessibilityViolations(
  page: Page,
  selector: string,
  options: { bestPractice?: boolean } = {},
): Promise<string[]> {
  // Evaluated by the browser's debugging protocol: the app's content security policy refuses
  // inline scripts, as it should.
  await page.evaluate(axe.source);
  const runOnly = [
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    ...(options.bestPractice === false ? [] : ['best-practice']),
  ];
  return page.evaluate(
    async ({ selector, runOnly }) => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(selector, {
        runOnly,
        // Landmark regions are the host page's business, not a fragment's.
        rules: { region: { enabled: false } },
      });
      return result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { selector, runOnly },
  );
}
