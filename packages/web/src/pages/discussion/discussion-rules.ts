import { DISCUSSION_LIMITS, DISCUSSION_PAGE } from '@verdict/shared';

/** Spec part 2 §9: 10 discussions a page. */
export const DISCUSSION_PAGE_SIZE = DISCUSSION_PAGE.listDefault;

/** The list's query string (spec part 2 §2.3: cid, keyword, onlyMine, currentPage). */
export interface DiscussionListQuery {
  cid?: number;
  keyword: string;
  onlyMine: boolean;
  currentPage: number;
}

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readListQuery(params: URLSearchParams): DiscussionListQuery {
  return {
    cid: positive(params.get('cid')),
    keyword: params.get('keyword') ?? '',
    onlyMine: params.get('onlyMine') === 'true',
    // spec part 2 §5: a page number below 1 is set to 1
    currentPage: positive(params.get('currentPage')) ?? 1,
  };
}

export function writeListQuery(q: DiscussionListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.cid) params.set('cid', String(q.cid));
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.onlyMine) params.set('onlyMine', 'true');
  if (q.currentPage > 1) params.set('currentPage', String(q.currentPage));
  return params;
}

export interface DiscussionDraft {
  title: string;
  description: string;
  categoryId: number | null;
  pid: string;
  content: string;
}

export type DraftField = 'title' | 'description' | 'categoryId' | 'content';
export interface DraftProblem {
  field: DraftField;
  kind: 'required' | 'tooLong';
  max?: number;
}

/**
 * Spec part 2 §5 "Discussion submit", in its order: title, its length, description, its length,
 * category, content, its length. Answers the first problem, or null.
 */
export function draftProblem(d: DiscussionDraft): DraftProblem | null {
  const L = DISCUSSION_LIMITS;
  if (d.title.trim() === '') return { field: 'title', kind: 'required' };
  if (d.title.length > L.titleMax) return { field: 'title', kind: 'tooLong', max: L.titleMax };
  if (d.description.trim() === '') return { field: 'description', kind: 'required' };
  if (d.description.length > L.descriptionMax)
    return { field: 'description', kind: 'tooLong', max: L.descriptionMax };
  if (d.categoryId === null) return { field: 'categoryId', kind: 'required' };
  if (d.content.trim() === '') return { field: 'content', kind: 'required' };
  if (d.content.length > L.contentMax) return { field: 'content', kind: 'tooLong', max: L.contentMax };
  return null;
}

/** Spec part 2 §5: a problem discussion's title starts with the problem id in brackets. */
export function titleWithProblem(title: string, pid: string): string {
  const trimmed = title.trim();
  if (!pid) return trimmed;
  const prefix = `[${pid}]`;
  return trimmed.startsWith(prefix) ? trimmed : `${prefix} ${trimmed}`;
}
