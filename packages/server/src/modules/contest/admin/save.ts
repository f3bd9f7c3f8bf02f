import { eq } from 'drizzle-orm';
import {
  adminContestBody,
  AWARD_TYPE,
  CONTEST_AUTH,
  contestDurationSeconds,
  SITE_SCOPE,
  type AdminContestForm,
  type EditorScope,
  type ContestSaveResult,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { rowInScope } from '../../../db/scope.ts';
import { contest, contestRegister } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { assertCan } from '../../../policy/index.ts';
import { contestFacts, contestStatusAt } from '../facts.ts';
import { parseContestInput } from './input.ts';
import { contestAdminMessages } from './messages.ts';

/**
 * The columns a save writes (reference §4.4): duration and status derived from the times, the
 * seal time only while sealing, star accounts and award tiers as their JSON documents, the tiers
 * sorted by priority (reference §9.5; a stable sort keeps the form's order among equal priorities).
 */
function contestColumns(f: AdminContestForm, now: Date) {
  const tiers = [...(f.awardConfigList ?? [])].sort((a, b) => a.priority - b.priority);
  return {
    title: f.title,
    type: f.type,
    description: f.description ?? null,
    auth: f.auth,
    pwd: f.pwd ? f.pwd : null,
    startTime: f.startTime,
    endTime: f.endTime,
    duration: contestDurationSeconds(f.startTime, f.endTime),
    status: contestStatusAt(f, now),
    sealRank: f.sealRank,
    sealRankTime: f.sealRank ? f.sealRankTime : null,
    autoRealRank: f.autoRealRank,
    visible: f.visible,
    openPrint: f.openPrint,
    openAccountLimit: f.openAccountLimit,
    accountLimitRule: f.accountLimitRule ?? null,
    rankShowName: f.rankShowName,
    starAccount: { star_account: f.starAccount },
    openRank: f.openRank,
    oiRankScoreType: f.oiRankScoreType,
    awardType: f.awardType,
    awardConfig: f.awardType === AWARD_TYPE.none && tiers.length === 0 ? null : { config: tiers },
    allowEndSubmit: f.allowEndSubmit,
  };
}

/**
 * The form, checked by the shared schema (every rule of reference §3.12 and Verdict's). A site form
 * may not name a group: group contests are managed inside their group (reference §3.10).
 */
function parseForm(body: unknown, scope: EditorScope): AdminContestForm {
  const form = parseContestInput(adminContestBody, body);
  if (scope.kind === 'site' && form.gid) throw fail(contestAdminMessages.groupContestsLater);
  return form;
}

/**
 * reference §3.12 `POST /api/admin/contest` (R(root|admin|problem_admin)), §3.10 `POST
 * /api/group/contest` (the group's admins): a new contest of the scope owned by the caller. Answers
 * its id (HOJ answers null; its client ignores the data).
 */
export async function createContest(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope: EditorScope = SITE_SCOPE,
) {
  const form = parseForm(body, scope);
  const [row] = await db
    .insert(contest)
    .values({
      uid: user.uid,
      author: user.username,
      source: 0,
      gmtCreate: now,
      gmtModified: now,
      ...contestColumns(form, now),
      ...(scope.kind === 'group' ? { isGroup: true, gid: scope.gid } : {}),
    })
    .returning({ id: contest.id });
  return { cid: row!.id };
}

/**
 * reference §3.12 `PUT /api/admin/contest` (its creator or root): rewrites the settings in one
 * transaction. Changing the password of a non-public contest deletes its registrations in the same
 * transaction (every participant must enter the new one); the answer says how many, so the form
 * can tell the admin, who was warned before saving (AdminContestVO.count).
 */
export async function updateContest(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope: EditorScope = SITE_SCOPE,
) {
  const form = parseForm(body, scope);
  if (!form.id) throw fail(contestAdminMessages.contestIdMissing);
  const cid = form.id;
  const result = await db.transaction(async (tx): Promise<ContestSaveResult> => {
    const [current] = await tx.select().from(contest).where(eq(contest.id, cid)).for('update');
    if (!current || !rowInScope(current, scope)) throw notFound(problemMessages.contestNotFound);
    assertCan(user, 'contest.manage', await contestFacts(tx, current, user, now));
    const columns = contestColumns(form, now);
    await tx
      .update(contest)
      .set({ ...columns, gmtModified: now })
      .where(eq(contest.id, cid));
    const passwordChanged = form.auth !== CONTEST_AUTH.public && (current.pwd ?? null) !== columns.pwd;
    if (!passwordChanged) return { registrationsDropped: 0 };
    const dropped = await tx
      .delete(contestRegister)
      .where(eq(contestRegister.cid, cid))
      .returning({ id: contestRegister.id });
    return { registrationsDropped: dropped.length };
  });
  return result.registrationsDropped > 0
    ? ok(result, contestAdminMessages.registrationsDropped(result.registrationsDropped))
    : ok(result);
}
