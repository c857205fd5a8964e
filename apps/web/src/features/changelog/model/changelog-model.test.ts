import type { ChangelogEntry } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  ALL_VERSIONS,
  type ChangelogView,
  categoryFrom,
  changelogReducer,
  featureEntries,
  filterEntries,
  initialView,
  longUsDate,
  pageOf,
  statsFor,
  versionOptions,
} from './changelog-model';

const entry = (
  id: string,
  date: string,
  version: string,
  type: ChangelogEntry['type'],
  visibility: ChangelogEntry['visibility'] = 'public',
  extra: Partial<ChangelogEntry> = {},
): ChangelogEntry => ({
  id,
  title: `Entry ${id}`,
  date,
  version,
  type,
  visibility,
  tags: [],
  author: 'Parley team',
  body: '',
  ...extra,
});

const entries = [
  entry('a', '2023-05-18', '1.7.9', 'feature'),
  entry('b', '2023-06-01', '1.8.0', 'bugfix'),
  entry('c', '2023-06-02', '2023.06.02-1', 'maintenance', 'internal'),
  entry('d', '2024-01-10', '2.10.5', 'breaking'),
  entry('e', '2024-01-11', '2024.01.11-1', 'improvement', 'internal'),
  entry('f', '2023-07-01', '1.9.0', 'improvement', 'public', { title: 'Faster inbox', tags: ['inbox'] }),
];

describe('the category query parameter', () => {
  it.each([
    [null, 'all'],
    ['', 'all'],
    ['feature', 'feature'],
    ['fix', 'bugfix'],
    ['bugfix', 'bugfix'],
    ['nonsense', 'all'],
  ])('%j → %s', (value, category) => {
    expect(categoryFrom(value)).toBe(category);
  });
});

describe('what each audience sees', () => {
  it('staff see every entry and the public/internal counts; others only public ones', () => {
    expect(statsFor(entries, true)).toEqual({
      totalEntries: 6,
      publicEntries: 4,
      internalEntries: 2,
      latestVersion: '2.10.5',
    });
    expect(statsFor(entries, false)).toEqual({
      totalEntries: 4,
      publicEntries: 4,
      internalEntries: 0,
      latestVersion: '2.10.5',
    });
  });

  it('offers versions newest first, public releases before internal ones', () => {
    expect(versionOptions(entries, false)).toEqual(['2.10.5', '1.9.0', '1.8.0', '1.7.9']);
    expect(versionOptions(entries, true)).toEqual([
      '2.10.5',
      '1.9.0',
      '1.8.0',
      '1.7.9',
      '2024.01.11-1',
      '2023.06.02-1',
    ]);
  });
});

describe('filtering', () => {
  const view = (patch: Partial<ChangelogView>): ChangelogView => ({ ...initialView(true, 'all'), ...patch });
  it.each<[string, Partial<ChangelogView>, string[]]>([
    ['public source: public entries, newest first', {}, ['d', 'f', 'b', 'a']],
    ['internal source: everything', { source: 'internal' }, ['e', 'd', 'f', 'c', 'b', 'a']],
    ['a category', { category: 'improvement', source: 'internal' }, ['e', 'f']],
    ['a version', { version: '1.8.0', source: 'internal' }, ['b']],
    ['nothing matches', { version: '1.8.0', category: 'breaking' }, []],
    [
      'other companies never get internal entries, whatever the source',
      { internalUser: false, source: 'internal' },
      ['d', 'f', 'b', 'a'],
    ],
  ])('%s', (_case, patch, ids) => {
    expect(filterEntries(entries, view(patch)).map((item) => item.id)).toEqual(ids);
  });
});

describe('list state rules', () => {
  const staff = initialView(true, 'all');
  it.each<[string, ChangelogView, Parameters<typeof changelogReducer>[1], Partial<ChangelogView>]>([
    [
      'a specific version switches the source to internal',
      staff,
      { type: 'version', version: '1.8.0' },
      { version: '1.8.0', source: 'internal', page: 1 },
    ],
    [
      'All Versions switches it back to public',
      { ...staff, version: '1.8.0', source: 'internal' },
      { type: 'version', version: ALL_VERSIONS },
      { version: ALL_VERSIONS, source: 'public' },
    ],
    [
      'others keep the public source when choosing a version',
      initialView(false, 'all'),
      { type: 'version', version: '1.8.0' },
      { source: 'public', version: '1.8.0' },
    ],
    [
      'others cannot switch the source',
      initialView(false, 'all'),
      { type: 'source', source: 'internal' },
      { source: 'public' },
    ],
    [
      'changing the source starts again from page 1',
      { ...staff, page: 3 },
      { type: 'source', source: 'internal' },
      { source: 'internal', page: 1 },
    ],
    [
      'changing the category starts again from page 1',
      { ...staff, page: 2 },
      { type: 'category', category: 'bugfix' },
      { category: 'bugfix', page: 1 },
    ],
    [
      'changing the page size goes back to page 1',
      { ...staff, page: 3 },
      { type: 'pageSize', pageSize: 10 },
      { pageSize: 10, page: 1 },
    ],
    ['Next moves on', { ...staff, page: 1 }, { type: 'next', pages: 3 }, { page: 2 }],
    ['Next stops at the last page', { ...staff, page: 3 }, { type: 'next', pages: 3 }, { page: 3 }],
    ['Previous moves back', { ...staff, page: 2 }, { type: 'previous', pages: 3 }, { page: 1 }],
    ['Previous stops at page 1', { ...staff, page: 1 }, { type: 'previous', pages: 3 }, { page: 1 }],
    ['Next on a single page stays on page 1', staff, { type: 'next', pages: 1 }, { page: 1 }],
  ])('%s', (_case, view, action, expected) => {
    expect(changelogReducer(view, action)).toMatchObject(expected);
  });

  it.each([
    [0, 5, 1, 1],
    [12, 5, 1, 1],
    [12, 5, 3, 3],
    [12, 5, 9, 3],
    [12, 5, -2, 1],
    [10, 10, 1, 1],
    [11, 10, 2, 2],
  ])('%i items by %i, page %i → page %i', (count, size, page, expected) => {
    const result = pageOf(
      Array.from({ length: count }, (_, index) => index),
      page,
      size,
    );
    expect(result.page).toBe(expected);
    expect(result.items.length).toBeLessThanOrEqual(size);
  });
});

describe('dates and the home cards', () => {
  it('writes dates in long US format', () => {
    expect(longUsDate('2023-05-18')).toBe('May 18, 2023');
    expect(longUsDate('2026-01-01')).toBe('January 1, 2026');
  });

  it('New Features and Improvements: those types, public only, by category and text', () => {
    expect(featureEntries(entries, 'all', '').map((item) => item.id)).toEqual(['a', 'f']);
    expect(featureEntries(entries, 'improvement', '').map((item) => item.id)).toEqual(['f']);
    expect(featureEntries(entries, 'all', 'INBOX').map((item) => item.id)).toEqual(['f']);
    expect(featureEntries(entries, 'feature', 'inbox')).toEqual([]);
  });
});
