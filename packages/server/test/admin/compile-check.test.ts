import type { InjectOptions } from 'fastify';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { judgeCompileCheck } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { EVENTUALLY } from '../helpers/eventually.ts';
import { ALL_LOCAL_LANGUAGES, FakeJudge } from '../helpers/judge.ts';
import { createWorld, submit, type Envelope, type World } from '../problem/fixtures.ts';

/**
 * reference §3.12 `POST /api/admin/problem/compile-spj|compile-interactive`, answered by a judge worker
 * through the gateway (played here by FakeJudge; packages/judge/test/end-to-end/compile-check.test.ts
 * compiles for real).
 */
let w: World;

const CHECKER = '#include <cstdio>\nint main(int argc, char **argv) { return 0; }\n';
const GCC_ERROR =
  "spj.cpp: In function 'int main()':\nspj.cpp:1:21: error: 'undefined_symbol' was not declared in this scope\n";

type Kind = 'spj' | 'interactive';
const path = (kind: Kind) => `/api/admin/problem/${kind === 'spj' ? 'compile-spj' : 'compile-interactive'}`;

/** Starts a compile call without waiting for it (a worker has to answer first). */
function compile(kind: Kind, payload: object, options: { token?: string | null; lang?: 'en' | 'zh' } = {}) {
  const token = options.token === undefined ? w.tokens.root : options.token;
  return w.call(
    'POST',
    path(kind),
    token === null ? { payload, lang: options.lang } : { token, payload, lang: options.lang },
  );
}

const openChecks = () => w.t.db.select().from(judgeCompileCheck);

beforeAll(async () => {
  // No re-poll within a claim's wait: a long-polling claim here is woken by the queue's signal alone.
  w = await createWorld({ claimPollMs: 10 * 60_000 });
});
afterAll(() => w.t.close());

describe('compile checks answered by a worker (reference §3.12)', () => {
  it('hands the checker to a worker and answers "Compiled successfully!" when it compiled', async () => {
    const pending = compile('spj', {
      code: CHECKER,
      language: 'C++',
      pid: w.p1000,
      extraFiles: { 'testlib.h': '#pragma once\n' },
    });
    const task = await w.judge.claimCompileCheck();
    expect(task).toMatchObject({
      kind: 'compile',
      check: 'spj',
      language: 'C++',
      code: CHECKER,
      extraFiles: { 'testlib.h': '#pragma once\n' },
      attempt: 1,
    });
    expect(await w.judge.finishCompileCheck(task, true)).toBe(true);
    const res = await pending;
    expect(res).toMatchObject({ http: 200, status: 200, msg: 'Compiled successfully!', data: null });
    // the row is gone once answered, and a repeated report changes nothing
    expect(await openChecks()).toEqual([]);
    expect(await w.judge.finishCompileCheck(task, false, 'late')).toBe(false);
  });

  it('answers in Chinese by Accept-Language', async () => {
    const pending = compile('interactive', { code: CHECKER, language: 'C' }, { lang: 'zh' });
    const task = await w.judge.claimCompileCheck();
    expect(task).toMatchObject({ check: 'interactive', language: 'C', extraFiles: {} });
    await w.judge.finishCompileCheck(task, true);
    expect((await pending).msg).toBe('编译成功！');
  });

  it('a compile error is body status 500 (HTTP 200) with the compiler output as the message', async () => {
    for (const kind of ['spj', 'interactive'] as const) {
      const pending = compile(kind, { code: 'int main() { return undefined_symbol; }', language: 'C++' });
      const task = await w.judge.claimCompileCheck();
      await w.judge.finishCompileCheck(task, false, GCC_ERROR);
      expect(await pending).toMatchObject({ http: 200, status: 500, msg: GCC_ERROR, data: null });
    }
    // a failure without output still says what happened
    const pending = compile('spj', { code: CHECKER, language: 'C' }, { lang: 'zh' });
    await w.judge.finishCompileCheck(await w.judge.claimCompileCheck(), false, '');
    expect(await pending).toMatchObject({ status: 500, msg: '编译失败！' });
    expect(await openChecks()).toEqual([]);
  });

  it('extra files may come as a JSON string, as the problem stores them', async () => {
    const pending = compile('spj', { code: CHECKER, language: 'C', extraFiles: '{"a.h":"int x;"}' });
    const task = await w.judge.claimCompileCheck();
    expect(task.extraFiles).toEqual({ 'a.h': 'int x;' });
    await w.judge.finishCompileCheck(task, true);
    expect((await pending).status).toBe(200);
  });

  it('only a worker with the checker compiler of that language takes the check', async () => {
    const noCheckers = await new FakeJudge(w.t.app, 'users-only', ALL_LOCAL_LANGUAGES, []).register();
    const cOnly = await new FakeJudge(w.t.app, 'spj-c-only', ['C'], ['SPJ-C']).register();
    const pending = compile('spj', { code: CHECKER, language: 'C++' });
    await waitForRow();
    expect(await noCheckers.claim()).toBeNull();
    expect(await cOnly.claim()).toBeNull();
    const task = await w.judge.claimCompileCheck();
    // another worker's or an older attempt's report is ignored
    expect(await cOnly.finishCompileCheck(task, false, 'not mine')).toBe(false);
    expect(await w.judge.finishCompileCheck({ ...task, attempt: task.attempt - 1 }, false, 'old')).toBe(
      false,
    );
    expect(await w.judge.finishCompileCheck(task, true)).toBe(true);
    expect((await pending).status).toBe(200);
  });

  it('comes before queued submissions, since an admin waits on it', async () => {
    const submitted = await submit(w, w.tokens.alice, 'P1000');
    expect(submitted.status).toBe(200);
    const pending = compile('spj', { code: CHECKER, language: 'C++' });
    await waitForRow();
    const task = await w.judge.claimCompileCheck(0);
    await w.judge.finishCompileCheck(task, true);
    expect((await pending).status).toBe(200);
    const submission = await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect(submission.submitId).toBe(submitted.data.submitId);
  });

  it('reaches a worker that was already long-polling, through the queue signal', async () => {
    const queue = w.t.app.judgeQueue;
    const waits = vi.spyOn(queue, 'wait');
    const notifies = vi.spyOn(queue, 'notify');
    try {
      const claim = w.judge.claim(10_000);
      await vi.waitFor(() => expect(waits, 'the claim waits').toHaveBeenCalledTimes(1), EVENTUALLY);
      let woken = false;
      void waits.mock.results[0]!.value.then(() => (woken = true));
      const pending = compile('interactive', { code: CHECKER, language: 'C++' });
      await vi.waitFor(
        () => expect(notifies, 'the compile call queues its check').toHaveBeenCalled(),
        EVENTUALLY,
      );
      await new Promise((resolve) => setImmediate(resolve)); // no timer of the claim fires within one turn
      expect(woken, 'the signal ends the wait').toBe(true);
      const task = await claim;
      if (task?.kind !== 'compile') throw new Error(`expected a compile check, got ${task?.kind}`);
      await w.judge.finishCompileCheck(task, true);
      expect((await pending).status).toBe(200);
    } finally {
      waits.mockRestore();
      notifies.mockRestore();
    }
  });
});

