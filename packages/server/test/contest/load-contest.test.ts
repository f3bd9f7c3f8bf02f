import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, userInfo } from '../../src/db/schema/index.ts';
import { systemClock } from '../../src/clock.ts';
import { loadContest } from '../../src/modules/contest/facts.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createContest } from '../helpers/contests.ts';

/**
 * contest/facts.ts `loadContest`: the contest row is kept per process under its version (`xmin`),
 * so an unchanged contest is not read again, and any update — through another connection too — is
 * read at the next call.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('reference §3.6: every contest call reads its current contest', () => {
  it('an unchanged row is kept; an update, committed or rolled back, is seen as it is', async () => {
    const { db } = database;
    await db.insert(userInfo).values({ uuid: 'creator', username: 'creator', password: 'x' });
    const row = await createContest(db, systemClock, { uid: 'creator', title: 'First' });
    const first = await loadContest(db, row.id);
    expect(first.title).toBe('First');
    expect(await loadContest(db, row.id)).toBe(first);

    await db.update(contest).set({ title: 'Second' }).where(eq(contest.id, row.id));
    expect((await loadContest(db, row.id)).title).toBe('Second');

    await expect(
      db.transaction(async (tx) => {
        await tx.update(contest).set({ title: 'Never' }).where(eq(contest.id, row.id));
        expect((await loadContest(tx, row.id)).title).toBe('Never');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await loadContest(db, row.id)).title).toBe('Second');

    await db.delete(contest).where(eq(contest.id, row.id));
    await expect(loadContest(db, row.id)).rejects.toMatchObject({ status: 404 });
  });
});
