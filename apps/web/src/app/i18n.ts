import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

/** Where the chosen language is remembered. */
export const LANGUAGE_KEY = 'parley.language';

/** react-i18next over `/locales/{lng}/{ns}.json`; default and fallback English (spec §7). */
export function initI18n() {
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: languages.map((language) => language.code),
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['common', 'errors'],
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_KEY,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      showSupportNotice: false,
    });
}

export { i18n };
