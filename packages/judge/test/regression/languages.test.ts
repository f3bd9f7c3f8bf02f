import fs from 'node:fs';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguages, LANGUAGES } from '../../src/languages/index.ts';
import {
  Bench,
  FAMILY,
  FIXTURES,
  fixture,
  makeProblem,
  missingToolchain,
  statuses,
  USER_LANGUAGES,
  testSlot,
} from './harness.ts';
import { CRASH_MESSAGE, CRASHED, LANGUAGE_PROBLEMS, type LanguageProblem } from './language-problems.ts';

/**
 * Every language of the table against small problems: A+B accepted and wrong, an endless loop, a memory
 * hog, a compile error, and the problems of language-problems.ts (runtime errors, presentation error on
 * and off, partial OI scores, special judge, user extra files, file I/O, interactive), each in every
 * installed language it applies to. A language whose toolchain is absent is skipped with the reason in
 * the test name.
 */
const SLOT = testSlot(0);
let bench: Bench;

beforeAll(async () => {
  bench = await Bench.create(SLOT, { compileCache: true });
});

afterAll(async () => {
  const leftovers = await bench.leftovers();
  await bench.dispose();
  expect(leftovers).toEqual([]);
});

const AB_CASES = [
  { in: '1 2\n', out: '3\n' },
  { in: '-5 5\n', out: '0\n' },
  { in: '1000000000 1000000000\n3 4\n', out: '2000000000\n7\n' },
];

/** `it` for one language, or a visible skip when its toolchain is absent or the fixture does not apply. */
function forEachLanguage(
  title: string,
  program: string,
  body: (language: string, code: string) => Promise<void>,
  timeout?: number,
) {
  for (const language of USER_LANGUAGES) {
    const missing = missingToolchain(language);
    const code = fixture(program, language);
    if (missing) it.skip(`${title} [${language}] — skipped: ${missing}`, () => undefined);
    else if (code === null)
      it.skip(`${title} [${language}] — no ${program} fixture for this language`, () => undefined);
    else it(`${title} [${language}]`, () => body(language, code), timeout);
  }
}

describe('self-test (detectLanguages)', () => {
  it('offers exactly the installed languages, with their A+B time and memory', async () => {
    const table = await detectLanguages({ sandbox: bench.sandbox, slot: SLOT, workRoot: bench.workRoot });
    const installed = LANGUAGES.filter((l) => missingToolchain(l.name) === null).map((l) => l.name);
    const failures = table.reports.filter((r) => !r.available && missingToolchain(r.name) === null);
    expect(failures).toEqual([]);
    expect(
      [...table.available.map((l) => l.name), 'SPJ-C', 'SPJ-C++', 'INTERACTIVE-C', 'INTERACTIVE-C++'].sort(),
    ).toEqual(installed.sort());
    for (const report of table.reports.filter((r) => r.available)) {
      expect(report.timeMs).toBeGreaterThanOrEqual(0);
      expect(report.memoryKb).toBeGreaterThan(0);
    }
    console.log(
      table.reports
        .map(
          (r) =>
            `${r.name.padEnd(16)} ${r.available ? `ok  ${r.timeMs} ms ${r.memoryKb} KB (compile ${r.compileMs ?? '-'} ms)` : `no  ${r.reason}`}`,
        )
        .join('\n'),
    );
  });
});

