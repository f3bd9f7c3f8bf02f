import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ROLES } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import {
  contestProblem,
  contestRecord,
  groupMember,
  problem,
  userInfo,
  userRole,
} from '../../../db/schema/index.ts';
import type { ContestRow } from '../facts.ts';
import type { RankConfig, RankRecord } from './model.ts';

/** A contest problem as the board reads its records: display id and whether it is remote. */
export interface BoardProblem {
  cpid: number;
  displayId: string;
  remote: boolean;
}

/** The board's settings, problems and excluded users, and a signature that changes with any of them. */
export interface BoardSetup {
  config: RankConfig;
  problems: Map<number, BoardProblem>;
  signature: string;
}

/** reference §9.1–§9.5: what of contest `row` the board depends on, read now. */
export async function loadBoardSetup(db: Db, row: ContestRow): Promise<BoardSetup> {
  const problems = await db
    .select({ cpid: contestProblem.id, displayId: contestProblem.displayId, remote: problem.isRemote })
    .from(contestProblem)
    .innerJoin(problem, eq(problem.id, contestProblem.pid))
    .where(eq(contestProblem.cid, row.id))
    .orderBy(contestProblem.id);
  // reference §9.1: the creator, every root and, for a group contest, the group's roots
  const rootsQuery = db
    .select({ uid: userRole.uid })
    .from(userRole)
    .where(eq(userRole.roleId, ROLES.root.id));
  const excludedRows = row.gid
    ? await rootsQuery.union(
        db
          .select({ uid: groupMember.uid })
          .from(groupMember)
          .where(and(eq(groupMember.gid, row.gid), eq(groupMember.auth, 5))),
      )
    : await rootsQuery;
  const excluded = new Set([row.uid, ...excludedRows.map((r) => r.uid)]);
  const config: RankConfig = {
    cid: row.id,
    type: row.type,
    startMs: row.startTime.getTime(),
    endMs: row.endTime.getTime(),
    sealMs: row.sealRank && row.sealRankTime ? row.sealRankTime.getTime() : null,
    oiType: row.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
    stars: new Set(row.starAccount?.star_account ?? []),
    awardType: row.awardType,
    awards: row.awardConfig?.config ?? [],
    excluded,
  };
  const signature = JSON.stringify([
    config.type,
    config.startMs,
    config.endMs,
    config.sealMs,
    config.oiType,
    [...config.stars],
    config.awardType,
    config.awards,
    [...excluded].sort(),
    problems,
  ]);
  return { config, problems: new Map(problems.map((p) => [p.cpid, p])), signature };
}

/**
 * The judged records (reference §9.1: status set) of contest `cid`, of the users `uids` when
 * given, with each user's current username and the problem's current display id.
 */
export async function loadRankRecords(
  db: Db,
  cid: number,
  problems: ReadonlyMap<number, BoardProblem>,
  uids?: readonly string[],
): Promise<RankRecord[]> {
  const rows = await db
    .select({
      uid: contestRecord.uid,
      username: userInfo.username,
      cpid: contestRecord.cpid,
      status: contestRecord.status,
      score: contestRecord.score,
      useTime: contestRecord.useTime,
      time: contestRecord.time,
      submitTime: contestRecord.submitTime,
      submitId: contestRecord.submitId,
    })
    .from(contestRecord)
    .innerJoin(userInfo, eq(userInfo.uuid, contestRecord.uid))
    .where(
      and(
        eq(contestRecord.cid, cid),
        isNotNull(contestRecord.status),
        uids ? (uids.length > 0 ? inArray(contestRecord.uid, [...uids]) : sql`false`) : undefined,
      ),
    );
  const records: RankRecord[] = [];
  for (const r of rows) {
    const p = problems.get(r.cpid);
    if (!p) continue;
    records.push({
      uid: r.uid,
      username: r.username,
      displayId: p.displayId,
      status: r.status!,
      // reference §9.4: a remote problem scores 100 when accepted, else 0
      score: p.remote ? (r.status === 1 ? 100 : 0) : (r.score ?? 0),
      useTime: r.useTime,
      time: r.time,
      submitMs: r.submitTime.getTime(),
      submitId: r.submitId,
    });
  }
  return records;
}

/** Records grouped by user. */
export function byUser(records: readonly RankRecord[]): Map<string, RankRecord[]> {
  const map = new Map<string, RankRecord[]>();
  for (const r of records) {
    const list = map.get(r.uid);
    if (list) list.push(r);
    else map.set(r.uid, [r]);
  }
  return map;
}
