import { and, eq } from 'drizzle-orm';
import type { TrainingCategoryVO, TrainingProblemLink, TrainingProblemVO, TrainingVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, problem, trainingRecord } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import { CPP, createProblem } from '../../problem/fixtures.ts';
import { CALLERS, createContestWorld, outcome, tokenOf, type ContestWorld } from '../contest/fixtures.ts';
import { createCategory, createTraining } from './fixtures.ts';

let w: ContestWorld;
let categoryId: number;
const bank: { pid: number; problemId: string }[] = [];
let hidden: { pid: number; problemId: string };

beforeAll(async () => {
  w = await createContestWorld();
  categoryId = await createCategory(w);
  for (const id of ['BK-1', 'BK-2', 'BK-3'])
    bank.push(await createProblem(w, { problemId: id, title: `Bank ${id}` }));
  hidden = await createProblem(w, { problemId: 'BK-H', auth: 2 });
});
afterAll(() => w.t.close());

const base = '/api/admin/training';
type ProblemList = {
  problemList: Page<{ id: number; problemId: string }>;
  trainingProblemMap: Record<string, TrainingProblemLink>;
};

const add = (tid: number, p: { pid: number; problemId: string }, token = w.tokens.admin) =>
  w.call('POST', `${base}/add-problem-from-public`, {
    token,
    payload: { pid: p.pid, tid, displayId: p.problemId },
  });

const problemIds = async (tid: number, query = '&queryExisted=true', token = w.tokens.admin) =>
  (await w.call<ProblemList>('GET', `${base}/get-problem-list?tid=${tid}${query}&limit=50`, { token })).data;

describe('reference §3.12 training problems: who may call what', () => {
  it('answers each problem call as anonymous, a user, the author, another admin, a problem admin and root', async () => {
    const callers = [...CALLERS, 'problemAdmin'] as const;
    const table: Record<string, Record<string, string>> = {};
    const put = (call: string, caller: string, value: string) => ((table[call] ??= {})[caller] = value);
    for (const caller of callers) {
      const token = caller === 'problemAdmin' ? w.tokens.problemAdmin : tokenOf(w, caller);
      const tid = await createTraining(w, categoryId, { title: `problems of ${caller}` });
      expect((await add(tid, bank[0]!)).status).toBe(200);
      const [link] = Object.values((await problemIds(tid)).trainingProblemMap);
      put('list', caller, outcome(await w.call('GET', `${base}/get-problem-list?tid=${tid}`, { token })));
      put(
        'add',
        caller,
        outcome(
          await w.call('POST', `${base}/add-problem-from-public`, {
            token,
            payload: { pid: bank[1]!.pid, tid, displayId: bank[1]!.problemId },
          }),
        ),
      );
      put(
        'update',
        caller,
        outcome(await w.call('PUT', `${base}/problem`, { token, payload: { id: link!.id, rank: 5 } })),
      );
      put(
        'remove',
        caller,
        outcome(await w.call('DELETE', `${base}/problem?pid=${bank[0]!.pid}&tid=${tid}`, { token })),
      );
    }
    const manage = {
      anonymous: 'login',
      user: 'role',
      creator: 'ok',
      otherAdmin: 'policy',
      root: 'ok',
      problemAdmin: 'policy',
    };
    // reference §3.12: editing and removing training problems is R(root|problem_admin)
    const problemAdmins = {
      anonymous: 'login',
      user: 'role',
      creator: 'role',
      otherAdmin: 'role',
      root: 'ok',
      problemAdmin: 'policy',
    };
    expect(table).toEqual({ list: manage, add: manage, update: problemAdmins, remove: problemAdmins });
  });
});

