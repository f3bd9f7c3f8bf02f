import { RANK_TYPE, type ACMRankVO, type OIRankVO } from '@verdict/shared';
import { apiGet, type Page } from './http';
import { inLanguage } from './problem';

/** The site rank lists (spec part 1 §2 "Rank lists", reference §3.7, §7.11). */

export { RANK_TYPE };
export type RankKind = keyof typeof RANK_TYPE;

/** Spec part 1 §3 "Rank list record" (reference §3.7 ACMRankVO; OIRankVO adds `score`). */
export type RankRecord = ACMRankVO & Partial<Pick<OIRankVO, 'score'>>;

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
