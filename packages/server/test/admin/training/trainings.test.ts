import { eq } from 'drizzle-orm';
import type { AdminTrainingDto, AdminTrainingVO, TrainingVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, training, trainingRecord, trainingRegister } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import { CPP, createProblem } from '../../problem/fixtures.ts';
import { CALLERS, createContestWorld, outcome, tokenOf, type ContestWorld } from '../contest/fixtures.ts';
import { createCategory, createTraining, trainingForm } from './fixtures.ts';

let w: ContestWorld;
let categoryId: number;
let pid: number;

beforeAll(async () => {
  w = await createContestWorld();
  categoryId = await createCategory(w);
  pid = (await createProblem(w, { problemId: 'AT-1' })).pid;
});
afterAll(() => w.t.close());

const base = '/api/admin/training';

describe('reference §3.12 trainings: who may call what (author = a non-root admin)', () => {
  it('answers each training call as anonymous, a user, the author, another admin and root', async () => {
    const table: Record<string, Record<string, string>> = {};
    const put = (call: string, caller: string, value: string) => ((table[call] ??= {})[caller] = value);
    for (const caller of CALLERS) {
      const token = tokenOf(w, caller);
      const tid = await createTraining(w, categoryId, { title: `of ${caller}` });
      put('list', caller, outcome(await w.call('GET', `${base}/get-training-list`, { token })));
      put('get', caller, outcome(await w.call('GET', `${base}?tid=${tid}`, { token })));
      put(
        'create',
        caller,
        outcome(await w.call('POST', base, { token, payload: trainingForm(categoryId) })),
      );
      put(
        'update',
        caller,
        outcome(
          await w.call('PUT', base, { token, payload: trainingForm(categoryId, { id: tid, title: 'x' }) }),
        ),
      );
      // HOJ trusted the `author` parameter; a forged one changes nothing
      put(
        'status',
        caller,
        outcome(
          await w.call('PUT', `${base}/change-training-status?tid=${tid}&author=admin&status=false`, {
            token,
          }),
        ),
      );
      put('delete', caller, outcome(await w.call('DELETE', `${base}?tid=${tid}`, { token })));
    }
    const manage = { anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'policy', root: 'ok' };
    expect(table).toEqual({
      list: { anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'ok', root: 'ok' },
      get: manage,
      create: { anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'ok', root: 'ok' },
      update: manage,
      status: manage,
      // reference §3.12: only root deletes
      delete: { anonymous: 'login', user: 'role', creator: 'role', otherAdmin: 'role', root: 'ok' },
    });
  });
});

