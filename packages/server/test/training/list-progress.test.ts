import { eq } from 'drizzle-orm';
import type { TrainingVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { group, problem } from '../../src/db/schema/index.ts';
import type { AuthUser } from '../../src/http/auth/access.ts';
import type { Page } from '../../src/http/envelope.ts';
import { listTrainings } from '../../src/modules/training/list.ts';
import { create as createSubmission } from '../../src/modules/submission/lifecycle/transitions.ts';
import { addContestProblem, createContest, minutesFrom } from '../helpers/contests.ts';
import { CPP } from '../problem/fixtures.ts';
import { AC, PASSWORD, trainingWorld, WA, type TrainingWorld } from './support.ts';

let tw: TrainingWorld;
let pub: number;
let priv: number;
let hiddenTraining: number;
let other: number;

const list = async (who: Parameters<TrainingWorld['call']>[0], query = '') =>
  (await tw.call<Page<TrainingVO>>(who, 'GET', `/api/get-training-list?${query}`)).data;

beforeAll(async () => {
  tw = await trainingWorld();
  pub = await tw.training({ title: 'Warm-up', rank: 2 });
  priv = await tw.training({ title: 'Secret drills', auth: 'Private', privatePwd: PASSWORD, rank: 1 });
  hiddenTraining = await tw.training({ title: 'Draft', status: false, rank: 0 });
  // a training of another category and author (root), holding one problem
  const cat = await tw.call<{ id: number }>('root', 'POST', '/api/admin/training/category', {
    name: 'Graphs',
    color: '#ff0000',
  });
  const res = await tw.call<{ tid: number }>('root', 'POST', '/api/admin/training', {
    training: { title: 'Paths', description: 'BFS', auth: 'Public', rank: 3 },
    trainingCategory: { id: cat.data.id },
  });
  other = res.data.tid;
  await tw.call('root', 'POST', '/api/admin/training/add-problem-from-public', {
    pid: tw.problems[0]!.pid,
    tid: other,
    displayId: tw.problems[0]!.problemId,
  });
});
afterAll(() => tw.w.t.close());

describe('reference §3.5 get-training-list, §7.13 visibility', () => {
  it('lists visible non-group trainings by rank with category name and colour, to anyone', async () => {
    const page = await list('anonymous');
    expect(page.records.map((t) => t.id)).toEqual([priv, pub, other]);
    expect(page.records.map((t) => t.id)).not.toContain(hiddenTraining);
    expect(page.total).toBe(3);
    expect(page.records[0]).toMatchObject({
      title: 'Secret drills',
      auth: 'Private',
      author: 'admin',
      categoryName: 'Basics',
      categoryColor: '#409EFF',
      problemCount: 3,
      acCount: 0,
      description: null,
    });
  });

  it('filters by keyword (title or author), category and auth, and pages', async () => {
    expect((await list('alice', 'keyword=drill')).records.map((t) => t.id)).toEqual([priv]);
    expect((await list('alice', 'keyword=ROOT')).records.map((t) => t.id)).toEqual([other]);
    expect((await list('alice', `categoryId=${tw.categoryId}`)).records.map((t) => t.id)).toEqual([
      priv,
      pub,
    ]);
    expect((await list('alice', 'auth=Private')).records.map((t) => t.id)).toEqual([priv]);
    expect((await list('alice', 'auth=Public')).records.map((t) => t.id)).toEqual([pub, other]);
    const second = await list('alice', 'limit=2&currentPage=2');
    expect(second).toMatchObject({ total: 3, size: 2, current: 2 });
    expect(second.records.map((t) => t.id)).toEqual([other]);
    // past the end: no rows, the total still right; a page below 1 becomes 1 (spec part 2 §2.1)
    expect(await list('alice', 'limit=2&currentPage=9')).toMatchObject({ total: 3, records: [] });
    expect((await list('alice', 'currentPage=0')).current).toBe(1);
  });

  it('refuses bad filters (an unknown auth, a non-numeric category) with HTTP 400', async () => {
    expect((await tw.call('alice', 'GET', '/api/get-training-list?auth=Secret')).http).toBe(400);
    expect((await tw.call('alice', 'GET', '/api/get-training-list?categoryId=x')).http).toBe(400);
  });

  it('§7.13: the problem count counts public problems only', async () => {
    const tid = await tw.training({ title: 'Shrinking', rank: 9 });
    expect((await list('alice', 'keyword=Shrinking')).records[0]!.problemCount).toBe(3);
    await tw.w.t.db.update(problem).set({ auth: 2 }).where(eq(problem.id, tw.problems[2]!.pid));
    try {
      const row = (await list('alice', 'keyword=Shrinking')).records[0]!;
      expect(row).toMatchObject({ id: tid, problemCount: 2 });
    } finally {
      await tw.w.t.db.update(problem).set({ auth: 1 }).where(eq(problem.id, tw.problems[2]!.pid));
    }
  });
});

describe('reference §7.13 progress (acCount)', () => {
  it('counts the training problems accepted anywhere outside contests and groups', async () => {
    const progress = async () =>
      Object.fromEntries(
        (await list('alice')).records.filter((t) => t.title !== 'Shrinking').map((t) => [t.id, t.acCount]),
      );
    expect(await progress()).toEqual({ [priv]: 0, [pub]: 0, [other]: 0 });

    // accepted from the problem bank, not through any training: counts in every training holding it
    await tw.solve('alice', 'TR-1', AC);
    // a wrong answer does not count
    await tw.solve('alice', 'TR-2', WA, { tid: pub });
    expect(await progress()).toEqual({ [priv]: 1, [pub]: 1, [other]: 1 });

    // accepted in a contest: does not count
    const contest = await createContest(tw.w.t.db, tw.w.clock, {
      uid: tw.w.uids.admin,
      startTime: minutesFrom(tw.w.clock, -10),
    });
    await addContestProblem(tw.w.t.db, { cid: contest.id, pid: tw.problems[1]!.pid, displayId: 'A' });
    const inContest = await tw.call('alice', 'POST', '/api/submit-problem-judge', {
      pid: 'A',
      language: 'C++',
      code: CPP,
      cid: contest.id,
      isRemote: false,
    });
    expect(inContest.status).toBe(200);
    await tw.w.judge.judgeNext({ status: AC, time: 5, memory: 1 });

    // accepted in a group: does not count either (groups write no user_acproblem, reference §4.1)
    const [g] = await tw.w.t.db
      .insert(group)
      .values({ name: 'Club', shortName: 'club1', owner: 'admin', uid: tw.w.uids.admin, auth: 1 })
      .returning();
    await tw.w.t.db.transaction((tx) =>
      createSubmission(tx, {
        pid: tw.problems[2]!.pid,
        displayPid: tw.problems[2]!.problemId,
        uid: tw.w.uids.alice,
        username: 'alice',
        submitTime: tw.w.clock.now(),
        code: CPP,
        language: 'C++',
        cid: 0,
        cpid: 0,
        gid: g!.id,
        length: CPP.length,
        priority: 2,
      }),
    );
    await tw.w.judge.judgeNext({ status: AC, time: 5, memory: 1 });
    expect(await progress()).toEqual({ [priv]: 1, [pub]: 1, [other]: 1 });

    // the caller's own progress only, and none for anonymous callers
    expect((await list('bob')).records.every((t) => t.acCount === 0)).toBe(true);
    expect((await list('anonymous')).records.every((t) => t.acCount === 0)).toBe(true);

    // the detail of a training the caller may open carries the same progress
    const detail = await tw.call<TrainingVO>('alice', 'GET', `/api/get-training-detail?tid=${pub}`);
    expect(detail.data).toMatchObject({ id: pub, acCount: 1, problemCount: 3, description: 'Start here.' });
  });

  it('answers the list with its progress in one statement, whatever the page size', async () => {
    const auth = await tw.w.t.app.auth.authenticate(tw.token('alice')!);
    expect(auth.kind).toBe('ok');
    const user = (auth as { user: AuthUser }).user;
    for (const limit of [1, 15, 100]) {
      const { db, statements } = countingStatements(tw.w.t.db);
      const page = await listTrainings(db, user, { currentPage: 1, limit, keyword: undefined });
      expect(page.records.length).toBeGreaterThan(0);
      expect(statements(), `limit ${limit}`).toBe(1);
    }
  });
});

/**
 * `db` that counts the statements run through it: `execute` calls, and runs of prepared statements
 * on PGlite (db/prepared.ts takes the client's transaction lock once per statement).
 */
function countingStatements(db: Db) {
  let count = 0;
  const client = (db as unknown as { $client: object }).$client;
  const countedClient = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (prop === '_runExclusiveTransaction') count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === '$client') return countedClient;
      if (prop === 'execute') count += 1;
      return Reflect.get(target, prop) as unknown;
    },
  });
  return { db: counted, statements: () => count };
}

describe('spec part 2 §7 get-training-category', () => {
  it('lists the site categories to anyone', async () => {
    const res = await tw.call<{ name: string; color: string }[]>(
      'anonymous',
      'GET',
      '/api/get-training-category',
    );
    expect(res.data.map((c) => [c.name, c.color])).toEqual([
      ['Basics', '#409EFF'],
      ['Graphs', '#ff0000'],
    ]);
  });
});
