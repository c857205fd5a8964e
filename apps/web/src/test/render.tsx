import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import botsEn from '../../public/locales/en/bots.json';
import builderEn from '../../public/locales/en/builder.json';
import commonEn from '../../public/locales/en/common.json';
import companyEn from '../../public/locales/en/company.json';
import errorsEn from '../../public/locales/en/errors.json';
import homeEn from '../../public/locales/en/home.json';
import inboxEn from '../../public/locales/en/inbox.json';
import modulesEn from '../../public/locales/en/modules.json';
import { theme } from '../app/theme';

/** English translations from the real locale files, loaded synchronously for tests. */
export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common', 'errors', 'home', 'modules', 'bots', 'builder', 'inbox', 'company'],
  defaultNS: 'common',
  resources: {
    en: {
      common: commonEn,
      errors: errorsEn,
      home: homeEn,
      modules: modulesEn,
      bots: botsEn,
      builder: builderEn,
      inbox: inboxEn,
      company: companyEn,
    },
  },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  showSupportNotice: false,
});

/** Renders as the app does: translations, the theme, and a query client of its own. */
export function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n}>
        <ThemeProvider theme={theme}>{ui}</ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