describe('reference §3.12 POST/PUT /api/admin/training, §7.13 admin rules', () => {
  it('creates a training owned by the caller, with its category, and answers it to its author', async () => {
    const tid = await createTraining(w, categoryId, {
      title: 'Graphs',
      auth: 'Private',
      privatePwd: 'pw',
      rank: 5,
    });
    const res = await w.call<AdminTrainingDto>('GET', `${base}?tid=${tid}`, { token: w.tokens.admin });
    expect(res.data.training).toMatchObject({
      id: tid,
      title: 'Graphs',
      author: 'admin',
      auth: 'Private',
      privatePwd: 'pw',
      rank: 5,
      status: true,
    });
    expect(res.data.trainingCategory).toMatchObject({ id: categoryId, name: 'Basics', color: '#409EFF' });
    // the list leaves passwords out
    const list = await w.call<Page<AdminTrainingVO>>('GET', `${base}/get-training-list?keyword=Graphs`, {
      token: w.admin2.token,
    });
    expect(list.data.records).toHaveLength(1);
    expect(list.data.records[0]).not.toHaveProperty('privatePwd');
  });

  it('refuses bad forms with the form messages, in the caller language', async () => {
    const post = (
      training: Record<string, unknown>,
      category: unknown = { id: categoryId },
      lang: 'en' | 'zh' = 'en',
    ) =>
      w.call('POST', base, {
        token: w.tokens.admin,
        lang,
        payload: { ...trainingForm(categoryId, training), trainingCategory: category },
      });
    expect((await post({ title: '  ' })).msg).toBe('The training title is required!');
    expect((await post({ title: 'x'.repeat(501) })).msg).toBe(
      'The training title can be at most 500 characters!',
    );
    expect((await post({ description: '' })).msg).toBe('The training description is required!');
    expect((await post({ auth: 'Secret' })).msg).toBe('The training access must be Public or Private!');
    expect((await post({ auth: 'Private', privatePwd: '' })).msg).toBe(
      'A private training needs a password!',
    );
    expect((await post({ rank: -1 })).msg).toBe('The rank must be a whole number from 0 to 2147483647!');
    expect((await post({}, null)).msg).toBe('Choose a category for the training!');
    expect((await post({}, { id: 9999 })).msg).toBe('The training category does not exist!');
    expect((await post({ gid: 3 })).msg).toBe('Group trainings are managed inside their group!');
    expect((await post({ title: '' }, { id: categoryId }, 'zh')).msg).toBe('训练标题不能为空！');
    expect((await post({ title: '' })).status).toBe(400);
  });

  it('makes a category named in the form, and reuses one of that name', async () => {
    const named = { name: 'Strings', color: '#00ff00' };
    const first = await w.call<{ tid: number }>('POST', base, {
      token: w.tokens.admin,
      payload: { ...trainingForm(categoryId), trainingCategory: named },
    });
    const second = await w.call<{ tid: number }>('POST', base, {
      token: w.tokens.admin,
      payload: { ...trainingForm(categoryId), trainingCategory: named },
    });
    const categoryOf = async (tid: number) =>
      (await w.call<AdminTrainingDto>('GET', `${base}?tid=${tid}`, { token: w.tokens.root })).data
        .trainingCategory;
    expect(await categoryOf(first.data.tid)).toMatchObject({ name: 'Strings', color: '#00ff00' });
    expect((await categoryOf(second.data.tid))!.id).toBe((await categoryOf(first.data.tid))!.id);
  });

  it('keeps the author on update; a new password of a Private training drops its registrations and records', async () => {
    const tid = await createTraining(w, categoryId, { auth: 'Private', privatePwd: 'one', title: 'Locked' });
    await w.call('POST', '/api/admin/training/add-problem-from-public', {
      token: w.tokens.admin,
      payload: { pid, tid, displayId: 'AT-1' },
    });
    expect(
      (
        await w.call('POST', '/api/register-training', {
          token: w.tokens.alice,
          payload: { tid, password: 'one' },
        })
      ).status,
    ).toBe(200);
    w.clock.advance(60_000);
    const sub = await w.call('POST', '/api/submit-problem-judge', {
      token: w.tokens.alice,
      payload: { pid: 'AT-1', language: 'C++', code: CPP, cid: 0, tid, isRemote: false },
    });
    expect(sub.status).toBe(200);
    const records = () => w.t.db.select().from(trainingRecord).where(eq(trainingRecord.tid, tid));
    expect(await records()).toHaveLength(1);

    const same = await w.call<{ registrationsDropped: number }>('PUT', base, {
      token: w.tokens.admin,
      payload: trainingForm(categoryId, {
        id: tid,
        auth: 'Private',
        privatePwd: 'one',
        title: 'Renamed',
        author: 'mallory',
      }),
    });
    expect(same.data.registrationsDropped).toBe(0);
    const [row] = await w.t.db.select().from(training).where(eq(training.id, tid));
    expect(row).toMatchObject({ title: 'Renamed', author: 'admin' });

    const changed = await w.call<{ registrationsDropped: number }>('PUT', base, {
      token: w.tokens.root,
      payload: trainingForm(categoryId, { id: tid, auth: 'Private', privatePwd: 'two', title: 'Renamed' }),
    });
    expect(changed.data.registrationsDropped).toBe(1);
    expect(await w.t.db.select().from(trainingRegister).where(eq(trainingRegister.tid, tid))).toEqual([]);
    expect(await records()).toEqual([]);
    // the submission itself stays
    expect(await w.t.db.select().from(judge).where(eq(judge.pid, pid))).toHaveLength(1);
    expect((await w.call('PUT', base, { token: w.tokens.root, payload: trainingForm(categoryId) })).msg).toBe(
      'The training id is missing!',
    );
    expect(
      (await w.call('PUT', base, { token: w.tokens.root, payload: trainingForm(categoryId, { id: 9999 }) }))
        .status,
    ).toBe(404);
  });

  it('hides and shows a training with change-training-status (spec part 2 §4)', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Toggle' });
    const listed = async () =>
      (
        await w.call<Page<TrainingVO>>('GET', '/api/get-training-list?keyword=Toggle', {
          token: w.tokens.alice,
        })
      ).data.records.length;
    expect(await listed()).toBe(1);
    await w.call('PUT', `${base}/change-training-status?tid=${tid}&status=false`, { token: w.tokens.admin });
    expect(await listed()).toBe(0);
    expect(
      (await w.call('GET', `/api/get-training-detail?tid=${tid}`, { token: w.tokens.alice })).status,
    ).toBe(404);
    await w.call('PUT', `${base}/change-training-status?tid=${tid}&status=true`, { token: w.tokens.admin });
    expect(await listed()).toBe(1);
    expect(
      (await w.call('PUT', `${base}/change-training-status?tid=${tid}`, { token: w.tokens.admin })).http,
    ).toBe(400);
    expect(
      (await w.call('PUT', `${base}/change-training-status?tid=9999&status=true`, { token: w.tokens.root }))
        .status,
    ).toBe(404);
  });

  it('deletes a training with its links and registrations (root), keeping the submissions', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Doomed', auth: 'Private', privatePwd: 'pw' });
    await w.call('POST', '/api/admin/training/add-problem-from-public', {
      token: w.tokens.admin,
      payload: { pid, tid, displayId: 'AT-1' },
    });
    await w.call('POST', '/api/register-training', { token: w.tokens.bob, payload: { tid, password: 'pw' } });
    const before = (await w.t.db.select().from(judge)).length;
    expect((await w.call('DELETE', `${base}?tid=${tid}`, { token: w.tokens.root })).status).toBe(200);
    expect(await w.t.db.select().from(training).where(eq(training.id, tid))).toEqual([]);
    expect(await w.t.db.select().from(trainingRegister).where(eq(trainingRegister.tid, tid))).toEqual([]);
    expect((await w.t.db.select().from(judge)).length).toBe(before);
    expect((await w.call('DELETE', `${base}?tid=${tid}`, { token: w.tokens.root })).status).toBe(404);
  });

  it('lists every non-group training by rank to any admin, by title, id or rank', async () => {
    const tid = await createTraining(w, categoryId, { title: 'Zeta search', rank: 7 }, w.tokens.root);
    const find = async (keyword: string) =>
      (
        await w.call<Page<AdminTrainingVO>>('GET', `${base}/get-training-list?keyword=${keyword}&limit=100`, {
          token: w.admin2.token,
        })
      ).data.records.map((t) => t.id);
    expect(await find('zeta')).toEqual([tid]);
    expect(await find(String(tid))).toContain(tid);
    const all = (
      await w.call<Page<AdminTrainingVO>>('GET', `${base}/get-training-list?limit=100`, {
        token: w.admin2.token,
      })
    ).data.records;
    expect(all.map((t) => t.rank)).toEqual([...all.map((t) => t.rank)].sort((a, b) => a - b));
  });
});
