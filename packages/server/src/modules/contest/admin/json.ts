import type { AdminContestVO, ContestProblemLink } from '@verdict/shared';
import type { contestProblem } from '../../../db/schema/index.ts';
import { contestStatusAt, type ContestRow } from '../facts.ts';

/**
 * reference §3.12 AdminContestVO of a contest row: the status from the clock, star accounts and
 * award tiers as lists. The password goes out only where the reference returns it (the one-contest
 * answer to its creator or root), never in the list.
 */
export function adminContestJson(
  row: ContestRow,
  now: Date,
  options: { withPassword: boolean; count: number },
): AdminContestVO {
  const { pwd, starAccount, awardConfig, ...rest } = row;
  return {
    ...rest,
    ...(options.withPassword ? { pwd } : {}),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    sealRankTime: row.sealRankTime?.toISOString() ?? null,
    status: contestStatusAt(row, now),
    starAccount: starAccount?.star_account ?? [],
    awardConfigList: awardConfig?.config ?? [],
    count: options.count,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  };
}

export function contestProblemJson(row: typeof contestProblem.$inferSelect): ContestProblemLink {
  return {
    id: row.id,
    cid: row.cid,
    pid: row.pid,
    displayId: row.displayId,
    displayTitle: row.displayTitle,
    color: row.color,
  };
}
