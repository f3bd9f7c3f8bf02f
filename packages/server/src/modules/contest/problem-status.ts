import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { contestFor } from './access.ts';
import { contestMessages } from './messages.ts';
import { fail } from '../../http/errors.ts';
import { problemsOfContest } from './problems.ts';
import { contestUserStatuses } from './problem-stats.ts';
import { includesAfterEnd } from './window.ts';

/**
 * reference §3.3 / §7.9 `POST /api/get-user-problem-status` for a contest problem list: pid →
 * `{status, score}` of the caller in contest `cid` (-10 and a null score when never submitted).
 */
export async function contestProblemStatuses(
  db: Db,
  user: AuthUser,
  body: { pidList: number[]; cid?: number | null; containsEnd?: boolean | null },
  now: Date,
) {
  if (!body.cid) throw fail(contestMessages.contestRequired);
  const view = await contestFor(db, user, body.cid, now, 'contest.enter');
  const afterEnd = includesAfterEnd(view, body.containsEnd ?? undefined);
  const statuses = await contestUserStatuses(db, view, user.uid, body.pidList, { afterEnd });
  return Object.fromEntries(
    body.pidList.map((pid) => [pid, statuses.get(pid) ?? { status: JudgeStatus.NOT_SUBMITTED, score: null }]),
  );
}

/**
 * reference §3.3 `GET /api/get-full-screen-problem-list?cid=`: the contest's problems for the
 * focus-mode footer, `problemId` being the display id, with the caller's status and score (§7.9,
 * pending statuses skipped).
 */
export async function contestFullScreenList(db: Db, user: AuthUser, cid: number, now: Date) {
  const view = await contestFor(db, user, cid, now, 'contest.enter');
  const rows = await problemsOfContest(db, view);
  const statuses = await contestUserStatuses(
    db,
    view,
    user.uid,
    rows.map((r) => r.cp.pid),
    { afterEnd: false, final: true },
  );
  return rows.map(({ cp }) => ({
    pid: cp.pid,
    problemId: cp.displayId,
    title: cp.displayTitle,
    status: statuses.get(cp.pid)?.status ?? JudgeStatus.NOT_SUBMITTED,
    score: statuses.get(cp.pid)?.score ?? null,
  }));
}
