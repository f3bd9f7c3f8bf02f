import { RANK_LIST_PAGE_SIZE } from '../../config/constants';
import { positiveInt } from '../problem/problem-utils';

/** The rank list's state in the address: searchUser, currentPage and limit (empty values dropped). */
export interface RankQuery {
  searchUser: string;
  currentPage: number;
  limit: number;
}

export function readRankQuery(params: URLSearchParams): RankQuery {
  return {
    searchUser: params.get('searchUser') ?? '',
    currentPage: positiveInt(params.get('currentPage'), 1),
    limit: positiveInt(params.get('limit'), RANK_LIST_PAGE_SIZE),
  };
}

export function writeRankQuery(query: RankQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.searchUser.trim()) next.set('searchUser', query.searchUser.trim());
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  if (query.limit !== RANK_LIST_PAGE_SIZE) next.set('limit', String(query.limit));
  return next;
}

/** Spec part 1 §2 "Rank lists": the AC count opens that user's accepted submissions. */
export function acceptedSubmissionsPath(username: string): string {
  return `/status?${new URLSearchParams({ username, status: '0' }).toString()}`;
}
