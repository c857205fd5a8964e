import '@testing-library/jest-dom/vitest';
import { type EmotionCache, withEmotionCache } from '@emotion/react';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, vi } from 'vitest';

// Screens that load their data render after a few requests: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The emotion cache MUI's styles go through when no provider gives another (its default). */
function defaultEmotionCache(): EmotionCache {
  let found: EmotionCache | undefined;
  renderToStaticMarkup(
    createElement(
      withEmotionCache((_props: object, cache: EmotionCache) => {
        found = cache;
        return null;
      }),
    ),
  );
  if (!found) throw new Error('no emotion cache');
  return found;
}

// The files of a worker share one document (`isolate: false`): each leaves it without the styles
// its screens inserted, or every later visibility check walks thousands of rules. Emotion forgets
// them too, so the next file's screens insert what they use again.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  const cache = defaultEmotionCache();
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
});
