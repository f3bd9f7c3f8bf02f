import type { ContestInfoVO, ContestVO } from '@verdict/shared';
import { contestStatusAt, type ContestRow } from './facts.ts';

/**
 * reference §3.6 ContestVO: a contest as lists and the shell show it, its status from the clock at
 * `now` (HOJ's status column was kept by a MySQL event; Verdict never stores a status to go stale).
 */
export function contestJson(row: ContestRow, count: number, now: Date): ContestVO {
  return {
    id: row.id,
    uid: row.uid,
    author: row.author,
    title: row.title,
    description: row.description,
    type: row.type,
    status: contestStatusAt(row, now),
    source: row.source,
    auth: row.auth,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    duration: row.duration,
    openRank: row.openRank,
    oiRankScoreType: row.oiRankScoreType,
    gid: row.gid,
    allowEndSubmit: row.allowEndSubmit,
    count,
  };
}

/** reference §3.6 get-contest-info: ContestVO plus the shell's settings and the server's `now`. */
export function contestInfoJson(row: ContestRow, count: number, now: Date): ContestInfoVO {
  return {
    ...contestJson(row, count, now),
    openPrint: row.openPrint,
    sealRank: row.sealRank,
    sealRankTime: row.sealRankTime?.toISOString() ?? null,
    autoRealRank: row.autoRealRank,
    rankShowName: row.rankShowName,
    now: now.toISOString(),
  };
}
