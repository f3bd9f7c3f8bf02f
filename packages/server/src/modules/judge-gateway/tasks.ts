import { eq } from 'drizzle-orm';
import type { JudgeProblem, JudgeTask, JudgeTestCase } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared.ts';
import { judge, problem, problemCase, testRun } from '../../db/schema/index.ts';
import type { Claimed } from '../submission/lifecycle/claim.ts';
import { normaliseLineEndings, type TestDataStore } from './testdata-store.ts';

type ProblemRow = typeof problem.$inferSelect;

function toJudgeProblem(p: ProblemRow): JudgeProblem {
  return {
    id: p.id,
    problemId: p.problemId,
    type: p.type === 1 ? 1 : 0,
    judgeMode: p.judgeMode as JudgeProblem['judgeMode'],
    judgeCaseMode: p.judgeCaseMode as JudgeProblem['judgeCaseMode'],
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    ioScore: p.ioScore,
    isRemoveEndBlank: p.isRemoveEndBlank,
    isFileIo: p.isFileIo,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
    userExtraFile: p.userExtraFile ?? null,
    judgeExtraFile: p.judgeExtraFile ?? null,
    spjCode: p.spjCode,
    spjLanguage: p.spjLanguage,
    caseVersion: p.caseVersion,
  };
}

type CaseRow = typeof problemCase.$inferSelect;

/**
 * One side of a case as a content-addressed file. Uploaded cases were stored by hash when uploaded
 * and keep their file names; typed cases (reference §8.2) are written to the store from their
 * database text and named 1.in / 1.out …
 */
async function caseFile(store: TestDataStore, row: CaseRow, side: 'input' | 'output', seq: number) {
  const sha256 = side === 'input' ? row.inputSha256 : row.outputSha256;
  const size = side === 'input' ? row.inputSize : row.outputSize;
  if (sha256 && size !== null)
    return { name: row[side] ?? `${seq}.${side === 'input' ? 'in' : 'out'}`, sha256, size };
  const stored = await store.put(normaliseLineEndings(row[side] ?? ''));
  return { name: `${seq}.${side === 'input' ? 'in' : 'out'}`, ...stored };
}

// A task is built for every verdict: prepared statements (db/prepared.ts), planned once.
const submissionById = preparedSelect(judge, '"submit_id" = $1');
const problemById = preparedSelect(problem, '"id" = $1');
const casesOfProblem = preparedSelect(problemCase, '"pid" = $1 order by "id"');

async function testCasesOf(db: Db, store: TestDataStore, pid: number): Promise<JudgeTestCase[]> {
  const rows = await casesOfProblem(db, [pid]);
  const usable = rows.filter((r) => r.status === 0);
  return Promise.all(
    usable.map(async (row, index) => {
      const seq = index + 1;
      return {
        caseId: row.id,
        seq,
        input: await caseFile(store, row, 'input', seq),
        output: await caseFile(store, row, 'output', seq),
        score: row.score ?? 0,
        groupNum: row.groupNum,
      };
    }),
  );
}

/** Everything a worker needs for a claimed task, so that it never opens the database. */
export async function buildTask(
  db: Db,
  store: TestDataStore,
  claimed: Claimed,
  leaseMs: number,
): Promise<JudgeTask> {
  if (claimed.kind === 'submission') {
    // the claim answered the row; a caller without it reads it
    const submission = claimed.submission ?? (await submissionById(db, [Number(claimed.id)]))[0];
    const [row] = submission ? await problemById(db, [submission.pid]) : [];
    if (!submission || !row) throw new Error(`claimed submission ${claimed.id} disappeared`);
    return {
      kind: 'submission',
      submitId: submission.submitId,
      attempt: claimed.attempt,
      leaseMs,
      language: submission.language ?? '',
      code: submission.code,
      problem: toJudgeProblem(row),
      // a remote problem has no test data here: the site judges it (reference §10.3)
      testCases: claimed.remote ? [] : await testCasesOf(db, store, row.id),
      ...(claimed.remote ? { remote: claimed.remote } : {}),
    };
  }
  const [row] = await db
    .select({ run: testRun, problem })
    .from(testRun)
    .innerJoin(problem, eq(problem.id, testRun.pid))
    .where(eq(testRun.id, claimed.id));
  if (!row) throw new Error(`claimed test run ${claimed.id} disappeared`);
  return {
    kind: 'test',
    id: row.run.id,
    attempt: claimed.attempt,
    leaseMs,
    language: row.run.language,
    code: row.run.code,
    input: row.run.input,
    expectedOutput: row.run.expectedOutput,
    problem: toJudgeProblem(row.problem),
  };
}