/** Waits until the compile call in flight has queued its row. */
async function waitForRow() {
  await vi.waitFor(
    async () => expect(await openChecks(), 'queued compile checks').not.toEqual([]),
    EVENTUALLY,
  );
}

describe('who may compile (reference §3.12: R(root|admin|problem_admin))', () => {
  it('admins and problem admins may; users and visitors may not', async () => {
    for (const token of [w.tokens.admin, w.tokens.problemAdmin]) {
      const pending = compile('spj', { code: CHECKER, language: 'C' }, { token });
      await w.judge.finishCompileCheck(await w.judge.claimCompileCheck(), true);
      expect((await pending).status).toBe(200);
    }
    const user = await compile('spj', { code: CHECKER, language: 'C' }, { token: w.tokens.alice });
    expect([user.http, user.status]).toEqual([403, 403]);
    const visitor = await compile('interactive', { code: CHECKER, language: 'C' }, { token: null });
    expect([visitor.http, visitor.status]).toEqual([401, 401]);
    expect(await openChecks()).toEqual([]);
  });
});

describe('bad input is refused before a worker sees it', () => {
  it.each([
    ['a language that is not C or C++', { code: CHECKER, language: 'Java' }, 'C or C++'],
    ['empty code', { code: '  \n', language: 'C++' }, 'checker or interactor code'],
    [
      'an extra file with a path',
      { code: CHECKER, language: 'C', extraFiles: { '../x.h': '' } },
      'file name',
    ],
    ['extra files that are not an object', { code: CHECKER, language: 'C', extraFiles: '[1]' }, 'file name'],
    [
      'too many extra files',
      {
        code: CHECKER,
        language: 'C',
        extraFiles: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}.h`, ''])),
      },
      'At most 20 extra files',
    ],
    // schema failures keep the envelope's rule for them: HTTP 400 as well (http/error-handler.ts)
    ['code over 1 MiB', { code: 'x'.repeat(1024 * 1024 + 1), language: 'C' }, 'code', 400],
    ['no code at all', { language: 'C' }, 'code', 400],
  ])('%s', async (_name, payload, message, http = 200) => {
    const res = await compile('spj', payload);
    expect([res.http, res.status]).toEqual([http, 400]);
    expect(res.msg).toContain(message);
    expect(await openChecks()).toEqual([]);
    expect(await w.judge.claim()).toBeNull();
  });
});

describe('no answer in time', () => {
  let t: TestApp;
  let root: string;

  const call = async (kind: Kind, payload: object, lang = 'en-US') => {
    const res = await t.app.inject({
      method: 'POST',
      url: path(kind),
      headers: { authorization: root, 'accept-language': lang },
      payload: payload as InjectOptions['payload'],
    });
    return res.json() as Envelope;
  };

  beforeAll(async () => {
    t = await buildTestApp({ compileCheck: { claimWaitMs: 300, resultWaitMs: 300 } });
    root = await t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('says that no judge server is online when no worker takes the check, and removes it', async () => {
    const started = Date.now();
    const en = await call('spj', { code: CHECKER, language: 'C++' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(en.status).toBe(400);
    expect(en.msg).toContain('No judge server is online to compile this C++ program');
    const zh = await call('interactive', { code: CHECKER, language: 'C' }, 'zh-CN');
    expect(zh.msg).toContain('当前没有在线的评测机');
    expect(await t.db.select().from(judgeCompileCheck)).toEqual([]);
  });

  it('gives up on a worker that took the check and never answered; its late answer is ignored', async () => {
    const judge = await new FakeJudge(t.app, 'silent').register();
    const pending = call('spj', { code: CHECKER, language: 'C' });
    const task = await judge.claimCompileCheck();
    const res = await pending;
    expect(res.status).toBe(400);
    expect(res.msg).toContain('did not answer the compile in time');
    expect(await judge.finishCompileCheck(task, true)).toBe(false);
    expect(await t.db.select().from(judgeCompileCheck)).toEqual([]);
  });
});
