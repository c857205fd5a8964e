import type { ChangelogEntry, ChangelogStats, ChangelogType } from '@parley/contracts';

/** Category filter buttons, in the order they show (spec §2). */
export const categories = ['all', 'breaking', 'bugfix', 'feature', 'improvement', 'maintenance'] as const;
export type Category = (typeof categories)[number];

export const pageSizes = [5, 10, 15] as const;
export type PageSize = (typeof pageSizes)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

export type Source = 'public' | 'internal';
export const ALL_VERSIONS = 'all';

/** The `category` query parameter as a filter; older links may say `fix`, unknown ones mean all. */
export function categoryFrom(value: string | null): Category {
  if (value === 'fix') return 'bugfix';
  return (categories as readonly string[]).includes(value ?? '') ? (value as Category) : 'all';
}

/** What an audience may see: staff of the Internal company see internal entries too. */
export function entriesFor(entries: ChangelogEntry[], internalUser: boolean): ChangelogEntry[] {
  return internalUser ? entries : entries.filter((entry) => entry.visibility === 'public');
}

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.-]/).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(x.length, y.length); index++) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The summary cards' figures; the latest version is the newest public release. */
export function statsFor(entries: ChangelogEntry[], internalUser: boolean): ChangelogStats {
  const visible = entriesFor(entries, internalUser);
  const publicEntries = visible.filter((entry) => entry.visibility === 'public');
  const latest =
    publicEntries
      .map((entry) => entry.version)
      .sort(compareVersions)
      .at(-1) ?? null;
  return {
    totalEntries: visible.length,
    publicEntries: publicEntries.length,
    internalEntries: visible.length - publicEntries.length,
    latestVersion: latest,
  };
}

/** Versions offered by the Changelog Version selector, newest first. */
export function versionOptions(entries: ChangelogEntry[], internalUser: boolean): string[] {
  const versions = [...new Set(entriesFor(entries, internalUser).map((entry) => entry.version))];
  return versions.sort((a, b) => {
    const aPublic = !a.includes('-');
    const bPublic = !b.includes('-');
    return aPublic === bPublic ? compareVersions(b, a) : aPublic ? -1 : 1;
  });
}

export interface ChangelogView {
  internalUser: boolean;
  source: Source;
  version: string;
  category: Category;
  page: number;
  pageSize: PageSize;
}

export function initialView(internalUser: boolean, category: Category): ChangelogView {
  return {
    internalUser,
    source: 'public',
    version: ALL_VERSIONS,
    category,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/**
 * The entries a view lists, newest first. The Public source lists public entries; the Internal
 * source (staff only) lists everything, internal notes included.
 */
export function filterEntries(
  entries: ChangelogEntry[],
  view: Omit<ChangelogView, 'page' | 'pageSize'>,
): ChangelogEntry[] {
  const source: Source = view.internalUser ? view.source : 'public';
  return entriesFor(entries, view.internalUser)
    .filter((entry) => source === 'internal' || entry.visibility === 'public')
    .filter((entry) => view.version === ALL_VERSIONS || entry.version === view.version)
    .filter((entry) => view.category === 'all' || entry.type === (view.category as ChangelogType))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

export function totalPages(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pages);
}

export function pageOf<T>(
  items: T[],
  page: number,
  pageSize: number,
): { items: T[]; page: number; pages: number } {
  const pages = totalPages(items.length, pageSize);
  const current = clampPage(page, pages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages };
}

export type ChangelogAction =
  | { type: 'source'; source: Source }
  | { type: 'version'; version: string }
  | { type: 'category'; category: Category }
  | { type: 'pageSize'; pageSize: PageSize }
  | { type: 'next'; pages: number }
  | { type: 'previous'; pages: number };

/**
 * The list's state rules (spec §4): a new source, version or category shows a new list from page 1;
 * a new page size goes back to page 1; Next and Previous stay within 1..pages. Choosing one version
 * switches the source to Internal, choosing All Versions back to Public (staff only: others have
 * only the public source).
 */
export function changelogReducer(view: ChangelogView, action: ChangelogAction): ChangelogView {
  switch (action.type) {
    case 'source':
      return view.internalUser ? { ...view, source: action.source, page: 1 } : view;
    case 'version': {
      const source: Source = view.internalUser
        ? action.version === ALL_VERSIONS
          ? 'public'
          : 'internal'
        : 'public';
      return { ...view, version: action.version, source, page: 1 };
    }
    case 'category':
      return { ...view, category: action.category, page: 1 };
    case 'pageSize':
      return { ...view, pageSize: action.pageSize, page: 1 };
    case 'next':
      return { ...view, page: clampPage(view.page + 1, action.pages) };
    case 'previous':
      return { ...view, page: clampPage(view.page - 1, action.pages) };
  }
}

/** "May 18, 2023": dates in long US format, whatever the reader's language (spec §2). */
export function longUsDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The home's New Features and Improvements card: those two types, by category and text. */
export function featureEntries(
  entries: ChangelogEntry[],
  category: 'all' | 'feature' | 'improvement',
  search: string,
): ChangelogEntry[] {
  const text = search.trim().toLowerCase();
  return entriesFor(entries, false)
    .filter((entry) => entry.type === 'feature' || entry.type === 'improvement')
    .filter((entry) => category === 'all' || entry.type === category)
    .filter(
      (entry) =>
        !text || [entry.title, entry.body, ...entry.tags].some((field) => field.toLowerCase().includes(text)),
    );
}
