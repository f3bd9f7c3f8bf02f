import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { isLanguage, readStoredLanguage, resolveLanguage, storeLanguage, type Language } from './language';
import { zhCN } from './zh-CN';

export const i18n = i18next.createInstance();

const initialLanguage = resolveLanguage(window.location.search, readStoredLanguage());
// A language chosen by `?l=` is remembered like one chosen in the menu.
storeLanguage(initialLanguage);
document.documentElement.lang = initialLanguage;

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: initialLanguage,
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}

/** Switch the interface language everywhere and remember it. */
export function changeLanguage(language: Language): void {
  storeLanguage(language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

/** Translate outside React (API client, route guards). */
export const translate = i18n.t.bind(i18n);
