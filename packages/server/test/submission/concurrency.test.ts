import { and, count, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type ProblemListRow, type SubmissionTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { judge, systemConfig, userAcproblem } from '../../src/db/schema/index.ts';
import { FakeJudge } from '../helpers/judge.ts';
import { createUser } from '../helpers/users.ts';
import { CPP, createWorld, type World } from '../problem/fixtures.ts';

let w: World;

beforeAll(async () => {
  w = await createWorld();
  const [row] = await w.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await w.t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0 } })
    .where(eq(systemConfig.name, 'switch'));
});
afterAll(() => w.t.close());

const VERDICTS = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.RUNTIME_ERROR,
];

describe('statistics under concurrent judging (reference §7.8, §7.9; spec part 1 §3 problemCount)', () => {
  it('gives exact counts, totals and solved status when many results arrive at once', async () => {
    const N = 60;
    const users = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const uid = await createUser(w.t.db, { username: `racer${i}` });
        return { uid, token: await w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' }) };
      }),
    );
    // many submissions at once
    const submitted = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
          token: users[i % users.length]!.token,
          payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0 },
        }),
      ),
    );
    expect(submitted.every((r) => r.status === 200)).toBe(true);

    // several workers claim concurrently, then report concurrently
    const workers = await Promise.all(
      [1, 2, 3, 4].map((i) => new FakeJudge(w.t.app, `racer-worker-${i}`).register()),
    );
    const tasks: { worker: FakeJudge; task: SubmissionTask }[] = [];
    for (;;) {
      const round = await Promise.all(
        workers.map(async (worker) => ({ worker, task: await worker.claim() })),
      );
      const got = round.filter((r) => r.task) as { worker: FakeJudge; task: SubmissionTask }[];
      if (got.length === 0) break;
      tasks.push(...got);
    }
    expect(tasks).toHaveLength(N);
    expect(new Set(tasks.map((t) => t.task.submitId)).size).toBe(N);
    const verdictOf = (submitId: number) => VERDICTS[submitId % VERDICTS.length]!;
    const accepted = await Promise.all(
      tasks.map(({ worker, task }) => worker.finish(task, { status: verdictOf(task.submitId) })),
    );
    expect(accepted.every(Boolean)).toBe(true);

    const expected = { total: N, ac: 0, wa: 0, tle: 0, ce: 0, re: 0 };
    for (const { task } of tasks) {
      const v = verdictOf(task.submitId);
      if (v === JudgeStatus.ACCEPTED) expected.ac++;
      if (v === JudgeStatus.WRONG_ANSWER) expected.wa++;
      if (v === JudgeStatus.TIME_LIMIT_EXCEEDED) expected.tle++;
      if (v === JudgeStatus.COMPILE_ERROR) expected.ce++;
      if (v === JudgeStatus.RUNTIME_ERROR) expected.re++;
    }
    const listed = await w.call<{ records: ProblemListRow[] }>('GET', '/api/get-problem-list?keyword=P1000');
    expect(listed.data.records[0]).toMatchObject(expected);
    const detail = await w.call<{ problemCount: Record<string, number> }>(
      'GET',
      '/api/get-problem-detail?problemId=P1000',
    );
    expect(detail.data.problemCount).toMatchObject(expected);

    // the counters equal a live count over the judge table
    const live = await queryRows<{ status: number; n: number }>(
      w.t.db,
      sql`select status, count(*)::int as n from judge where cid = 0 and gid is null group by status order by status`,
    );
    const counters = await queryRows<{ status: number; n: number }>(
      w.t.db,
      sql`select status, n::int as n from judge_status_count where n <> 0 order by status`,
    );
    expect(counters).toEqual(live);
    const total = await w.call<{ total: number }>('GET', '/api/get-submission-list');
    expect(total.data.total).toBe(N);
    const acList = await w.call<{ total: number }>(`GET`, `/api/get-submission-list?status=0`);
    expect(acList.data.total).toBe(expected.ac);

    // one solved-problem row per accepted submission; each user's status follows its submissions
    const [acRows] = await w.t.db
      .select({ n: count() })
      .from(userAcproblem)
      .where(eq(userAcproblem.pid, w.p1000));
    expect(acRows!.n).toBe(expected.ac);
    for (const user of users) {
      const mine = await w.t.db
        .select()
        .from(judge)
        .where(and(eq(judge.uid, user.uid), eq(judge.pid, w.p1000)));
      const anyAc = mine.some((m) => m.status === JudgeStatus.ACCEPTED);
      const latest = mine.sort((a, b) => b.submitId - a.submitId)[0]!;
      const status = await w.call<Record<string, { status: number }>>(
        'POST',
        '/api/get-user-problem-status',
        {
          token: user.token,
          payload: { pidList: [w.p1000], isContestProblemList: false },
        },
      );
      expect(status.data[w.p1000]!.status).toBe(anyAc ? JudgeStatus.ACCEPTED : latest.status);
    }

    // rejudging everything at once moves every count back to Pending, exactly
    const rejudged = await w.call<{ count: number }>(
      'GET',
      `/api/admin/judge/rejudge-problem?pid=${w.p1000}`,
      {
        token: w.tokens.root,
      },
    );
    expect(rejudged.data.count).toBe(N);
    const after = await w.call<{ records: ProblemListRow[] }>('GET', '/api/get-problem-list?keyword=P1000');
    expect(after.data.records[0]).toMatchObject({ total: N, ac: 0, wa: 0 });
    const [left] = await w.t.db
      .select({ n: count() })
      .from(userAcproblem)
      .where(eq(userAcproblem.pid, w.p1000));
    expect(left!.n).toBe(0);
  });
});
