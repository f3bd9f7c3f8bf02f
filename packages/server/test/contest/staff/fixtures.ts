import { eq } from 'drizzle-orm';
import {
  contest,
  contestProblem,
  contestRecord,
  contestRegister,
  judge,
  userInfo,
} from '../../../src/db/schema/index.ts';
import { contestRecordStatus } from '../../../src/modules/submission/lifecycle/scopes.ts';
import { createProblem, createWorld, type World } from '../../problem/fixtures.ts';

/**
 * The contest staff suites' world (issue 11 "Contest staff"): the users of problem/fixtures.ts in
 * the five roles the issue names — anonymous, a normal user (bob), a registered participant
 * (alice), the contest creator (admin, an admin who is not root) and root — and a running private
 * ACM contest created by `admin` with printing open and two problems, A and B.
 */
export interface StaffWorld extends World {
  cid: number;
  problems: { A: { pid: number; cpid: number }; B: { pid: number; cpid: number } };
  start: Date;
  end: Date;
}

export type Caller = 'anonymous' | 'user' | 'participant' | 'creator' | 'root';
export const CALLERS: Caller[] = ['anonymous', 'user', 'participant', 'creator', 'root'];

export function tokenOf(w: World, caller: Caller): string | undefined {
  return {
    anonymous: undefined,
    user: w.tokens.bob,
    participant: w.tokens.alice,
    creator: w.tokens.admin,
    root: w.tokens.root,
  }[caller];
}

/** HTTP 401 for a missing login (reference §1.2), else the envelope's status. */
export const outcome = (res: { http: number; status: number }) => (res.http === 401 ? 401 : res.status);

export async function createStaffWorld(
  options: { type?: 0 | 1; openPrint?: boolean; visible?: boolean } = {},
): Promise<StaffWorld> {
  const w = await createWorld();
  const now = w.clock.now();
  const start = new Date(now.getTime() - 3600_000);
  const end = new Date(now.getTime() + 4 * 3600_000);
  const [c] = await w.t.db
    .insert(contest)
    .values({
      uid: w.uids.admin,
      author: 'admin',
      title: 'Staff Cup',
      type: options.type ?? 0,
      auth: 1,
      pwd: 'secret',
      startTime: start,
      endTime: end,
      duration: 5 * 3600,
      openPrint: options.openPrint ?? true,
      visible: options.visible ?? true,
    })
    .returning();
  const second = await createProblem(w, { title: 'Second' });
  const [a] = await w.t.db
    .insert(contestProblem)
    .values({ cid: c!.id, pid: w.p1000, displayId: 'A', displayTitle: 'Sum', color: '#ff0000' })
    .returning();
  const [b] = await w.t.db
    .insert(contestProblem)
    .values({ cid: c!.id, pid: second.pid, displayId: 'B', displayTitle: 'Second', color: '#0000ff' })
    .returning();
  await w.t.db.insert(contestRegister).values({ cid: c!.id, uid: w.uids.alice });
  await w.t.db.update(userInfo).set({ realname: 'Alice Liddell' }).where(eq(userInfo.uuid, w.uids.alice));
  return {
    ...w,
    cid: c!.id,
    problems: { A: { pid: w.p1000, cpid: a!.id }, B: { pid: second.pid, cpid: b!.id } },
    start,
    end,
  };
}

/**
 * A judged contest submission as the lifecycle leaves it: the judge row with its verdict and the
 * contest record of reference §6.1 step 5 with the record status of §8.1.
 */
export async function contestSubmission(
  w: StaffWorld,
  s: {
    user: 'alice' | 'bob' | 'admin' | 'root';
    problem: 'A' | 'B';
    status: number;
    /** seconds after the contest start */
    at: number;
    score?: number | null;
    code?: string;
    language?: string;
  },
) {
  const p = w.problems[s.problem];
  const submitTime = new Date(w.start.getTime() + s.at * 1000);
  const [row] = await w.t.db
    .insert(judge)
    .values({
      pid: p.pid,
      displayPid: s.problem,
      uid: w.uids[s.user],
      username: s.user,
      code: s.code ?? `// ${s.user} ${s.problem} at ${s.at}\n`,
      language: s.language ?? 'C++',
      cid: w.cid,
      cpid: p.cpid,
      status: s.status,
      score: s.score ?? null,
      submitTime,
      priority: 3,
    })
    .returning();
  const [record] = await w.t.db
    .insert(contestRecord)
    .values({
      cid: w.cid,
      uid: w.uids[s.user],
      pid: p.pid,
      cpid: p.cpid,
      username: s.user,
      realname: s.user === 'alice' ? 'Alice Liddell' : null,
      displayId: s.problem,
      submitId: row!.submitId,
      status: contestRecordStatus(s.status),
      score: s.score ?? null,
      submitTime,
      time: Math.max(0, s.at),
    })
    .returning();
  return { submitId: row!.submitId, recordId: record!.id };
}
