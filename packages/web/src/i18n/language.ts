import { STORAGE_KEYS } from '../config/constants';
import { browserStorage } from '../store/browser-storage';

/** The interface language is stored as zh-CN or en-US, default zh-CN (spec part 1 §1). */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The query parameter that chooses the language (spec part 1 §1: `?l=en-US`). */
export const LANGUAGE_QUERY_PARAM = 'l';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `l` query parameter wins, then the stored choice, then the default. */
export function resolveLanguage(search: string, stored: string | null): Language {
  const fromQuery = new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM);
  if (isLanguage(fromQuery)) return fromQuery;
  if (isLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  return browserStorage.get(STORAGE_KEYS.webLanguage);
}

export function storeLanguage(language: Language): void {
  browserStorage.set(STORAGE_KEYS.webLanguage, language);
}
