import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n, type Resource } from 'i18next';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { theme } from '../app/theme';

/** Every namespace of every language, from the real locale files. */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../public/locales/*/*.json', {
  eager: true,
});
const resources: Resource = {};
for (const [path, file] of Object.entries(localeFiles)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) resources[language] = { ...resources[language], [namespace]: file.default };
}

function translationsIn(language: 'en' | 'es'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return instance;
}

/** English translations from the real locale files, loaded synchronously for tests. */
export const testI18n = translationsIn('en');
/** The same in Spanish, for screens whose words must be checked in both languages. */
export const spanishI18n = translationsIn('es');

export interface RenderOptions {
  language?: 'en' | 'es';
  /** Renders inside a router at this address, matched against `path` (default: any). */
  route?: string;
  path?: string;
  /** A query client the test prepared (cached answers); else a fresh one. */
  queryClient?: QueryClient;
}

/**
 * Renders as the app does: translations, the theme, toasts, a query client, a loading fallback
 * for screens that wait for their data (and a router when asked).
 */
export function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routed =
    options.route === undefined ? (
      ui
    ) : (
      <MemoryRouter initialEntries={[options.route]}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    );
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={options.language === 'es' ? spanishI18n : testI18n}>
        <ThemeProvider theme={theme}>
          <SnackbarProvider>
            <Suspense fallback={<p>Loading…</p>}>{routed}</Suspense>
          </SnackbarProvider>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
