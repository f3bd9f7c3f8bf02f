import { useEffect } from 'react';
import { createExternalStore, useExternalStore } from '../store/external-store';

/**
 * What a page is about (a problem, a contest, a training, a discussion, a user), for the window's
 * title (issue 24 item 14): "A+B Problem - Verdict" instead of "Problem Details - VERDICT". A page
 * names its subject once it has loaded it; a shell (contest, training) names its own at level 0
 * and the page inside it at level 1, so a contest's problem reads "A+B - Spring Cup - Verdict".
 */

export type SubjectLevel = 0 | 1;

interface Subject {
  id: number;
  level: SubjectLevel;
  name: string;
}

const subjects = createExternalStore<readonly Subject[]>([]);
let nextId = 1;

/** Names the page's subject while the calling component is shown (null or empty: none yet). */
export function usePageSubject(name: string | null | undefined, level: SubjectLevel = 1): void {
  const trimmed = name?.trim() ?? '';
  useEffect(() => {
    if (!trimmed) return;
    const entry: Subject = { id: nextId++, level, name: trimmed };
    subjects.set([...subjects.get(), entry]);
    // only this entry goes: the next page may have named its subject first
    return () => subjects.set(subjects.get().filter((other) => other.id !== entry.id));
  }, [trimmed, level]);
}

/** The subjects named now, innermost first. */
export function usePageSubjects(): string[] {
  return subjectNames(useExternalStore(subjects));
}

export function subjectNames(list: readonly Subject[]): string[] {
  return [...list].sort((a, b) => b.level - a.level || b.id - a.id).map((subject) => subject.name);
}

/**
 * The window's title: the subjects (innermost first) or else the route's page name, then the site's
 * short name as the site writes it (HOJ upper-cases it; "Verdict" is not "VERDICT"), left out while
 * the site's config is loading.
 */
export function documentTitle(parts: {
  subjects: readonly string[];
  page: string;
  shortName: string;
}): string {
  const named = parts.subjects.filter((subject) => subject.length > 0);
  const head = named.length > 0 ? named.join(' - ') : parts.page;
  return [head, parts.shortName].filter(Boolean).join(' - ');
}
