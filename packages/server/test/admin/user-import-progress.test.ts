import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userImportProgress, userInfo } from '../../src/db/schema/index.ts';
import { JOBS } from '../../src/jobs/index.ts';
import {
  deleteOldImportProgress,
  IMPORT_PROGRESS_KEEP_MS,
} from '../../src/modules/admin/user/import-progress.ts';
import { createWorld, type World } from '../problem/fixtures.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Verdict's import progress (issue 10: "importing 2,000 users … shows progress in the screen"):
 * `insert-batch-user` with `importId`, read by `GET /api/admin/user/import-progress?id=`.
 * Password hashing is held at a gate here so each step can be observed without timing.
 */
const gate = vi.hoisted(() => ({ closed: false, waiting: [] as (() => void)[] }));
vi.mock('../../src/modules/account/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/modules/account/password.ts')>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      if (gate.closed) await new Promise<void>((resolve) => gate.waiting.push(resolve));
      return original.hashPassword(password);
    },
  };
});

let w: World;
let otherRoot = '';
beforeAll(async () => {
  w = await createWorld();
  const uid = await createUser(w.t.db, { username: 'root2', role: 'root' });
  otherRoot = await w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
});
afterAll(() => w.t.close());

const base = '/api/admin/user';
type Progress = { id: string; state: string; total: number; done: number } | null;

const progress = async (id: string, token = w.tokens.root) =>
  (await w.call<Progress>('GET', `${base}/import-progress?id=${id}`, { token })).data;
const insert = (users: unknown[], importId?: string) =>
  w.call<unknown>('POST', `${base}/insert-batch-user`, {
    token: w.tokens.root,
    payload: importId ? { users, importId } : { users },
  });
const usersNamed = async (names: string[]) =>
  (await w.t.db.select({ name: userInfo.username }).from(userInfo).where(inArray(userInfo.username, names)))
    .length;

/** Lets the next held hash go on, once one is waiting. */
async function releaseOne() {
  await expect.poll(() => gate.waiting.length).toBeGreaterThan(0);
  gate.waiting.shift()!();
}

describe('Verdict import-progress (issue 10)', () => {
  it('advances while insert-batch-user runs: checking, hashing n / total, then done', async () => {
    const id = 'import-advances-0001';
    const names = ['prog1', 'prog2', 'prog3', 'prog4'];
    expect(await progress(id)).toBeNull(); // not started yet
    gate.closed = true;
    const request = insert(
      names.map((n) => [n, 'password1']),
      id,
    );
    await expect.poll(() => progress(id)).toEqual({ id, state: 'hashing', total: 4, done: 0 });
    for (let done = 1; done <= names.length; done++) {
      await releaseOne();
      await expect.poll(async () => (await progress(id))?.done).toBe(done);
    }
    gate.closed = false;
    const answer = await request;
    expect(answer).toMatchObject({ status: 200, msg: '4 user(s) imported!' });
    expect(await progress(id)).toEqual({ id, state: 'done', total: 4, done: 4 });
    expect(await usersNamed(names)).toBe(4);
  });

  it('a refused batch ends as failed with nothing written (the import stays all or nothing)', async () => {
    const id = 'import-refused-0001';
    const answer = await insert(
      [
        ['refA', 'password1'],
        ['refB', '123'],
      ],
      id,
    );
    expect(answer.status).toBe(400);
    expect(await progress(id)).toEqual({ id, state: 'failed', total: 2, done: 0 });
    expect(await usersNamed(['refA', 'refB'])).toBe(0);
  });

  it('refuses an id already used and a malformed id, writing nothing', async () => {
    const reused = await insert([['dupId', 'password1']], 'import-advances-0001');
    expect(reused).toMatchObject({
      status: 400,
      msg: 'This import id is already in use: start the import again!',
    });
    expect(await usersNamed(['dupId'])).toBe(0);
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), '<script>']) {
      expect((await insert([['badId', 'password1']], bad)).status).toBe(400);
      const read = await w.call('GET', `${base}/import-progress?id=${encodeURIComponent(bad)}`, {
        token: w.tokens.root,
      });
      expect(read.status).toBe(400);
    }
    expect((await w.call('GET', `${base}/import-progress`, { token: w.tokens.root })).status).toBe(400);
    expect(await usersNamed(['badId'])).toBe(0);
  });

  it('without importId the import works as before and records nothing', async () => {
    const before = await w.t.db.select().from(userImportProgress);
    expect((await insert([['noProg', 'password1']])).status).toBe(200);
    expect(await w.t.db.select().from(userImportProgress)).toEqual(before);
  });

  it('an import is read by its own admin only; an unknown id answers null', async () => {
    expect(await progress('import-advances-0001', otherRoot)).toBeNull();
    expect(await progress('never-started-0001')).toBeNull();
  });

  it('reference §3.12 P(user_admin): anonymous 401, a plain user and an admin 403', async () => {
    const url = `${base}/import-progress?id=import-advances-0001`;
    expect((await w.call('GET', url)).http).toBe(401);
    expect((await w.call('GET', url, { token: w.tokens.alice })).http).toBe(403);
    expect((await w.call('GET', url, { token: w.tokens.admin })).http).toBe(403);
  });

  it('the user-import-progress job removes records a day old', async () => {
    expect(JOBS.map((j) => j.name)).toContain('user-import-progress');
    const rows = await w.t.db.select().from(userImportProgress);
    expect(rows.length).toBeGreaterThan(0);
    const newest = Math.max(...rows.map((r) => r.updatedAt.getTime()));
    await deleteOldImportProgress(w.t.db, new Date(newest + IMPORT_PROGRESS_KEEP_MS - 1));
    expect(await w.t.db.select().from(userImportProgress)).not.toEqual([]);
    await deleteOldImportProgress(w.t.db, new Date(newest + IMPORT_PROGRESS_KEEP_MS + 1));
    expect(await w.t.db.select().from(userImportProgress)).toEqual([]);
  });
});