describe('A+B', () => {
  const problem = makeProblem({ timeLimit: 1000, memoryLimit: 128 });

  forEachLanguage('accepted', 'ab-ac', async (language, code) => {
    const r = await bench.judge(language, code, problem, AB_CASES);
    expect(r.errorMessage).toBeNull();
    expect(statuses(r.cases)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.memory).toBeGreaterThan(0);
    expect(r.progress.map((p) => p.status)).toEqual([6, 7, 7, 7, 7]);
  });

  forEachLanguage('wrong answer', 'ab-wa', async (language, code) => {
    const r = await bench.judge(language, code, problem, AB_CASES);
    expect(statuses(r.cases)).toEqual([
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.WRONG_ANSWER,
    ]);
    expect(r.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(r.cases[0]!.userOutput).toBe('4\n');
  });
});

describe('limits', () => {
  forEachLanguage('endless loop → time limit exceeded', 'loop', async (language, code) => {
    const problem = makeProblem({ timeLimit: 400, memoryLimit: 128 });
    const r = await bench.judge(language, code, problem, [{ in: '', out: '0\n' }]);
    const factored = 400 * LANGUAGES.find((l) => l.name === language)!.factor;
    expect(r.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(r.cases[0]!.time).toBeGreaterThan(factored);
    expect(r.time).toBe(factored); // reference §8.11: capped at the factored limit
  });

  forEachLanguage(
    'memory hog → memory limit exceeded',
    'memory',
    async (language, code) => {
      const problem = makeProblem({ timeLimit: 5000, memoryLimit: 64 });
      const r = await bench.judge(language, code, problem, [{ in: '', out: '0\n' }]);
      const factored = 64 * LANGUAGES.find((l) => l.name === language)!.factor;
      expect({ status: r.status, message: r.cases[0]!.userOutput }).toEqual({
        status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
        message: null,
      });
      expect(r.memory).toBe(factored * 1024);
    },
    30_000,
  );
});

describe('compile errors', () => {
  forEachLanguage(
    'syntax or type error → compile error with the compiler message',
    'ce',
    async (language, code) => {
      const r = await bench.judge(language, code, makeProblem(), AB_CASES);
      expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
      expect(r.cases).toEqual([]);
      expect(r.errorMessage?.length ?? 0).toBeGreaterThan(5);
      expect({ time: r.time, memory: r.memory }).toEqual({ time: 0, memory: 0 });
    },
  );
});

describe('verdicts that depend on the language', () => {
  for (const p of LANGUAGE_PROBLEMS) {
    const problem = makeProblem({
      ...p.problem,
      ...(p.judgeProgram
        ? { spjCode: fs.readFileSync(path.join(FIXTURES, 'judges', p.judgeProgram), 'utf8') }
        : {}),
    });
    const cases = p.cases.map((c) => ({
      in: `${c.input}\n`,
      out: c.answer === '' ? '' : `${c.answer}\n`,
      score: 10,
    }));
    forEachLanguage(
      p.name,
      p.fixture,
      async (language, code) => {
        const r = await bench.judge(language, code, problem, cases);
        expect(r.errorMessage, 'submission error').toBeNull();
        expectCases(p, r.cases, FAMILY[language]!);
        expect({ status: r.status, score: r.score }).toEqual({
          status: p.expect.status,
          score: p.expect.score ?? null,
        });
      },
      30_000,
    );
  }
});

/** Each case's status, score (OI) and message, shown together so a failure names every wrong case. */
function expectCases(
  p: LanguageProblem,
  actual: Awaited<ReturnType<Bench['judge']>>['cases'],
  family: string,
) {
  const rows = [...actual].sort((a, b) => a.seq - b.seq);
  const oi = p.problem.type === 1;
  const got = rows.map((row, i) => {
    const wanted = p.cases[i]?.message;
    const pattern = wanted === CRASHED ? CRASH_MESSAGE[family] : wanted;
    return {
      input: p.cases[i]?.input,
      status: row.status,
      ...(oi ? { score: row.score } : {}),
      ...(pattern ? { message: pattern.test(row.userOutput ?? '') ? 'matches' : row.userOutput } : {}),
    };
  });
  const want = p.cases.map((c) => {
    const pattern = c.message === CRASHED ? CRASH_MESSAGE[family] : c.message;
    return {
      input: c.input,
      status: c.status,
      ...(oi ? { score: c.score } : {}),
      ...(pattern ? { message: 'matches' } : {}),
    };
  });
  expect(got).toEqual(want);
}
