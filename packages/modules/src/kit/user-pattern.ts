import { RE2JS } from 're2js';
import { kitWords } from './kit-words';
import { fillWord } from './words';

/**
 * A regular expression a bot builder wrote (input validators, regex global connections), compiled
 * for RE2's linear-time engine: no pattern and no input can make a match take more than time
 * proportional to the input, so one tenant's `^(a+)+$` never freezes the server for everyone.
 * RE2 cannot express backreferences or lookaround; such a pattern is refused with the reason.
 */
export type UserPattern =
  | { ok: true; test(text: string): boolean }
  | {
      ok: false;
      /** Why the pattern cannot run, for the builder's finding and the run-time event. */
      reason: string;
      /** The same, as a code the builder words in the user's language (kit.refusals.<code>). */
      refusal: PatternRefusal;
    };

/** What a refused pattern does that RE2 cannot (`syntax`: RE2's own description of the error). */
export type PatternRefusal =
  | { code: 'flag'; flag: string }
  | { code: 'lookaround' }
  | { code: 'backreference' }
  | { code: 'repeatCount' }
  | { code: 'syntax'; detail: string };

const refused = (refusal: PatternRefusal): UserPattern => ({
  ok: false,
  reason: fillWord(kitWords.refusals[refusal.code], refusal),
  refusal,
});

const flagBits: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // RE2 always reads code points, which is what `u` asks of a JS RegExp.
  u: 0,
};

/** JS escapes that RE2 spells differently: `\uXXXX` / `\u{X}` become `\x{X}`; `\\u` stays literal. */
function toRe2Syntax(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char !== '\\') {
      out += char;
      continue;
    }
    const rest = pattern.slice(index + 1);
    const unicode = /^u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/.exec(rest);
    if (unicode) {
      out += `\\x{${unicode[1] ?? unicode[2]}}`;
      index += unicode[0].length;
    } else {
      out += char + (pattern[index + 1] ?? '');
      index++;
    }
  }
  return out;
}

/** What a builder should read instead of RE2's parser wording, by the construct refused. */
function explain(description: string, pattern: string): PatternRefusal {
  if (/\(\?<?[=!]/.test(pattern)) return { code: 'lookaround' };
  if (/\\[1-9]|\\k</.test(pattern)) return { code: 'backreference' };
  if (/repeat count/.test(description)) return { code: 'repeatCount' };
  return { code: 'syntax', detail: description };
}

const cache = new Map<string, UserPattern>();
const CACHE_SIZE = 500;

/**
 * Compiles a user's pattern with JS flags (`i`, `m`, `s`, `u`) for the linear-time engine; the
 * only place user patterns are compiled, so every caller gets the same safety and the same errors.
 */
export function compileUserPattern(pattern: string, flags = ''): UserPattern {
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let compiled: UserPattern;
  const unknownFlag = [...flags].find((flag) => !Object.hasOwn(flagBits, flag));
  if (unknownFlag !== undefined) {
    compiled = refused({ code: 'flag', flag: unknownFlag });
  } else {
    try {
      const bits = [...flags].reduce((all, flag) => all | (flagBits[flag] ?? 0), 0);
      const re = RE2JS.compile(toRe2Syntax(pattern), bits);
      compiled = { ok: true, test: (text) => re.test(text) };
    } catch (error) {
      const description =
        error instanceof Error && 'getDescription' in error && typeof error.getDescription === 'function'
          ? String(error.getDescription())
          : error instanceof Error
            ? error.message
            : String(error);
      compiled = refused(explain(description, pattern));
    }
  }
  cache.set(key, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return compiled;
}
