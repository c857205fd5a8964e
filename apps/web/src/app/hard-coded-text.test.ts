import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Text written straight into a component is English on every screen, whatever the language: words
 * between tags and in visible attributes go through i18n. A failure names the file, line and text.
 * (The Spanish journey, e2e/spanish.spec.ts, catches what is built from words elsewhere.)
 */

const repo = join(import.meta.dirname, '../../../..');
const roots = ['apps/web/src', 'packages/modules/src'];

/** Attributes people read or hear. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'alt',
  'helperText',
  'label',
  'placeholder',
  'title',
]);

/** Names said the same in every language (codes in capitals, like USD, are names too). */
const NAMES = new Set(['Parley', 'Jinja']);

/** Examples of code a field shows until something is typed: not words. */
const CODE_EXAMPLES = new Set(['https://', 'total > 10', '{"order": {{ order_id | tojson }}}']);

/** Files that may not go through i18n, and why. */
const EXEMPT: Record<string, string> = {
  'apps/web/src/app/errors/router-fallback.tsx':
    'the last resort when the app frame failed: it must not depend on translations, which may be what failed',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const words = (text: string) =>
  !CODE_EXAMPLES.has(text.trim()) &&
  (text.match(/\p{L}{2,}/gu) ?? []).some((word) => !NAMES.has(word) && word !== word.toUpperCase());

function hardCoded(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(repo, file)}:${line + 1} "${text.trim().replace(/\s+/g, ' ')}"`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && words(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        value && ts.isJsxExpression(value) && value.expression ? value.expression : (value ?? undefined);
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        words(literal.text)
      )
        report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components', () => {
  it('write no words of their own: every visible text goes through i18n', () => {
    const files = roots
      .flatMap((dir) => sources(join(repo, dir)))
      .filter((file) => !(relative(repo, file) in EXEMPT));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(hardCoded)).toEqual([]);
  });
});
