import { TRAINING_AUTHS, TRAINING_PAGE } from '@verdict/shared';
import { statusInfo } from '../../components/judge-status';
import { isSuperAdmin, type UserInfo } from '../../store/session';
import type { TrainingAuth, TrainingRankCell } from '../../api/training';

/**
 * The training screens' rules (spec part 2 §2.1, §5, §9; reference §3.5, §7.13), pure so that
 * they are unit-tested: the list's query, the progress, the tabs, who sees real names, the rank's
 * cells.
 */

/** Spec part 2 §9: the training list shows 15 a page, the rank 100. */
export const TRAINING_PAGE_SIZE = TRAINING_PAGE.listScreen;
export const TRAINING_RANK_PAGE_SIZE = TRAINING_PAGE.rankScreen;

export { TRAINING_AUTHS };

export interface TrainingListQuery {
  keyword: string;
  categoryId: number | undefined;
  auth: TrainingAuth | undefined;
  currentPage: number;
}

const positive = (value: string | null): number | undefined => {
  if (value === null || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

/** Spec part 2 §2.1: keyword, categoryId, auth and currentPage; a page below 1 becomes 1. */
export function readTrainingQuery(params: URLSearchParams): TrainingListQuery {
  const categoryId = positive(params.get('categoryId'));
  const auth = params.get('auth');
  const page = positive(params.get('currentPage'));
  return {
    keyword: params.get('keyword') ?? '',
    categoryId: categoryId !== undefined && categoryId > 0 ? categoryId : undefined,
    auth: TRAINING_AUTHS.find((a) => a === auth),
    currentPage: page !== undefined && page >= 1 ? page : 1,
  };
}

/** The query string of a list query; empty values and page 1 are dropped. */
export function writeTrainingQuery(query: TrainingListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.keyword.trim()) next.set('keyword', query.keyword.trim());
  if (query.categoryId !== undefined) next.set('categoryId', String(query.categoryId));
  if (query.auth) next.set('auth', query.auth);
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  return next;
}

/**
 * Spec part 2 §2.1: progress is acCount of problemCount as a percentage with two decimals, 0 when
 * the training has no problems (and never above 100: a problem counted as solved may have left).
 */
export function progressPercent(acCount: number | null | undefined, problemCount: number): number {
  if (!problemCount || !acCount || acCount < 0) return 0;
  return Math.min(100, Math.round((acCount / problemCount) * 10000) / 100);
}

/**
 * Where a training's pages live: /training/:tid, or /group/:gid/training/:tid for a group's
 * training (spec part 2 §2.1 "group version"), whose pages are the same.
 */
export function trainingBasePath(tid: number, groupID?: string): string {
  return groupID ? `/group/${groupID}/training/${tid}` : `/training/${tid}`;
}

export type TrainingTabKey = 'introduction' | 'problems' | 'rank';

/** Which tab a path under /training/:tid shows; a problem page keeps the problem list's tab. */
export function trainingTabOfPath(rest: string): TrainingTabKey {
  if (rest.startsWith('/rank')) return 'rank';
  if (rest.startsWith('/problems') || rest.startsWith('/problem/')) return 'problems';
  return 'introduction';
}

/**
 * Spec part 2 §2.1: the problem list and rank tabs are closed while a private training is not
 * open to the user (reference §7.13: registered, or its author, or root).
 */
export function trainingTabs(access: boolean): { key: TrainingTabKey; path: string; disabled: boolean }[] {
  return [
    { key: 'introduction', path: '', disabled: false },
    { key: 'problems', path: 'problems', disabled: !access },
    { key: 'rank', path: 'rank', disabled: !access },
  ];
}

/** Spec part 2 §5: a training admin (its author or a super admin) sees real names in the rank. */
export function isTrainingAdmin(user: UserInfo | null, author: string | null | undefined): boolean {
  if (!user) return false;
  if (isSuperAdmin(user)) return true;
  return !!author && author === user.username;
}

/** A rank cell as shown: the short status in its colour and the best accepted run time. */
export interface RankCellView {
  short: string;
  color: string;
  accepted: boolean;
  runTime: string | null;
}

export function rankCellView(cell: TrainingRankCell | undefined): RankCellView | null {
  if (!cell) return null;
  const info = statusInfo(cell.status);
  const accepted = cell.isAC === true || cell.status === 0;
  return {
    short: info.short,
    color: info.color,
    accepted,
    // reference §7.13: runTime is the smallest judge time among the accepted runs
    runTime: cell.runTime !== null && cell.runTime !== undefined ? `${cell.runTime}ms` : null,
  };
}

/** Spec part 2 §2.1: a rank cell opens the submission list filtered by user and problem. */
export function rankCellSubmissionsPath(username: string, displayId: string): string {
  const query = new URLSearchParams({ username, problemID: displayId, completeProblemID: 'true' });
  return `/status?${query.toString()}`;
}

/** The rank's place of a row: the page's offset plus its index, from 1. */
export const rankSequence = (page: number, pageSize: number, index: number) =>
  (page - 1) * pageSize + index + 1;
