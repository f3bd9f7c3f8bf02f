/**
 * Editor settings of spec part 1 §2 "Problem page" and §9 "Editor": per problem the code, language,
 * theme, font size and tab size, kept in browser storage, plus a global default that new problems
 * start from. Pure functions over a small key-value store, so they are tested without a browser.
 */

export const EDITOR_THEMES = [
  'monokai',
  'solarized',
  'material',
  'idea',
  'eclipse',
  'base16-dark',
  'cobalt',
  'dracula',
] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];

export const FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const TAB_SIZES = [2, 4, 8] as const;
export type TabSize = (typeof TAB_SIZES)[number];

export const DEFAULT_THEME: EditorTheme = 'solarized';
export const DEFAULT_FONT_SIZE = 14;
export const DEFAULT_TAB_SIZE: TabSize = 4;
/** px (spec part 1 §9) */
export const DEFAULT_EDITOR_HEIGHT = 550;

export interface EditorPreferences {
  theme: EditorTheme;
  fontSize: number;
  tabSize: TabSize;
}

/** The global default also remembers the last language chosen anywhere. */
export interface GlobalEditorPreferences extends EditorPreferences {
  language: string | null;
}

/** What is kept for one problem. */
export interface ProblemDraft extends EditorPreferences {
  code: string;
  language: string;
}

export const DEFAULT_PREFERENCES: EditorPreferences = {
  theme: DEFAULT_THEME,
  fontSize: DEFAULT_FONT_SIZE,
  tabSize: DEFAULT_TAB_SIZE,
};

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const GLOBAL_PREFERENCES_KEY = 'editorPreferences';

/**
 * The storage key of a problem's draft. Contest, training and group pages pass their scope so
 * that the same display id in two places keeps two drafts.
 */
export function problemDraftKey(problemId: string, scope?: string): string {
  return scope ? `problemCode:${scope}:${problemId}` : `problemCode:${problemId}`;
}

function readJson(store: KeyValueStore, key: string): Record<string, unknown> | null {
  const raw = store.get(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function isEditorTheme(value: unknown): value is EditorTheme {
  return typeof value === 'string' && (EDITOR_THEMES as readonly string[]).includes(value);
}

/** 12–20 px; anything else falls back. */
export function normalizeFontSize(value: unknown, fallback = DEFAULT_FONT_SIZE): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= FONT_SIZES[0] && n <= FONT_SIZES.at(-1)!
    ? n
    : fallback;
}

export function normalizeTabSize(value: unknown, fallback: TabSize = DEFAULT_TAB_SIZE): TabSize {
  const n = typeof value === 'string' ? Number(value) : value;
  return (TAB_SIZES as readonly unknown[]).includes(n) ? (n as TabSize) : fallback;
}

/** Any stored object → valid preferences, each field falling back to `base`. */
export function normalizePreferences(
  raw: Record<string, unknown> | null,
  base: EditorPreferences = DEFAULT_PREFERENCES,
): EditorPreferences {
  return {
    theme: isEditorTheme(raw?.theme) ? raw.theme : base.theme,
    fontSize: normalizeFontSize(raw?.fontSize, base.fontSize),
    tabSize: normalizeTabSize(raw?.tabSize, base.tabSize),
  };
}

export function loadGlobalPreferences(store: KeyValueStore): GlobalEditorPreferences {
  const raw = readJson(store, GLOBAL_PREFERENCES_KEY);
  const language = typeof raw?.language === 'string' && raw.language !== '' ? raw.language : null;
  return { ...normalizePreferences(raw), language };
}

export function saveGlobalPreferences(store: KeyValueStore, prefs: GlobalEditorPreferences): void {
  store.set(GLOBAL_PREFERENCES_KEY, JSON.stringify(prefs));
}

/**
 * The stored draft of a problem, or null. Its settings fall back to the global default; a language
 * the problem no longer offers is dropped (the caller picks another).
 */
export function loadProblemDraft(
  store: KeyValueStore,
  problemId: string,
  options: { scope?: string; languages?: readonly string[] } = {},
): (EditorPreferences & { code: string | null; language: string | null }) | null {
  const raw = readJson(store, problemDraftKey(problemId, options.scope));
  if (!raw) return null;
  const prefs = normalizePreferences(raw, loadGlobalPreferences(store));
  const code = typeof raw.code === 'string' ? raw.code : null;
  let language = typeof raw.language === 'string' ? raw.language : null;
  if (language && options.languages && !options.languages.includes(language)) language = null;
  return { ...prefs, code, language };
}

export function saveProblemDraft(
  store: KeyValueStore,
  problemId: string,
  draft: ProblemDraft,
  options: { scope?: string } = {},
): void {
  store.set(problemDraftKey(problemId, options.scope), JSON.stringify(draft));
}

export function removeProblemDraft(
  store: KeyValueStore,
  problemId: string,
  options: { scope?: string } = {},
) {
  store.remove(problemDraftKey(problemId, options.scope));
}

/**
 * The language a problem's editor opens with: the draft's, else the last one used anywhere if the
 * problem offers it, else the problem's first that a judge online can run (`judged`), else its first.
 */
export function initialLanguage(
  languages: readonly string[],
  draftLanguage: string | null | undefined,
  globalLanguage: string | null | undefined,
  judged: readonly string[] = languages,
): string {
  if (draftLanguage && languages.includes(draftLanguage)) return draftLanguage;
  if (globalLanguage && languages.includes(globalLanguage)) return globalLanguage;
  return languages.find((name) => judged.includes(name)) ?? languages[0] ?? '';
}
