import { templateAnalyzer } from '@parley/engine/builder';
import type { TemplateAnalyzer } from '@parley/flow';

const MAX_CACHED = 20_000;

function memo<R>(analyze: (source: string) => R): (source: string) => R {
  const cache = new Map<string, R>();
  return (source) => {
    let result = cache.get(source);
    if (result === undefined) {
      if (cache.size >= MAX_CACHED) cache.clear();
      result = analyze(source);
      cache.set(source, result);
    }
    return result;
  };
}

/** The engine's template analyzer, remembering each source it read (most never change). */
export const cachedAnalyzer: TemplateAnalyzer = {
  template: memo((source) => templateAnalyzer.template(source)),
  expression: memo((source) => templateAnalyzer.expression(source)),
};
