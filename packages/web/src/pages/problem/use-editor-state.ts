import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getLanguages, type ProblemDetail } from '../../api/problem';
import {
  initialLanguage,
  loadGlobalPreferences,
  loadProblemDraft,
  saveGlobalPreferences,
  saveProblemDraft,
  type EditorTheme,
  type ProblemDraft,
  type TabSize,
} from '../../components/code-editor';
import { browserStorage } from '../../store/browser-storage';
import { languagesByName } from './problem-utils';

const SAVE_DELAY_MS = 500;

/**
 * The editor of a problem page (spec part 1 §2 "Problem page"): code, language, theme, font size
 * and tab size, started from the problem's stored draft, else the global default and the
 * language's template; saved in browser storage while typing (debounced) and on leaving.
 */
export function useEditorState(detail: ProblemDetail | undefined) {
  const [draft, setDraft] = useState<ProblemDraft | null>(null);
  const latest = useRef<{ problemId: string; draft: ProblemDraft } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const problemId = detail?.problem.problemId;
  // Which languages a judge online runs: the first of those is the default (shared with the panel's query).
  const offered = useQuery({ queryKey: ['languages'], queryFn: getLanguages, staleTime: 5 * 60_000 });

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (latest.current) saveProblemDraft(browserStorage, latest.current.problemId, latest.current.draft);
  }, []);

  // Start (or restart, for another problem) from what was stored.
  useEffect(() => {
    if (!detail || !offered.isFetched) return;
    if (latest.current?.problemId === detail.problem.problemId) return;
    flush();
    const global = loadGlobalPreferences(browserStorage);
    const stored = loadProblemDraft(browserStorage, detail.problem.problemId, {
      languages: detail.languages,
    });
    const known = languagesByName(offered.data, detail.problem.isRemote ?? false);
    const judged = detail.languages.filter((name) => known.get(name)?.available !== false);
    const language = initialLanguage(detail.languages, stored?.language, global.language, judged);
    const code = stored?.code ?? detail.codeTemplate[language] ?? '';
    const next: ProblemDraft = {
      code,
      language,
      theme: stored?.theme ?? global.theme,
      fontSize: stored?.fontSize ?? global.fontSize,
      tabSize: stored?.tabSize ?? global.tabSize,
    };
    latest.current = { problemId: detail.problem.problemId, draft: next };
    setDraft(next);
  }, [detail, flush, offered.isFetched, offered.data]);

  // Saved on leaving the page, closing the tab or hiding it (spec part 1 §2).
  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (patch: Partial<ProblemDraft>, options: { global?: boolean } = {}) => {
      if (!latest.current) return;
      const next = { ...latest.current.draft, ...patch };
      latest.current = { ...latest.current, draft: next };
      setDraft(next);
      if (options.global) {
        // The last settings chosen become the default of problems not opened yet.
        saveGlobalPreferences(browserStorage, {
          theme: next.theme,
          fontSize: next.fontSize,
          tabSize: next.tabSize,
          language: next.language,
        });
      }
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  const templateOf = useCallback((language: string) => detail?.codeTemplate[language] ?? '', [detail]);

  return {
    draft,
    problemId,
    setCode: (code: string) => change({ code }),
    /** A blank editor, or one still holding a template, takes the new language's template. */
    setLanguage: (language: string) => {
      if (!draft) return;
      const untouched =
        draft.code.trim() === '' ||
        Object.values(detail?.codeTemplate ?? {}).some((tpl) => tpl === draft.code);
      change({ language, ...(untouched ? { code: templateOf(language) } : {}) }, { global: true });
    },
    setTheme: (theme: EditorTheme) => change({ theme }, { global: true }),
    setFontSize: (fontSize: number) => change({ fontSize }, { global: true }),
    setTabSize: (tabSize: TabSize) => change({ tabSize }, { global: true }),
    resetToTemplate: () => draft && change({ code: templateOf(draft.language) }),
    replaceCode: (code: string, language?: string) => change(language ? { code, language } : { code }),
  };
}

export type EditorState = ReturnType<typeof useEditorState>;
