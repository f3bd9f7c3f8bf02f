import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SIZE,
  DEFAULT_TAB_SIZE,
  DEFAULT_THEME,
  EDITOR_THEMES,
  FONT_SIZES,
  GLOBAL_PREFERENCES_KEY,
  initialLanguage,
  loadGlobalPreferences,
  loadProblemDraft,
  normalizePreferences,
  problemDraftKey,
  removeProblemDraft,
  saveGlobalPreferences,
  saveProblemDraft,
  TAB_SIZES,
  type KeyValueStore,
} from '../../../src/components/code-editor/preferences.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

describe('editor settings (spec part 1 §2, §9)', () => {
  it('offers the eight themes, font sizes 12–20 and tab sizes 2, 4, 8', () => {
    expect(EDITOR_THEMES).toEqual([
      'monokai',
      'solarized',
      'material',
      'idea',
      'eclipse',
      'base16-dark',
      'cobalt',
      'dracula',
    ]);
    expect(FONT_SIZES[0]).toBe(12);
    expect(FONT_SIZES.at(-1)).toBe(20);
    expect(DEFAULT_FONT_SIZE).toBe(14);
    expect(TAB_SIZES).toEqual([2, 4, 8]);
    expect(DEFAULT_TAB_SIZE).toBe(4);
  });

  it('starts from the defaults when nothing is stored', () => {
    const store = memoryStore();
    expect(loadGlobalPreferences(store)).toEqual({
      theme: DEFAULT_THEME,
      fontSize: 14,
      tabSize: 4,
      language: null,
    });
    expect(loadProblemDraft(store, 'P1000')).toBeNull();
  });

  it('keeps a draft per problem: code, language, theme, font size and tab size', () => {
    const store = memoryStore();
    saveProblemDraft(store, 'P1000', {
      code: 'int main(){}',
      language: 'C++',
      theme: 'dracula',
      fontSize: 18,
      tabSize: 2,
    });
    saveProblemDraft(store, 'P1001', {
      code: 'print(1)',
      language: 'Python3',
      theme: 'idea',
      fontSize: 12,
      tabSize: 8,
    });
    expect(loadProblemDraft(store, 'P1000')).toEqual({
      code: 'int main(){}',
      language: 'C++',
      theme: 'dracula',
      fontSize: 18,
      tabSize: 2,
    });
    expect(loadProblemDraft(store, 'P1001')?.language).toBe('Python3');
    removeProblemDraft(store, 'P1000');
    expect(loadProblemDraft(store, 'P1000')).toBeNull();
  });

  it('keeps drafts of the same display id in different scopes apart', () => {
    expect(problemDraftKey('A')).not.toBe(problemDraftKey('A', 'contest-7'));
    const store = memoryStore();
    saveProblemDraft(
      store,
      'A',
      { code: 'x', language: 'C', theme: 'idea', fontSize: 14, tabSize: 4 },
      { scope: 'contest-7' },
    );
    expect(loadProblemDraft(store, 'A')).toBeNull();
    expect(loadProblemDraft(store, 'A', { scope: 'contest-7' })?.code).toBe('x');
  });

  it('falls back to the global default for settings a draft lacks or spoils', () => {
    const store = memoryStore();
    saveGlobalPreferences(store, { theme: 'cobalt', fontSize: 16, tabSize: 8, language: 'Java' });
    store.set(
      problemDraftKey('P1'),
      JSON.stringify({ code: 'c', language: 'C', theme: 'neon', fontSize: 99, tabSize: 3 }),
    );
    expect(loadProblemDraft(store, 'P1')).toEqual({
      code: 'c',
      language: 'C',
      theme: 'cobalt',
      fontSize: 16,
      tabSize: 8,
    });
  });

  it('drops a stored language the problem no longer offers', () => {
    const store = memoryStore();
    saveProblemDraft(store, 'P1', { code: 'c', language: 'Pascal', theme: 'idea', fontSize: 14, tabSize: 4 });
    expect(loadProblemDraft(store, 'P1', { languages: ['C', 'C++'] })?.language).toBeNull();
  });

  it('survives garbage in storage', () => {
    const store = memoryStore({ [GLOBAL_PREFERENCES_KEY]: '{not json', [problemDraftKey('P1')]: '[1,2]' });
    expect(loadGlobalPreferences(store).theme).toBe(DEFAULT_THEME);
    expect(loadProblemDraft(store, 'P1')).toBeNull();
    expect(normalizePreferences({ fontSize: '16', tabSize: '2', theme: 'material' })).toEqual({
      fontSize: 16,
      tabSize: 2,
      theme: 'material',
    });
    expect(normalizePreferences({ fontSize: 11.5 }).fontSize).toBe(14);
  });

  it('opens with the draft language, else the last one used, else the first offered', () => {
    const offered = ['C', 'C++', 'Python3'];
    expect(initialLanguage(offered, 'Python3', 'C++')).toBe('Python3');
    expect(initialLanguage(offered, null, 'C++')).toBe('C++');
    expect(initialLanguage(offered, 'Rust', 'Go')).toBe('C');
    expect(initialLanguage([], null, null)).toBe('');
  });

  it('without a choice of the user, opens with the first language a judge online can run', () => {
    const offered = ['C', 'C++', 'Python3'];
    expect(initialLanguage(offered, null, null, ['Python3', 'C++'])).toBe('C++');
    expect(initialLanguage(offered, null, 'C', ['Python3'])).toBe('C');
    expect(initialLanguage(offered, null, null, [])).toBe('C');
  });
});
