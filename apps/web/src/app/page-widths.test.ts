import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Sibling screens of an area keep one frame: their pages take their width from the shared
 * PageContainer (shared/ui/page-container.tsx), never a number of their own, so moving between
 * the agents tabs, My webhooks and its delivery log, or company settings and the profile does not
 * make the page jump. A failure names the file and the width it sets.
 */

const web = join(import.meta.dirname, '..');
/** The areas that share one page width (more join as their screens move to PageContainer). */
const AREAS = ['features/agents', 'features/webhooks', 'features/company', 'features/profile'];

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pages(path);
    return entry.name.endsWith('-page.tsx') ? [path] : [];
  });
}

describe('page widths', () => {
  const files = AREAS.flatMap((area) => pages(join(web, area)));

  it('finds the areas’ pages', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('gives every page of an area its area’s width, from the shared page container', () => {
    const own = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/maxWidth: (\d+), mx: 'auto'/g)].map(
        (match) => `${relative(web, file)} sets ${match[1]}px`,
      ),
    );
    expect(own).toEqual([]);
  });
});
