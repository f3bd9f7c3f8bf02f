import { apiGet, type Page } from './http';
import { inLanguage } from './problem';

/** The site rank lists (spec part 1 §2 "Rank lists", reference §3.7, §7.11). */

/** `type` of get-rank-list: 0 ACM, 1 OI (reference §3.7). */
export const RANK_TYPE = { acm: 0, oi: 1 } as const;
export type RankKind = keyof typeof RANK_TYPE;

/** Spec part 1 §3 "Rank list record"; `score` comes with the OI list only. */
export interface RankRecord {
  uid: string;
  username: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  nickname: string | null;
  ac: number;
  total: number;
  score?: number | null;
  signature: string | null;
}

export interface RankListParams {
  kind: RankKind;
  currentPage: number;
  limit: number;
  searchUser?: string;
}

export function getRankList({
  kind,
  currentPage,
  limit,
  searchUser,
}: RankListParams): Promise<Page<RankRecord>> {
  return apiGet<Page<RankRecord>>(
    '/api/get-rank-list',
    { type: RANK_TYPE[kind], currentPage, limit, searchUser: searchUser || undefined },
    inLanguage(),
  );
}
