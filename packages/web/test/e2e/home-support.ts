import { JudgeStatus } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/src/db/client.ts';
import { judge, problem, userAcproblem, userInfo } from '../../../server/src/db/schema/index.ts';
import { createUser } from '../../../server/test/helpers/users.ts';

/**
 * Data for the browser tests of issue 13 (home, rank lists, user home): problems, users and public
 * submissions written as rows. The rank counters, per-problem statistics and the heatmap follow
 * from the judge rows through the database's triggers, as they do for judged submissions;
 * user_acproblem (written by the lifecycle's public hook) gets each first AC.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedProblem {
  problemId: string;
  title: string;
  difficulty: number;
  type?: number;
}

/** Public problems of the seed: one per difficulty 0–4, the last one OI. */
export const SEED_PROBLEMS: SeedProblem[] = [
  { problemId: 'HM-1001', title: 'Warm Up', difficulty: 0 },
  { problemId: 'HM-1002', title: 'Two Pointers', difficulty: 1 },
  { problemId: 'HM-1003', title: 'Shortest Path', difficulty: 2 },
  { problemId: 'HM-1004', title: 'Segment Tree', difficulty: 3 },
  { problemId: 'HM-1005', title: 'Knapsack Score', difficulty: 4, type: 1 },
];

export async function insertProblems(
  db: Db,
  problems: SeedProblem[] = SEED_PROBLEMS,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(problem)
    .values(
      problems.map((p) => ({
        problemId: p.problemId,
        title: p.title,
        difficulty: p.difficulty,
        type: p.type ?? 0,
        author: 'root',
        description: `The statement of ${p.title}.`,
      })),
    )
    .returning({ id: problem.id, problemId: problem.problemId });
  return new Map(rows.map((r) => [r.problemId, Number(r.id)]));
}

export interface SeedUser {
  username: string;
  password?: string;
  nickname?: string;
  titleName?: string;
  titleColor?: string;
  school?: string;
  signature?: string;
  github?: string;
  blog?: string;
  gender?: string;
  banned?: boolean;
}

export async function insertUser(db: Db, user: SeedUser): Promise<string> {
  const uid = await createUser(db, { username: user.username, password: user.password, banned: user.banned });
  const { username: _name, password: _password, banned: _banned, ...profile } = user;
  if (Object.keys(profile).length > 0) await db.update(userInfo).set(profile).where(eq(userInfo.uuid, uid));
  return uid;
}

export interface SeedSubmission {
  problemId: string;
  status: number;
  /** days before now (0 = now) */
  daysAgo: number;
  /** OI rank score (OI problems) */
  oiRankScore?: number;
  score?: number;
}

/**
 * Public submissions of one user, oldest first; the first AC of each problem also becomes the
 * user_acproblem row, with the submission's time.
 */
export async function insertSubmissions(
  db: Db,
  user: { uid: string; username: string },
  problems: Map<string, number>,
  submissions: SeedSubmission[],
  now = Date.now(),
): Promise<void> {
  const solved = new Set<string>();
  for (const s of [...submissions].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const pid = problems.get(s.problemId);
    if (pid === undefined) throw new Error(`no problem ${s.problemId}`);
    const at = new Date(now - s.daysAgo * DAY_MS);
    const [row] = await db
      .insert(judge)
      .values({
        pid,
        displayPid: s.problemId,
        uid: user.uid,
        username: user.username,
        status: s.status,
        code: 'int main() { return 0; }',
        language: 'C++',
        length: 24,
        time: 1,
        memory: 1024,
        score: s.score ?? null,
        oiRankScore: s.oiRankScore ?? null,
        submitTime: at,
        gmtCreate: at,
        gmtModified: at,
      })
      .returning({ submitId: judge.submitId });
    if (s.status === JudgeStatus.ACCEPTED && !solved.has(s.problemId)) {
      solved.add(s.problemId);
      await db
        .insert(userAcproblem)
        .values({ uid: user.uid, pid, submitId: row!.submitId, gmtCreate: at, gmtModified: at });
    }
  }
}

/** n submissions of `status` to `problemId`, all `daysAgo`. */
export const times = (n: number, s: SeedSubmission): SeedSubmission[] =>
  Array.from({ length: n }, () => ({ ...s }));
