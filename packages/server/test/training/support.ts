import { JudgeStatus } from '@verdict/shared';
import { CPP, createProblem, createWorld, type Reply, type World } from '../problem/fixtures.ts';

/**
 * The callers of issue 14's training tests: anonymous, a normal user (alice), a registered user
 * (bob), the training author (admin: an admin who is not root) and root.
 */
export const CALLERS = ['anonymous', 'alice', 'bob', 'admin', 'root'] as const;
export type Caller = (typeof CALLERS)[number];

export const PASSWORD = 'open-sesame';

export interface TrainingWorld {
  w: World;
  /** three public problems and a hidden one */
  problems: { pid: number; problemId: string }[];
  hidden: { pid: number; problemId: string };
  /** a site category */
  categoryId: number;
  token(who: Caller): string | undefined;
  call<T = unknown>(
    who: Caller,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Reply<T>>;
  /** a training made by `admin` through the admin API, holding `problems` */
  training(
    values?: Record<string, unknown>,
    problems?: { pid: number; problemId: string }[],
  ): Promise<number>;
  register(who: Caller, tid: number, password?: string): Promise<Reply>;
  /** submits as `who` (through training `tid` when given) and judges it with `status` */
  solve(
    who: Caller,
    problemId: string,
    status: number,
    options?: { tid?: number; time?: number },
  ): Promise<number>;
}

export async function trainingWorld(): Promise<TrainingWorld> {
  const w = await createWorld();
  const problems: { pid: number; problemId: string }[] = [];
  for (const id of ['TR-1', 'TR-2', 'TR-3'])
    problems.push(await createProblem(w, { problemId: id, title: `Task ${id}` }));
  const hidden = await createProblem(w, { problemId: 'TR-H', auth: 2 });
  const token = (who: Caller) => (who === 'anonymous' ? undefined : w.tokens[who]);
  const call: TrainingWorld['call'] = (who, method, url, payload) =>
    w.call(method, url, { token: token(who), payload });
  const category = await call<{ id: number }>('root', 'POST', '/api/admin/training/category', {
    name: 'Basics',
    color: '#409EFF',
  });
  if (category.status !== 200) throw new Error(`category: ${category.msg}`);
  const world: TrainingWorld = {
    w,
    problems,
    hidden,
    categoryId: category.data.id,
    token,
    call,
    async training(values = {}, list = problems) {
      const res = await call<{ tid: number }>('admin', 'POST', '/api/admin/training', {
        training: {
          title: 'Warm-up',
          description: 'Start here.',
          auth: 'Public',
          privatePwd: null,
          rank: 1000,
          status: true,
          ...values,
        },
        trainingCategory: { id: category.data.id },
      });
      if (res.status !== 200) throw new Error(`create training: ${res.msg}`);
      const tid = res.data.tid;
      for (const p of list) {
        const added = await call('admin', 'POST', '/api/admin/training/add-problem-from-public', {
          pid: p.pid,
          tid,
          displayId: p.problemId,
        });
        if (added.status !== 200) throw new Error(`add problem: ${added.msg}`);
      }
      return tid;
    },
    register(who, tid, password = PASSWORD) {
      return call(who, 'POST', '/api/register-training', { tid, password });
    },
    async solve(who, problemId, status, options = {}) {
      w.clock.advance(60_000);
      const res = await call<{ submitId: number }>(who, 'POST', '/api/submit-problem-judge', {
        pid: problemId,
        language: 'C++',
        code: CPP,
        cid: 0,
        tid: options.tid,
        isRemote: false,
      });
      if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.msg}`);
      await w.judge.judgeNext({ status, time: options.time ?? 10, memory: 1024 });
      return res.data.submitId;
    },
  };
  return world;
}

/** What a caller gets: ok, HTTP 401 (login), a body refusal, or another status. */
export function outcome(reply: Reply): string {
  if (reply.http === 401) return 'login';
  if (reply.http === 403) return 'role';
  if (reply.status === 200) return 'ok';
  return `body ${reply.status}`;
}

export const AC = JudgeStatus.ACCEPTED;
export const WA = JudgeStatus.WRONG_ANSWER;
