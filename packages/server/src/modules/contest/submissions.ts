import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContestJudgeVO, ContestSubmissionListQuery } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { judge } from '../../db/schema/index.ts';
import { judgeStatusJson } from '../submission/json.ts';
import { contestFor, type ContestView } from './access.ts';
import { contestSubmissionVisibility, withVisibility } from './submission-view.ts';
import { includesAfterEnd } from './window.ts';

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** reference §7.18: while sealed for the caller, others' submissions from the seal time on are not listed. */
function sealCondition(view: ContestView, uid: string): SQL | undefined {
  if (!view.sealed || !view.row.sealRankTime) return undefined;
  return sql`(j.submit_time < ${iso(view.row.sealRankTime)} or j.uid = ${uid})`;
}

interface Row {
  submitId: string | number;
  uid: string;
  username: string | null;
  pid: string | number;
  displayPid: string;
  displayId: string | null;
  title: string | null;
  submitTime: string | Date;
  status: number;
  share: boolean;
  time: number | null;
  memory: number | null;
  length: number | null;
  score: number | null;
  oiRankScore: number | null;
  language: string | null;
  cid: string | number;
  cpid: string | number;
  judger: string | null;
  isManual: boolean;
  total: string | number;
}

/**
 * reference §3.6 `GET /api/contest-submissions`, §7.18: a contest's submissions newest first, with
 * the contest's display id and title. `beforeContestSubmit` lists those made before the start
 * instead of from it on; those at or after the end only with the 'include submissions after the
 * contest' switch (`containsEnd`, when the contest allows them and the board is not sealed).
 * Filters: the caller's own, display id (exact with completeProblemID, else a substring), status,
 * author (a substring). The seal and the running contest hide what submission-view.ts says.
 */
export async function contestSubmissionList(
  db: Db,
  user: AuthUser,
  query: ContestSubmissionListQuery,
  now: Date,
): Promise<Page<ContestJudgeVO>> {
  const view = await contestFor(db, user, query.contestID, now, 'contest.enter');
  const start = iso(view.row.startTime);
  const conditions: SQL[] = [sql`j.cid = ${view.row.id}`];
  if (query.beforeContestSubmit) conditions.push(sql`j.submit_time < ${start}`);
  else {
    conditions.push(sql`j.submit_time >= ${start}`);
    if (!includesAfterEnd(view, query.containsEnd))
      conditions.push(sql`j.submit_time < ${iso(view.row.endTime)}`);
  }
  const sealed = sealCondition(view, user.uid);
  if (sealed) conditions.push(sealed);
  if (query.onlyMine) conditions.push(sql`j.uid = ${user.uid}`);
  else if (query.username) conditions.push(sql`j.username ilike ${containsPattern(query.username)}`);
  if (query.status !== undefined) conditions.push(sql`j.status = ${query.status}`);
  if (query.problemID) {
    conditions.push(
      query.completeProblemID
        ? sql`upper(cp.display_id) = ${query.problemID.toUpperCase()}`
        : sql`cp.display_id ilike ${containsPattern(query.problemID)}`,
    );
  }
  const offset = (query.currentPage - 1) * query.limit;
  const rows = await queryRows<Row>(
    db,
    sql`select j.submit_id as "submitId", j.uid, j.username, j.pid, j.display_pid as "displayPid",
        cp.display_id as "displayId", cp.display_title as title, j.submit_time as "submitTime", j.status,
        j.share, j.time, j.memory, j.length, j.score, j.oi_rank_score as "oiRankScore", j.language, j.cid,
        j.cpid, j.judger, j.is_manual as "isManual", count(*) over () as total
      from judge j left join contest_problem cp on cp.id = j.cpid
      where ${sql.join(conditions, sql` and `)}
      order by j.submit_time desc, j.submit_id desc
      limit ${query.limit} offset ${offset}`,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from judge j left join contest_problem cp on cp.id = j.cpid
        where ${sql.join(conditions, sql` and `)}`,
    );
    total = Number(row?.n ?? 0);
  }
  const records = rows.map(({ total: _total, ...r }) => {
    const submission = {
      ...r,
      submitId: Number(r.submitId),
      pid: Number(r.pid),
      cid: Number(r.cid),
      cpid: Number(r.cpid),
      submitTime: new Date(r.submitTime),
    };
    const shown = withVisibility(submission, contestSubmissionVisibility(view, user, submission));
    return { ...shown, submitTime: shown.submitTime.toISOString() };
  });
  return page(records, total, query.currentPage, query.limit);
}

/**
 * reference §3.4 `POST /api/check-contest-submissions-status`: submitId → the submission without
 * code and error text, for the ids of this contest the caller may see (submission-view.ts: the
 * seal, others' results while running).
 */
export async function contestSubmissionStatuses(
  db: Db,
  user: AuthUser,
  cid: number,
  ids: number[],
  now: Date,
): Promise<Record<number, ReturnType<typeof judgeStatusJson>>> {
  const view = await contestFor(db, user, cid, now, 'contest.enter');
  if (ids.length === 0) return {};
  const rows = await db
    .select()
    .from(judge)
    .where(and(eq(judge.cid, view.row.id), inArray(judge.submitId, ids)));
  const answer: Record<number, ReturnType<typeof judgeStatusJson>> = {};
  for (const s of rows) {
    const visibility = contestSubmissionVisibility(view, user, s);
    if (visibility === 'hidden') continue;
    answer[s.submitId] = judgeStatusJson(withVisibility(s, visibility));
  }
  return answer;
}
