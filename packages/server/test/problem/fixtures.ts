import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { ProblemDto } from '@verdict/shared';
import { ManualClock } from '../../src/clock.ts';
import { language, problem } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { FakeJudge } from '../helpers/judge.ts';
import { createUser, type RoleKey } from '../helpers/users.ts';

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export interface Reply<T = unknown> extends Envelope<T> {
  http: number;
}

/** One test app with the users every suite needs, their tokens, a manual clock and a fake judge. */
export interface World {
  t: TestApp;
  clock: ManualClock;
  judge: FakeJudge;
  tokens: Record<'root' | 'alice' | 'bob' | 'noSubmit' | 'admin' | 'problemAdmin', string>;
  uids: Record<'root' | 'alice' | 'bob' | 'noSubmit' | 'admin' | 'problemAdmin', string>;
  /** pid of the seeded sample problem P1000 */
  p1000: number;
  call<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; payload?: unknown; lang?: 'en' | 'zh' },
  ): Promise<Reply<T>>;
}

export async function createWorld(
  options: { claimPollMs?: number; messageStreamRecheckMs?: number } = {},
): Promise<World> {
  const clock = new ManualClock(Date.UTC(2030, 0, 1, 8));
  const t = await buildTestApp({
    clock,
    claimPollMs: options.claimPollMs,
    messageStreamRecheckMs: options.messageStreamRecheckMs,
  });
  const users: [keyof World['tokens'], RoleKey][] = [
    ['alice', 'defaultUser'],
    ['bob', 'defaultUser'],
    ['noSubmit', 'noSubmitUser'],
    ['admin', 'admin'],
    ['problemAdmin', 'problemAdmin'],
  ];
  const uids = { root: '1' } as World['uids'];
  for (const [name, role] of users) uids[name] = await createUser(t.db, { username: name, role });
  const tokens = {} as World['tokens'];
  for (const name of Object.keys(uids) as (keyof World['uids'])[]) {
    tokens[name] = await t.app.auth.openSession(uids[name], { userAgent: 'vitest', ip: '127.0.0.1' });
  }
  const [sample] = await t.db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, 'P1000'));
  const judge = await new FakeJudge(t.app).register();
  return {
    t,
    clock,
    judge,
    tokens,
    uids,
    p1000: sample!.id,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = {
        'accept-language': options.lang === 'zh' ? 'zh-CN' : 'en-US',
      };
      if (options.token) headers.authorization = options.token;
      const res = await t.app.inject({
        method,
        url,
        headers,
        payload: options.payload as InjectOptions['payload'],
      });
      const body = res.headers['content-type']?.toString().includes('json')
        ? (res.json() as Envelope<never>)
        : { status: res.statusCode, msg: '', data: res.rawPayload as never };
      return { ...body, http: res.statusCode };
    },
  };
}

export async function languageIds(w: World, names: string[]): Promise<number[]> {
  const rows = await w.t.db
    .select({ id: language.id, name: language.name })
    .from(language)
    .where(eq(language.oj, 'ME'));
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

/** A ProblemDTO with typed cases, as the admin form sends it. */
export async function problemDto(
  w: World,
  overrides: Partial<ProblemDto['problem']> = {},
  extra: Partial<ProblemDto> = {},
) {
  const lids = await languageIds(w, ['C++', 'Python3', 'C']);
  return {
    problem: {
      problemId: null,
      title: 'Sum of two',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Add them.',
      input: 'a b',
      output: 'a+b',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 1,
      auth: 1,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      judgeCaseMode: 'default',
      ...overrides,
    },
    samples: [
      { input: '1 2\r\n', output: '3\n', score: null, groupNum: null },
      { input: '5 5\n', output: '10\n', score: null, groupNum: null },
    ],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: lids.map((id) => ({ id })),
    tags: [],
    codeTemplates: [],
    ...extra,
  } as unknown as ProblemDto;
}

/** Creates a problem through the admin API (as root unless told); answers its pid and problem id. */
export async function createProblem(
  w: World,
  overrides: Partial<ProblemDto['problem']> = {},
  extra: Partial<ProblemDto> = {},
  token = w.tokens.root,
) {
  const res = await w.call<{ pid: number; problemId: string }>('POST', '/api/admin/problem', {
    token,
    payload: await problemDto(w, overrides, extra),
  });
  if (res.status !== 200) throw new Error(`create problem: ${res.status} ${res.msg}`);
  return res.data;
}

export const CPP = `#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n`;

/** Submits as `token`; moves the clock past the submission interval first. */
export async function submit(
  w: World,
  token: string,
  problemId: string,
  options: { language?: string; code?: string } = {},
) {
  w.clock.advance(60_000);
  return w.call<{ submitId: number; status: number }>('POST', '/api/submit-problem-judge', {
    token,
    payload: {
      pid: problemId,
      language: options.language ?? 'C++',
      code: options.code ?? CPP,
      cid: 0,
      isRemote: false,
    },
  });
}
