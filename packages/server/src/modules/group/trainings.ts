import type { z } from 'zod';
import type {
  adminTrainingProblemListQuery,
  EditorScope,
  groupAdminTrainingListQuery,
  groupTrainingListQuery,
} from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { loadTraining } from '../training/access.ts';
import { adminTraining, adminTrainingList } from '../training/admin/list.ts';
import { manageableTraining } from '../training/admin/manage.ts';
import { trainingProblemList } from '../training/admin/problem-list.ts';
import { createTraining, updateTraining } from '../training/admin/save.ts';
import { deleteTraining } from '../training/admin/status.ts';
import { listTrainings } from '../training/list.ts';
import { groupFor } from './access.ts';
import { groupMessages as m } from './messages.ts';

/**
 * A group's trainings, reference §3.10 (`/api/group/*training*`) and §7.12: the site's training
 * services told the group's scope. Members read the list; the group's admins create; a training's
 * author or the group's root (policy 'training.manage') change it. Reading, registering, submitting
 * and the rank go through the public training calls, whose policy knows group trainings.
 */

const groupScope = (gid: number): EditorScope => ({ kind: 'group', gid });

/** The group training `tid` and its scope, if the caller may still see its group; else not found. */
export async function groupTrainingScope(db: Db, user: AuthUser, tid: unknown): Promise<EditorScope> {
  const id = Number(tid);
  const row = Number.isSafeInteger(id) && id > 0 ? await loadTraining(db, id) : undefined;
  if (!row || row.gid === null) throw notFound(problemMessages.trainingNotFound);
  await groupFor(db, user, row.gid, 'group.view');
  return groupScope(row.gid);
}

/** `GET /api/group/get-training-list`: the group's visible trainings, for its members. */
export async function groupTrainingList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupTrainingListQuery>,
) {
  await groupFor(db, user, query.gid, 'group.member');
  return listTrainings(db, user, query, groupScope(query.gid));
}

/** `GET /api/group/get-admin-training-list`: every training of the group, for its admins. */
export async function groupAdminTrainingList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupAdminTrainingListQuery>,
) {
  await groupFor(db, user, query.gid, 'group.admin');
  return adminTrainingList(db, query, groupScope(query.gid));
}

/** `GET /api/group/training?tid`: the training for its editor (its managers). */
export async function groupTraining(db: Db, user: AuthUser, tid: number) {
  await groupTrainingScope(db, user, tid);
  return adminTraining(db, user, tid);
}

/** The group a training form names (`training.gid`), which the caller must administer. */
function formGid(body: unknown): number {
  const gid = Number((body as { training?: { gid?: unknown } } | null)?.training?.gid);
  if (!Number.isSafeInteger(gid) || gid <= 0) throw fail(m.trainingGroupMissing);
  return gid;
}

/** `POST /api/group/training` `{training, trainingCategory}`: the group's admins create. */
export async function createGroupTraining(db: Db, user: AuthUser, body: unknown, now: Date) {
  const gid = formGid(body);
  await groupFor(db, user, gid, 'group.admin');
  return createTraining(db, user, body, now, groupScope(gid));
}

/** `PUT /api/group/training`: its author or the group's root. */
export async function updateGroupTraining(db: Db, user: AuthUser, body: unknown, now: Date) {
  const tid = Number((body as { training?: { id?: unknown } } | null)?.training?.id);
  if (!Number.isSafeInteger(tid) || tid <= 0) throw notFound(problemMessages.trainingNotFound);
  return updateTraining(db, user, body, now, await groupTrainingScope(db, user, tid));
}

/** `DELETE /api/group/training?tid`: its author or the group's root (the site's is root's only). */
export async function deleteGroupTraining(db: Db, user: AuthUser, tid: number) {
  await manageableTraining(db, user, tid, await groupTrainingScope(db, user, tid));
  await deleteTraining(db, tid);
}

/** `GET /api/group/get-training-problem-list`: as the admin list, in the group's scope. */
export async function groupTrainingProblemList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof adminTrainingProblemListQuery>,
) {
  return trainingProblemList(db, user, query, await groupTrainingScope(db, user, query.tid));
}
