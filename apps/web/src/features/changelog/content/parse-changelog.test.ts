import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangelogContentError, parseChangelog, parseChangelogFile } from './parse-changelog';

const entry = (front: string, body = 'Body text.') => `---\n${front}\n---\n${body}\n`;
const valid =
  'title: Better inbox\ndate: 2023-05-18\nversion: 1.7.9\ntype: feature\nvisibility: public\ntags: [inbox, agents]\nauthor: Parley team';

describe('changelog files', () => {
  it('parses front matter and body', () => {
    expect(parseChangelogFile('a', entry(valid, '**Bold** news'))).toEqual({
      id: 'a',
      title: 'Better inbox',
      date: '2023-05-18',
      version: '1.7.9',
      type: 'feature',
      visibility: 'public',
      tags: ['inbox', 'agents'],
      author: 'Parley team',
      body: '**Bold** news',
    });
  });

  it('reads older `fix` entries as bugfixes', () => {
    expect(parseChangelogFile('a', entry(valid.replace('type: feature', 'type: fix'))).type).toBe('bugfix');
  });

  it.each([
    ['no front matter', 'just text'],
    ['unknown type', entry(valid.replace('type: feature', 'type: party'))],
    ['bad date', entry(valid.replace('2023-05-18', 'May 18'))],
    ['public entry with a dated version', entry(valid.replace('1.7.9', '2023.05.18-1'))],
    [
      'internal entry with a semantic version',
      entry(valid.replace('visibility: public', 'visibility: internal')),
    ],
    ['missing author', entry(valid.replace('author: Parley team', ''))],
  ])('refuses %s, naming the file', (_case, text) => {
    expect(() => parseChangelogFile('2023-05-18-x', text)).toThrow(ChangelogContentError);
    expect(() => parseChangelogFile('2023-05-18-x', text)).toThrow('changelog/2023-05-18-x.md');
  });

  it('the product’s own changelog is valid and newest first', () => {
    const directory = join(import.meta.dirname, '../../../../../../changelog');
    const files = Object.fromEntries(
      readdirSync(directory)
        .filter((name) => name.endsWith('.md'))
        .map((name) => [name.replace(/\.md$/, ''), readFileSync(join(directory, name), 'utf8')]),
    );
    const entries = parseChangelog(files);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.some((item) => item.visibility === 'internal')).toBe(true);
    const dates = entries.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
