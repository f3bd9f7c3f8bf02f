import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bench, FIXTURES, fixture, makeProblem, missingToolchain, statuses, testSlot } from './harness.ts';
import { PROBLEMS, type Expectation } from './problems.ts';

/** The regression problem set (problems.ts) judged end to end: real compilers in the real sandbox. */
const SLOT = testSlot(1);
let bench: Bench;
const tmpBefore = new Set(fs.readdirSync(os.tmpdir()));

beforeAll(async () => {
  bench = await Bench.create(SLOT, { compileCache: true });
});

afterAll(async () => {
  const leftovers = await bench.leftovers();
  await bench.dispose();
  expect(leftovers).toEqual([]);
  // the interactive problems' pipes are made through FIFOs in the host's tmp, removed at once (this
  // process's: another test file may be making its own at this moment)
  const newTmp = fs
    .readdirSync(os.tmpdir())
    .filter((f) => !tmpBefore.has(f) && f.startsWith(`verdict-fifo-${process.pid}-`));
  expect(newTmp).toEqual([]);
});

function check(outcome: Awaited<ReturnType<Bench['judge']>>, expected: Expectation) {
  const firstError = outcome.cases.find((c) => c.status !== JudgeStatus.ACCEPTED);
  const actual = {
    status: outcome.status,
    ...('score' in expected ? { score: outcome.score } : {}),
    ...(expected.cases ? { cases: statuses(outcome.cases) } : {}),
    ...(expected.caseScores ? { caseScores: outcome.cases.map((c) => c.score) } : {}),
  };
  const wanted = {
    status: expected.status,
    ...('score' in expected ? { score: expected.score } : {}),
    ...(expected.cases ? { cases: expected.cases } : {}),
    ...(expected.caseScores ? { caseScores: expected.caseScores } : {}),
  };
  expect(actual, `message: ${outcome.errorMessage ?? firstError?.userOutput}`).toEqual(wanted);
  if (expected.message)
    expect(outcome.errorMessage ?? firstError?.userOutput ?? '').toMatch(expected.message);
  // reference §8.11: time and memory never exceed the factored limits; CE and SE report 0
  if (outcome.status === JudgeStatus.COMPILE_ERROR || outcome.status === JudgeStatus.SYSTEM_ERROR) {
    expect({ time: outcome.time, memory: outcome.memory }).toEqual({ time: 0, memory: 0 });
  }
}

for (const p of PROBLEMS) {
  describe(p.name, () => {
    const problem = makeProblem({
      ...p.problem,
      ...(p.judgeProgram
        ? { spjCode: fs.readFileSync(path.join(FIXTURES, 'judges', p.judgeProgram), 'utf8') }
        : {}),
    });
    for (const submission of p.submissions) {
      for (const language of submission.languages) {
        const title = `${submission.title} [${language}]`;
        const missing = missingToolchain(language);
        if (missing) {
          it.skip(`${title} — skipped: ${missing}`, () => undefined);
          continue;
        }
        const code = submission.code ?? fixture(submission.fixture ?? '', language);
        if (code === null) throw new Error(`no fixture ${submission.fixture} for ${language}`);
        it(
          title,
          async () => check(await bench.judge(language, code, problem, p.cases), submission.expect),
          30_000,
        );
      }
    }
  });
}
