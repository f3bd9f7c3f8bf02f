import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportProgress } from '@verdict/shared';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { userImportProgress } from '../../../db/schema/index.ts';
import { fail } from '../../../http/errors.ts';
import type { Text } from '../../../http/messages.ts';
import { insertBatchBody } from './schemas.ts';

/**
 * Verdict (issue 10): how far an `insert-batch-user` has got. The client picks an id, sends it as
 * `importId` with the batch and polls `GET /api/admin/user/import-progress?id=` while the request
 * runs (hashing 2,000 passwords at full scrypt cost takes about two minutes). The rows are written
 * outside the import's transaction, so the import itself stays all or nothing.
 */

/** A client-chosen import id: a UUID or any 8–64 letters, digits, '-' and '_'. */
export const importIdParam = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export const importProgressQuery = z.object({ id: importIdParam });
/** reference §3.12 insert-batch-user's `users`, plus Verdict's optional `importId`. */
export const importBatchBody = insertBatchBody.extend({ importId: importIdParam.optional() });

type ImportState = ImportProgress['state'];

const importIdUsed: Text = {
  zh: '该导入编号已被使用，请重新导入！',
  en: 'This import id is already in use: start the import again!',
};

/** Rows a day old are removed by the `user-import-progress` job. */
export const IMPORT_PROGRESS_KEEP_MS = 24 * 60 * 60 * 1000;

/** What the import tells about itself; `noProgress` when the client sent no id. */
export interface ImportProgressReporter {
  hashing(done: number): Promise<void>;
  writing(): Promise<void>;
  finished(ok: boolean): Promise<void>;
}

export const noProgress: ImportProgressReporter = {
  hashing: async () => undefined,
  writing: async () => undefined,
  finished: async () => undefined,
};

/**
 * Starts the record of import `id` by admin `uid` for `total` rows (state 'checking'). An id already
 * used is refused before anything else happens. Hashing is reported about a hundred times per
 * import (every `step` users), so a large batch costs a hundred small updates, not thousands.
 */
export async function startImportProgress(
  db: Db,
  clock: Clock,
  id: string,
  uid: string,
  total: number,
): Promise<ImportProgressReporter> {
  const inserted = await db
    .insert(userImportProgress)
    .values({ id, uid, state: 'checking', total, done: 0, updatedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: userImportProgress.id });
  if (inserted.length === 0) throw fail(importIdUsed);
  const step = Math.max(1, Math.ceil(total / 100));
  let written = 0;
  const write = async (state: ImportState, done?: number) => {
    await db
      .update(userImportProgress)
      .set({
        state,
        // reports of concurrent hashes may arrive out of order: the count never goes back
        ...(done === undefined ? {} : { done: sql`greatest(${userImportProgress.done}, ${done})` }),
        updatedAt: clock.now(),
      })
      .where(eq(userImportProgress.id, id));
  };
  return {
    async hashing(done) {
      if (done !== 0 && done < written + step && done !== total) return;
      written = done;
      await write('hashing', done);
    },
    writing: () => write('writing', total),
    finished: (ok) => write(ok ? 'done' : 'failed'),
  };
}

/** The caller's own import `id`, or null when they have none by that id (not started yet, or gone). */
export async function readImportProgress(db: Db, id: string, uid: string): Promise<ImportProgress | null> {
  const [row] = await db
    .select({
      id: userImportProgress.id,
      state: userImportProgress.state,
      total: userImportProgress.total,
      done: userImportProgress.done,
    })
    .from(userImportProgress)
    .where(and(eq(userImportProgress.id, id), eq(userImportProgress.uid, uid)));
  return row ? { ...row, state: row.state as ImportState } : null;
}

/** `user-import-progress` job (jobs/cleanups.ts): records untouched for a day. */
export async function deleteOldImportProgress(db: Db, now: Date): Promise<void> {
  await db
    .delete(userImportProgress)
    .where(lt(userImportProgress.updatedAt, new Date(now.getTime() - IMPORT_PROGRESS_KEEP_MS)));
}
