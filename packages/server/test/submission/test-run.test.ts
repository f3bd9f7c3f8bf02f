import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRun } from '../../src/db/schema/index.ts';
import { CPP, createProblem, createWorld, type World } from '../problem/fixtures.ts';

let w: World;
const run = (token: string | undefined, payload: object = {}) =>
  w.call<string>('POST', '/api/submit-problem-test-judge', {
    token,
    payload: {
      pid: w.p1000,
      type: 'public',
      language: 'C++',
      code: CPP,
      userInput: '1 2',
      expectedOutput: '3',
      ...payload,
    },
  });
const result = (key: string, token: string | undefined) =>
  w.call<Record<string, unknown>>('GET', `/api/get-test-judge-result?testJudgeKey=${key}`, { token });

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('online test run (spec part 1 §4, §5; reference §3.4, §8.12)', () => {
  it('queues a run at test priority and answers its key; the result is pending until a worker reports', async () => {
    w.clock.advance(60_000);
    const res = await run(w.tokens.alice);
    expect(res.status).toBe(200);
    expect(res.data).toMatch(/^TEST_JUDGE_[0-9a-f]{32}$/);
    const [row] = await w.t.db.select().from(testRun).where(eq(testRun.id, res.data));
    expect(row).toMatchObject({ priority: 1, status: JudgeStatus.PENDING, input: '1 2', language: 'C++' });
    expect((await result(res.data, w.tokens.alice)).data).toEqual({ status: JudgeStatus.PENDING });

    const task = await w.judge.claimTestRun();
    expect(task).toMatchObject({ id: res.data, input: '1 2', expectedOutput: '3' });
    expect((await result(res.data, w.tokens.alice)).data).toEqual({ status: JudgeStatus.PENDING });
    await w.judge.finishTestRun(task, { status: JudgeStatus.ACCEPTED, output: '3\n', time: 3, memory: 900 });
    expect((await result(res.data, w.tokens.alice)).data).toEqual({
      status: JudgeStatus.ACCEPTED,
      time: 3,
      memory: 900,
      userInput: '1 2',
      userOutput: '3\n',
      expectedOutput: '3',
      stderr: null,
      problemJudgeMode: 'default',
    });
    // another user cannot read it
    expect((await result(res.data, w.tokens.bob)).status).toBe(400);
  });

  it('needs a login and the submit permission', async () => {
    expect((await run(undefined)).http).toBe(401);
    expect((await run(w.tokens.noSubmit)).http).toBe(403);
    expect((await result('TEST_JUDGE_x', undefined)).http).toBe(401);
  });

  it('checks the input (at most 1000 characters), the code and the language', async () => {
    w.clock.advance(60_000);
    expect((await run(w.tokens.bob, { userInput: 'x'.repeat(1001) })).msg).toBe(
      'The test input can not be longer than 1000 characters!',
    );
    expect((await run(w.tokens.bob, { code: '' })).msg).toBe('Code can not be empty');
    expect((await run(w.tokens.bob, { language: 'Klingon' })).status).toBe(400);
    expect((await run(w.tokens.bob, { type: 'contest' })).msg).toBe(
      'Invalid request: a contest id is required!',
    );
    expect((await run(w.tokens.bob, { pid: 424242 })).status).toBe(404);
  });

  it('refuses hidden and contest problems to users', async () => {
    const hidden = await createProblem(w, { problemId: 'HID-T', auth: 2 });
    const contest = await createProblem(w, { problemId: 'CON-T', auth: 3 });
    w.clock.advance(60_000);
    expect((await run(w.tokens.bob, { pid: hidden.pid })).status).toBe(403);
    expect((await run(w.tokens.bob, { pid: contest.pid })).status).toBe(403);
  });

  it('issue 24 item 9: runs an empty input (a sample without input), as the judge receives it', async () => {
    w.clock.advance(60_000);
    const res = await run(w.tokens.alice, { userInput: '', expectedOutput: '' });
    expect(res.status).toBe(200);
    const task = await w.judge.claimTestRun();
    expect(task).toMatchObject({ id: res.data, input: '' });
    await w.judge.finishTestRun(task, { status: JudgeStatus.ACCEPTED, output: 'hi\n', time: 1, memory: 900 });
    expect((await result(res.data, w.tokens.alice)).data).toMatchObject({
      userInput: '',
      userOutput: 'hi\n',
    });
  });

  it('keeps its own interval, separate from submissions (reference §7.6); a refusal says how long to wait', async () => {
    w.clock.advance(60_000);
    expect((await run(w.tokens.bob)).status).toBe(200);
    w.clock.advance(1_000);
    const tooSoon = await run(w.tokens.bob);
    expect(tooSoon.status).toBe(403);
    // the default interval is 8 s: 7 s are left (issue 24 item 9)
    expect(tooSoon.data).toEqual({ retryAfterSeconds: 7 });
    const submitted = await w.call('POST', '/api/submit-problem-judge', {
      token: w.tokens.bob,
      payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0 },
    });
    expect(submitted.status).toBe(200);
  });

  it('forgets runs after ten minutes', async () => {
    w.clock.advance(60_000);
    const key = (await run(w.tokens.alice)).data;
    w.clock.advance(11 * 60_000);
    await run(w.tokens.bob);
    expect((await result(key, w.tokens.alice)).msg).toBe('This test run does not exist or has expired!');
  });
});
