import type { TemplateVariables } from '@parley/contracts';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** What every Jinja field of the open bot shares: completions, preview samples, word wrap. */
export interface JinjaEnvironment {
  /** Variable names offered as completions (declared, used, and `parley.*`). */
  completionNames: string[];
  /** Sample values the preview renders with. */
  samples: TemplateVariables;
  setSamples(samples: TemplateVariables): void;
  wordWrap: boolean;
  setWordWrap(wrap: boolean): void;
}

const WORD_WRAP_KEY = 'parley.builder.wordWrap';

const JinjaEnvironmentContext = createContext<JinjaEnvironment>({
  completionNames: [],
  samples: {},
  setSamples: () => {},
  wordWrap: true,
  setWordWrap: () => {},
});

export const useJinjaEnvironment = () => useContext(JinjaEnvironmentContext);

export function JinjaEnvironmentProvider({
  completionNames,
  initialSamples,
  children,
}: {
  completionNames: string[];
  initialSamples: TemplateVariables;
  children: ReactNode;
}) {
  const [samples, setSamples] = useState(initialSamples);
  // The last choice is remembered on this device: people who like wrapped lines want them everywhere.
  const [wordWrap, setWordWrapState] = useState(() => localStorage.getItem(WORD_WRAP_KEY) !== 'off');
  const value = useMemo(
    () => ({
      completionNames,
      samples,
      setSamples,
      wordWrap,
      setWordWrap: (wrap: boolean) => {
        localStorage.setItem(WORD_WRAP_KEY, wrap ? 'on' : 'off');
        setWordWrapState(wrap);
      },
    }),
    [completionNames, samples, wordWrap],
  );
  return <JinjaEnvironmentContext.Provider value={value}>{children}</JinjaEnvironmentContext.Provider>;
}
