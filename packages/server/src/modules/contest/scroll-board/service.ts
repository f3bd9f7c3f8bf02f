import { asc, eq, sql } from 'drizzle-orm';
import {
  CONTEST_STATUS,
  CONTEST_TYPE,
  JudgeStatus,
  SCROLL_BOARD_MESSAGES,
  type ContestScrollBoardInfoVO,
  type ContestScrollBoardSubmissionVO,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { contestProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { contestFor, type ContestView } from '../access.ts';
import { rankedSubmitterSql } from '../window.ts';

/**
 * The scroll board's two calls (reference §3.6 ContestScrollBoardController, §9.7). Both answer
 * only a contest admin (the policy's `contest.staff`), then only for an ACM contest that seals its
 * board and has ended, with HOJ's refusals. **Changed:** HOJ serves both to anyone (`@AnonApi`),
 * so after a sealed contest anybody could read every sealed verdict before the ceremony (reference
 * §9.2); Verdict keeps them with the staff, who open the board from the contest's admin tab.
 */
async function rollableContest(db: Db, user: AuthUser, cid: number, now: Date): Promise<ContestView> {
  const view = await contestFor(db, user, cid, now, 'contest.staff');
  if (view.row.type !== CONTEST_TYPE.acm) throw fail(SCROLL_BOARD_MESSAGES.notAcm);
  if (!view.row.sealRank || !view.row.sealRankTime) throw fail(SCROLL_BOARD_MESSAGES.notSealed);
  if (view.facts.status !== CONTEST_STATUS.ended) throw fail(SCROLL_BOARD_MESSAGES.notEnded);
  return view;
}

/** The star accounts of a contest (reference §4.4 `star_account` JSON). */
function starUsers(view: ContestView): string[] {
  return view.row.starAccount?.star_account ?? [];
}

/** reference §3.6 `GET /api/get-contest-scroll-board-info`. */
export async function scrollBoardInfo(
  db: Db,
  user: AuthUser,
  cid: number,
  now: Date,
): Promise<ContestScrollBoardInfoVO> {
  const view = await rollableContest(db, user, cid, now);
  const problems = await db
    .select({ displayId: contestProblem.displayId, color: contestProblem.color })
    .from(contestProblem)
    .where(eq(contestProblem.cid, view.row.id))
    .orderBy(sql`length(${contestProblem.displayId})`, asc(contestProblem.displayId));
  return {
    id: view.row.id,
    rankShowName: view.row.rankShowName,
    problemCount: problems.length,
    balloonColor: Object.fromEntries(problems.map((p) => [p.displayId, p.color])),
    startTime: view.row.startTime.toISOString(),
    sealRankTime: view.row.sealRankTime!.toISOString(),
    starUserList: starUsers(view),
    endTime: view.row.endTime.toISOString(),
    title: view.row.title,
    displayIdList: problems.map((p) => p.displayId),
  };
}

interface SubmissionRow extends Omit<ContestScrollBoardSubmissionVO, 'submitId' | 'submitTime'> {
  submitId: string | number;
  submitTime: string | Date;
}

/**
 * reference §3.6 `GET /api/get-contest-scroll-board-submission`, §9.7: every submission of the
 * contest from its start to its end except cancelled ones (-4), none by its creator, roots or group
 * roots (§9.1), with `removeStar` none by star users either; newest first, with the author's profile.
 * Pending ones are kept: the board shows them as unknown cells.
 */
export async function scrollBoardSubmissions(
  db: Db,
  user: AuthUser,
  query: { cid: number; removeStar?: boolean },
  now: Date,
): Promise<ContestScrollBoardSubmissionVO[]> {
  const view = await rollableContest(db, user, query.cid, now);
  const stars = starUsers(view);
  const noStars =
    query.removeStar && stars.length > 0
      ? sql` and j.username not in (${sql.join(
          stars.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<SubmissionRow>(
    db,
    sql`select j.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender,
        j.submit_id as "submitId", j.status, j.submit_time as "submitTime", cp.display_id as "displayId"
      from judge j
      join contest_problem cp on cp.id = j.cpid
      join user_info u on u.uuid = j.uid
      where j.cid = ${view.row.id} and j.status <> ${JudgeStatus.CANCELLED}
        and j.submit_time >= ${view.row.startTime.toISOString()}::timestamptz
        and j.submit_time < ${view.row.endTime.toISOString()}::timestamptz
        and ${rankedSubmitterSql(view)}${noStars}
      order by j.submit_time desc, j.submit_id desc`,
  );
  return rows.map((r) => ({
    ...r,
    submitId: Number(r.submitId),
    submitTime: new Date(r.submitTime).toISOString(),
  }));
}
