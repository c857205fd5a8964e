import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { en as zodEnglish, es as zodSpanish } from 'zod/v4/locales';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

/** Where the chosen language is remembered. */
export const LANGUAGE_KEY = 'parley.language';

/**
 * With `1` here (the Spanish journey sets it), a key missing in the language shown is neither
 * filled in from English nor hidden: it shows as MISSING_MARK and is listed in
 * `window.parleyMissingKeys`, so a test names every screen's untranslated key.
 */
export const I18N_CHECK_KEY = 'parley.i18nCheck';
export const MISSING_MARK = '⟦missing';

declare global {
  interface Window {
    /** `lng/ns:key` of every key looked up and not found, in the check mode above. */
    parleyMissingKeys?: string[];
  }
}

/** Zod's own messages (a form field too long, …) in the app's language. */
const zodLocales: Record<LanguageCode, () => Parameters<typeof z.config>[0]> = {
  en: zodEnglish,
  es: zodSpanish,
};

function isChecking(): boolean {
  try {
    return localStorage.getItem(I18N_CHECK_KEY) === '1';
  } catch {
    return false;
  }
}

/** The page, screen readers and zod follow the language. */
function followLanguage(language: string) {
  const code = (languages.find((one) => language.startsWith(one.code))?.code ?? 'en') as LanguageCode;
  document.documentElement.lang = code;
  z.config(zodLocales[code]());
}

/** react-i18next over `/locales/{lng}/{ns}.json`; default and fallback English (spec §7). */
export function initI18n() {
  i18n.on('languageChanged', followLanguage);
  const checking = isChecking();
  if (checking) window.parleyMissingKeys = [];
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: languages.map((language) => language.code),
      fallbackLng: checking ? false : 'en',
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
      ...(checking && {
        saveMissing: true,
        saveMissingTo: 'current' as const,
        missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
          for (const lng of lngs) window.parleyMissingKeys?.push(`${lng}/${ns}:${key}`);
        },
        appendNamespaceToMissingKey: true,
        parseMissingKeyHandler: (key: string) => `${MISSING_MARK} ${key}⟧`,
      }),
    });
}

export { i18n };
