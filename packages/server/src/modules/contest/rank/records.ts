import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ROLES } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { contestRecord, userInfo } from '../../../db/schema/index.ts';
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

/** The contest columns a board depends on (reference §9.1–§9.5), as one string. */
export function rowSignature(row: ContestRow): string {
  return JSON.stringify([
    row.uid,
    row.gid,
    row.type,
    row.startTime.getTime(),
    row.endTime.getTime(),
    row.sealRank,
    row.sealRankTime?.getTime() ?? null,
    row.oiRankScoreType,
    row.starAccount,
    row.awardType,
    row.awardConfig,
  ]);
}

/** More changed rows than this at one look: the board is rebuilt instead (a rejudge of a problem). */
export const MAX_CHANGES = 2000;

/** What one look at the database tells a board: its setup, and the contest's change feed. */
export interface BoardLook extends BoardSetup {
  /** the contest's version now */
  version: number;
  /** the changes after the version asked about, oldest first */
  changes: { version: number; uid: string }[];
  /** the judged records of the changed users, when there are at most MAX_CHANGES changes */
  changedRecords: RankRecord[];
}

/**
 * reference §9.1–§9.5: what of contest `row` the board depends on, and the contest's change feed
 * after version `since` (feed.ts), read in one statement: every board read asks it.
 */
export async function lookAtBoard(db: Db, row: ContestRow, since: number): Promise<BoardLook> {
  const [look] = await queryRows<{
    problems: BoardProblem[];
    excluded: string[];
    version: number;
    changes: { version: number; uid: string }[];
    records: RawRecord[];
  }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_object('cpid', cp.id, 'displayId', cp.display_id, 'remote', p.is_remote)
                                order by cp.id)
                from contest_problem cp join problem p on p.id = cp.pid where cp.cid = ${row.id}), '[]') as problems,
      -- reference §9.1: every root and, for a group contest, the group's roots (the creator is added below)
      array(select uid from user_role where role_id = ${ROLES.root.id}
            union select uid from group_member where gid = ${row.gid ?? 0} and auth = 5) as excluded,
      coalesce((select version from contest_rank_version where cid = ${row.id}), 0)::float8 as version,
      coalesce((select json_agg(json_build_object('version', c.version, 'uid', c.uid) order by c.version)
                from (select version, uid from contest_rank_change where cid = ${row.id} and version > ${since}
                      order by version limit ${MAX_CHANGES + 1}) c), '[]') as changes,
      -- the changed users' records in the same statement (one snapshot with the version above),
      -- each user's name read once (a subquery per record cost more than the records)
      coalesce((select json_agg(json_build_array(u.uuid, u.username, r.cpid, r.status, r.score, r.use_time, r.time,
                                                 floor(extract(epoch from r.submit_time) * 1000)::float8, r.submit_id))
                from user_info u
                  cross join lateral (select cpid, status, score, use_time, time, submit_time, submit_id
                                      from contest_record r
                                      where r.uid = u.uuid and r.cid = ${row.id} and r.status is not null) r
                -- decided here, not in SQL: two parameters compare as text there ('91' > '9007…')
                where ${since < Number.MAX_SAFE_INTEGER ? sql`true` : sql`false`}
                  and (select count(*) from contest_rank_change where cid = ${row.id} and version > ${since}) <= ${MAX_CHANGES}
                  -- = any(array(…)): the changed users first, then their records through the uid index
                  and u.uuid = any(array(select uid from contest_rank_change where cid = ${row.id} and version > ${since}))),
               '[]') as records`,
  );
  const problems = look!.problems;
  const byCpid = new Map(problems.map((p) => [Number(p.cpid), { ...p, cpid: Number(p.cpid) }]));
  const excluded = new Set([row.uid, ...look!.excluded]);
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
  const signature = JSON.stringify([rowSignature(row), [...excluded].sort(), problems]);
  return {
    config,
    problems: byCpid,
    signature,
    version: Number(look!.version),
    changes: look!.changes.map((c) => ({ version: Number(c.version), uid: c.uid })),
    changedRecords: look!.records.flatMap(
      ([uid, username, cpid, status, score, useTime, time, submitMs, submitId]) => {
        const record = rankRecord(byCpid, {
          uid,
          username,
          cpid: Number(cpid),
          status,
          score,
          useTime,
          time: Number(time),
          submitMs,
          submitId: Number(submitId),
        });
        return record ? [record] : [];
      },
    ),
  };
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
    const record = rankRecord(problems, { ...r, status: r.status!, submitMs: r.submitTime.getTime() });
    if (record) records.push(record);
  }
  return records;
}

/** A contest_record row as lookAtBoard reads it (a JSON array, in this order). */
type RawRecord = [string, string, number, number, number | null, number | null, number, number, number];

/** A judged record on the board, or null when its problem is no longer in the contest. */
function rankRecord(
  problems: ReadonlyMap<number, BoardProblem>,
  r: Omit<RankRecord, 'displayId' | 'score'> & { cpid: number; score: number | null },
): RankRecord | null {
  const p = problems.get(r.cpid);
  if (!p) return null;
  return {
    uid: r.uid,
    username: r.username,
    displayId: p.displayId,
    status: r.status,
    // reference §9.4: a remote problem scores 100 when accepted, else 0
    score: p.remote ? (r.status === 1 ? 100 : 0) : (r.score ?? 0),
    useTime: r.useTime,
    time: r.time,
    submitMs: r.submitMs,
    submitId: r.submitId,
  };
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