describe('reference §3.12 get-problem-list, add-problem-from-public, problem, §7.13', () => {
  it('offers public bank problems not yet in the training, by keyword; lists its problems by rank', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Picker' });
    expect((await add(tid, bank[1]!)).status).toBe(200);
    const candidates = (await problemIds(tid, '&queryExisted=false&keyword=bk')).problemList.records.map(
      (p) => p.problemId,
    );
    expect(candidates.sort()).toEqual(['BK-1', 'BK-3']);
    const existing = await problemIds(tid);
    expect(existing.problemList.records.map((p) => p.problemId)).toEqual(['BK-2']);
    expect(existing.trainingProblemMap[bank[1]!.pid]).toMatchObject({
      tid,
      pid: bank[1]!.pid,
      displayId: 'BK-2',
    });
    expect((await w.call('GET', `${base}/get-problem-list?tid=9999`, { token: w.tokens.root })).status).toBe(
      404,
    );
  });

  it('adds public problems only, once each, under their own id', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Adder' });
    expect((await add(tid, bank[0]!)).status).toBe(200);
    expect((await add(tid, bank[0]!)).msg).toBe(
      'This problem, or its display id, is already in the training!',
    );
    expect((await add(tid, hidden)).msg).toBe('Only a public problem can be added to a training!');
    expect((await add(tid, { pid: 99999, problemId: 'NOPE' })).status).toBe(404);
    const renamed = await w.call('POST', `${base}/add-problem-from-public`, {
      token: w.tokens.admin,
      payload: { pid: bank[1]!.pid, tid, displayId: 'A' },
    });
    expect(renamed.msg).toBe("A training problem's display id is the problem's own id!");
    // HOJ's client sends the ids as strings
    const asStrings = await w.call('POST', `${base}/add-problem-from-public`, {
      token: w.tokens.admin,
      payload: { pid: String(bank[1]!.pid), tid: String(tid), displayId: 'bk-2' },
    });
    expect(asStrings.status).toBe(200);
    expect(
      (await w.call('POST', `${base}/add-problem-from-public`, { token: w.tokens.admin, payload: { tid } }))
        .status,
    ).toBe(400);
  });

  it('orders the problems by rank (PUT problem) for participants, keeping the display id', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Order' });
    for (const p of bank) await add(tid, p);
    const order = async () =>
      (
        await w.call<TrainingProblemVO[]>('GET', `/api/get-training-problem-list?tid=${tid}`, {
          token: w.tokens.alice,
        })
      ).data.map((p) => p.problemId);
    expect(await order()).toEqual(['BK-1', 'BK-2', 'BK-3']);
    const map = (await problemIds(tid)).trainingProblemMap;
    const last = map[bank[2]!.pid]!;
    expect(
      (await w.call('PUT', `${base}/problem`, { token: w.tokens.root, payload: { ...last, rank: 0 } }))
        .status,
    ).toBe(200);
    expect(await order()).toEqual(['BK-3', 'BK-1', 'BK-2']);
    const bad = await w.call('PUT', `${base}/problem`, {
      token: w.tokens.root,
      payload: { id: last.id, displayId: 'Z' },
    });
    expect(bad.msg).toBe("A training problem's display id is the problem's own id!");
    expect(
      (await w.call('PUT', `${base}/problem`, { token: w.tokens.root, payload: { id: last.id, rank: -3 } }))
        .status,
    ).toBe(400);
    expect(
      (await w.call('PUT', `${base}/problem`, { token: w.tokens.root, payload: { id: 99999, rank: 1 } }))
        .status,
    ).toBe(404);
  });

  it('back-fills the records of registered users when a problem joins a Private training (HOJ sync)', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Growing', auth: 'Private', privatePwd: 'pw' });
    await add(tid, bank[0]!);
    await w.call('POST', '/api/register-training', { token: w.tokens.bob, payload: { tid, password: 'pw' } });
    w.clock.advance(60_000);
    const sub = await w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      token: w.tokens.bob,
      payload: { pid: 'BK-3', language: 'C++', code: CPP, cid: 0, isRemote: false },
    });
    expect(sub.status).toBe(200);
    const recordsOf = async () =>
      (
        await w.t.db
          .select({ submitId: trainingRecord.submitId })
          .from(trainingRecord)
          .where(and(eq(trainingRecord.tid, tid), eq(trainingRecord.uid, w.uids.bob)))
      ).map((r) => r.submitId);
    expect(await recordsOf()).toEqual([]);
    await add(tid, bank[2]!);
    expect(await recordsOf()).toEqual([sub.data.submitId]);

    // removing the problem takes its records (cascade) but not the submission
    const removed = await w.call('DELETE', `${base}/problem?pid=${bank[2]!.pid}&tid=${tid}`, {
      token: w.tokens.root,
    });
    expect(removed.status).toBe(200);
    expect(await recordsOf()).toEqual([]);
    expect(await w.t.db.select().from(judge).where(eq(judge.submitId, sub.data.submitId))).toHaveLength(1);
    const again = await w.call('DELETE', `${base}/problem?pid=${bank[2]!.pid}&tid=${tid}`, {
      token: w.tokens.root,
    });
    expect(again).toMatchObject({ status: 404, msg: 'This problem is not in the training!' });
  });

  it('deletes the problem itself without tid, as DELETE /api/admin/problem (root)', async () => {
    const doomed = await createProblem(w, { problemId: 'BK-X' });
    const tid = await createTraining(w, categoryId, { title: 'Loses one' });
    await add(tid, doomed);
    expect(
      (await w.call('DELETE', `${base}/problem?pid=${doomed.pid}`, { token: w.tokens.root })).status,
    ).toBe(200);
    expect(await w.t.db.select().from(problem).where(eq(problem.id, doomed.pid))).toEqual([]);
    expect((await problemIds(tid)).problemList.records).toEqual([]);
  });
});

