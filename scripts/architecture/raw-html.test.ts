import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './import-graph';

/**
 * Every screen shows what visitors, builders and vendors wrote as text: React escapes it, and
 * Markdown goes through BotMarkdown (raw HTML escaped, links by the shared safe-url rule). A screen
 * that wrote HTML itself would be the one place a hostile name or message could run script.
 */
describe('no screen writes HTML of its own', () => {
  it('never uses dangerouslySetInnerHTML or innerHTML in the web app', () => {
    const writers = sourceFiles('apps/web/src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) =>
        /dangerouslySetInnerHTML|\.innerHTML\s*=/.test(readFileSync(join(root, file), 'utf8')),
      );
    expect(writers).toEqual([]);
  });
});
