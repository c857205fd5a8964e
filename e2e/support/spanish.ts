import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { root } from './server';

/**
 * Checks that a screen shown in Spanish says nothing in English. The app, in its check mode
 * (apps/web/src/app/i18n.ts), shows a key missing from the Spanish files as "⟦missing ns:key⟧"
 * and lists it; and any text on screen that the English files say, and the Spanish ones say
 * otherwise, was left in English. Every problem names the screen and the key, so whoever merges
 * a new screen sees at once what to translate.
 */

const LANGUAGE_KEY = 'parley.language';
const CHECK_KEY = 'parley.i18nCheck';
const MISSING_MARK = '⟦missing';

type Tree = { [key: string]: string | Tree };
const localesDir = join(root, 'apps/web/public/locales');

function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

/** Every text of a language's files, by `ns:key`. */
function texts(lng: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, lng)).filter((name) => name.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(join(localesDir, lng, file), 'utf8')) as Tree;
    for (const [path, text] of flatten(tree, '', new Map())) all.set(`${ns}:${path.slice(1)}`, text);
  }
  return all;
}

const english = texts('en');
const spanish = texts('es');

/** A Spanish text of the app's own files, for finding controls by what a Spanish user reads. */
export function es(key: string, values: Record<string, string | number> = {}): string {
  const text = spanish.get(key);
  if (text === undefined) throw new Error(`es: no Spanish text ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

interface EnglishText {
  key: string;
  english: string;
  /** The text with its placeholders as wildcards, matched against a whole text on screen. */
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Texts that, seen on a Spanish screen, can only be English left over: what the English files say
 * where the Spanish ones say something else. Texts of fewer than two words' worth of letters, or
 * only placeholders, are too short to tell apart from data.
 */
const englishOnly: EnglishText[] = [...english]
  .filter(([key, text]) => spanish.get(key) !== text)
  .map(([key, text]) => ({ key, english: text, literal: text.replace(/\{\{[^}]*\}\}/g, '').trim() }))
  .filter(({ literal }) => /\p{L}{3,}/u.test(literal) && !/<\d+>|\$t\(|\*\*|\[/.test(literal))
  .map(({ key, english: text }) => ({
    key,
    english: text,
    pattern: new RegExp(
      `^${text
        .split(/\{\{[^}]*\}\}/)
        .map(escapeRegExp)
        .join('.+?')}$`,
      'u',
    ),
  }));

/** Shows the app in Spanish, in its check mode, in every page of `context` from now on. */
export async function speakSpanish(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ languageKey, checkKey }) => {
      localStorage.setItem(languageKey, 'es');
      localStorage.setItem(checkKey, '1');
    },
    { languageKey: LANGUAGE_KEY, checkKey: CHECK_KEY },
  );
}

interface Seen {
  text: string;
  /** Where on the page: the element's role or tag, and its attribute when it is one. */
  where: string;
}

/**
 * The text a person sees, or a screen reader reads, on the page now: visible text, and labels,
 * placeholders and titles of visible elements. Content marked as written in another language
 * (`lang="en"`: changelog entries, which the product publishes in English) is left out.
 */
async function visibleTexts(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const language = document.documentElement.lang;
    const seen: { text: string; where: string }[] = [];
    const foreign = (element: Element | null) => {
      const declared = element?.closest('[lang]')?.getAttribute('lang');
      return declared !== undefined && declared !== null && !declared.startsWith(language);
    };
    const describe = (element: Element) => element.getAttribute('role') ?? element.tagName.toLowerCase();
    const visible = (element: Element) =>
      element.checkVisibility({ opacityProperty: false, visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || !parent || foreign(parent) || !visible(parent)) continue;
      if (parent.closest('script, style, noscript, .cm-content')) continue;
      seen.push({ text, where: describe(parent) });
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'),
    )) {
      if (foreign(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const text = element.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (text) seen.push({ text, where: `${describe(element)}[${name}]` });
      }
    }
    seen.push({ text: document.title, where: 'title' });
    return seen;
  });
}

/**
 * Waits for the screen to finish loading: nothing spinning or sketched in for a moment. (Not
 * "network idle": the inbox and the builder keep a live connection open.)
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[role="progressbar"], .MuiSkeleton-root') &&
      document.fonts.status === 'loaded',
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  await page.waitForTimeout(300);
}

/** Something on a screen that is not Spanish: what it is (the same wherever it shows) and where. */
export interface Untranslated {
  screen: string;
  problem: string;
}

/**
 * What is not Spanish on the page now, naming the text and its key: keys missing from the Spanish
 * files (since the last look) and English texts on screen.
 */
export async function untranslatedOn(page: Page, screen: string): Promise<Untranslated[]> {
  await settled(page);
  const problems = new Set<string>();
  const missing = await page.evaluate(() => window.parleyMissingKeys?.splice(0) ?? []);
  for (const key of missing) problems.add(`the key ${key} is missing`);
  for (const { text, where } of await visibleTexts(page)) {
    if (text.includes(MISSING_MARK)) {
      problems.add(`${where} shows a missing key: "${text}"`);
      continue;
    }
    const keys = englishOnly.filter(({ pattern }) => pattern.test(text)).map(({ key }) => key);
    if (keys.length > 0)
      problems.add(
        `${where} says "${text}" in English (${keys
          .slice(0, 3)
          .map((key) => `${key}: "${spanish.get(key)}"`)
          .join(' or ')})`,
      );
  }
  return [...problems].map((problem) => ({ screen, problem }));
}

/** One line per problem, with every screen it was seen on. */
export function describeUntranslated(found: Untranslated[]): string {
  const screens = new Map<string, string[]>();
  for (const { screen, problem } of found) {
    const seen = screens.get(problem) ?? [];
    if (!seen.includes(screen)) seen.push(screen);
    screens.set(problem, seen);
  }
  return [...screens].map(([problem, where]) => `- ${problem}\n    on: ${where.join('; ')}`).join('\n');
}

declare global {
  interface Window {
    parleyMissingKeys?: string[];
  }
}