describe('reference §3.12 training categories', () => {
  it('answers each category call as anonymous, a user, an admin, a problem admin and root', async () => {
    const table: Record<string, Record<string, string>> = {};
    const put = (call: string, caller: string, value: string) => ((table[call] ??= {})[caller] = value);
    const callers = {
      anonymous: undefined,
      user: w.tokens.alice,
      admin: w.tokens.admin,
      problemAdmin: w.tokens.problemAdmin,
      root: w.tokens.root,
    };
    for (const [caller, token] of Object.entries(callers)) {
      const id = await createCategory(w, `cat of ${caller}`);
      put(
        'create',
        caller,
        outcome(
          await w.call('POST', `${base}/category`, {
            token,
            payload: { name: `new ${caller}`, color: '#123456' },
          }),
        ),
      );
      put(
        'update',
        caller,
        outcome(
          await w.call('PUT', `${base}/category`, {
            token,
            payload: { id, name: `renamed ${caller}`, color: null },
          }),
        ),
      );
      put('delete', caller, outcome(await w.call('DELETE', `${base}/category?cid=${id}`, { token })));
    }
    const problemAdmins = { anonymous: 'login', user: 'role', admin: 'role', problemAdmin: 'ok', root: 'ok' };
    expect(table).toEqual({
      create: problemAdmins,
      update: problemAdmins,
      delete: { anonymous: 'login', user: 'role', admin: 'ok', problemAdmin: 'ok', root: 'ok' },
    });
  });

  it('creates, renames and deletes categories; names are unique; trainings lose a deleted one', async () => {
    const created = await w.call<TrainingCategoryVO>('POST', `${base}/category`, {
      token: w.tokens.root,
      payload: { name: 'Math', color: 'rgb(1,2,3)' },
    });
    expect(created.data).toMatchObject({ name: 'Math', color: 'rgb(1,2,3)', gid: null });
    const id = created.data.id;
    const dup = await w.call('POST', `${base}/category`, { token: w.tokens.root, payload: { name: 'Math' } });
    expect(dup.msg).toBe('A category with this name already exists!');
    expect(
      (await w.call('POST', `${base}/category`, { token: w.tokens.root, payload: { name: '' } })).msg,
    ).toBe('The category name is required!');
    expect(
      (
        await w.call('POST', `${base}/category`, {
          token: w.tokens.root,
          payload: { name: 'Odd', color: 'blue;x' },
        })
      ).msg,
    ).toBe('The category colour is invalid (for example #409EFF)!');
    expect(
      (
        await w.call('PUT', `${base}/category`, {
          token: w.tokens.root,
          payload: { id, name: 'Maths', color: '#fff' },
        })
      ).status,
    ).toBe(200);
    const tid = await createTraining(w, id, { title: 'Numbers' });
    const row = async () =>
      (
        await w.call<Page<TrainingVO>>('GET', '/api/get-training-list?keyword=Numbers', {
          token: w.tokens.alice,
        })
      ).data.records[0]!;
    expect(await row()).toMatchObject({ id: tid, categoryName: 'Maths', categoryColor: '#fff' });
    expect((await w.call('DELETE', `${base}/category?cid=${id}`, { token: w.tokens.root })).status).toBe(200);
    expect(await row()).toMatchObject({ id: tid, categoryId: null, categoryName: null });
    expect((await w.call('DELETE', `${base}/category?cid=${id}`, { token: w.tokens.root })).status).toBe(404);
    expect(
      (
        await w.call('PUT', `${base}/category`, {
          token: w.tokens.root,
          payload: { id: 99999, name: 'Ghost' },
        })
      ).status,
    ).toBe(404);
  });
});
