import fs from 'node:fs';
import path from 'node:path';
import { JudgeStatus as S, type TestRunTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeSubmission, runTestTask } from '../../src/grading/index.ts';
import { Bench, FIXTURES, fixture, makeProblem, testSlot } from './harness.ts';

/** The edges of a task: online test runs (§8.12), cancellation, problem defects, checker caching, slots. */
const SLOT = testSlot(3);
let bench: Bench;
let other: Bench;

beforeAll(async () => {
  bench = await Bench.create(SLOT);
  other = await Bench.create(testSlot(4));
});

afterAll(async () => {
  const leftovers = [...(await bench.leftovers()), ...(await other.leftovers())];
  await bench.dispose();
  other.dispose();
  expect(leftovers).toEqual([]);
});

function testTask(
  language: string,
  code: string,
  input: string,
  expectedOutput: string | null,
  problem = makeProblem(),
): TestRunTask {
  return {
    kind: 'test',
    id: 'test-1',
    attempt: 1,
    leaseMs: 60_000,
    language,
    code,
    input,
    expectedOutput,
    problem,
  };
}

describe('online test runs (reference §8.12)', () => {
  const ab = fixture('ab-ac', 'Python3')!;

  it('runs once on the input plus "\\n" and compares with the expected output after rtrim', async () => {
    const r = await runTestTask(
      testTask('Python3', 'import sys\nprint(repr(sys.stdin.read()), end="  \\n\\n")\n', '1 2', "'1 2\\n'"),
      bench.context(),
    );
    expect(r).toMatchObject({ status: S.ACCEPTED, output: "'1 2\\n'  \n\n", errorMessage: null });
  });

  it('is WA, never PE, when the output differs', async () => {
    const exact = makeProblem({ isRemoveEndBlank: false });
    expect((await runTestTask(testTask('Python3', ab, '1 2', '3'), bench.context())).status).toBe(S.ACCEPTED);
    expect((await runTestTask(testTask('Python3', ab, '1 2', '3', exact), bench.context())).status).toBe(
      S.WRONG_ANSWER,
    );
    expect((await runTestTask(testTask('Python3', ab, '1 2', '4'), bench.context())).status).toBe(
      S.WRONG_ANSWER,
    );
  });

  it('is AC after a clean run without an expected output, and cuts the output at 1000 characters', async () => {
    const r = await runTestTask(
      testTask(
        'C',
        '#include <stdio.h>\nint main(void) { for (int i = 0; i < 5000; i++) putchar(97); return 0; }\n',
        'x',
        null,
      ),
      bench.context(),
    );
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.output).toBe(`${'a'.repeat(1000)}...`);
    expect(r.time).toBeGreaterThanOrEqual(0);
    expect(r.memory).toBeGreaterThan(0);
  });

  it('appends stderr to the message and reports runtime errors', async () => {
    const r = await runTestTask(
      testTask(
        'Python3',
        'import sys\nprint("out")\nsys.stderr.write("debug line\\n")\nsys.exit(2)\n',
        '',
        null,
      ),
      bench.context(),
    );
    expect(r.status).toBe(S.RUNTIME_ERROR);
    expect(r.output).toBe('out\n');
    expect(r.errorMessage).toBe('The program return exit status code: 2\ndebug line');
  });

  it('reports compile errors with the compiler output', async () => {
    const r = await runTestTask(testTask('C++', 'int main() { return nope; }\n', '', null), bench.context());
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/nope/);
  });

  it('applies the factored time limit', async () => {
    const r = await runTestTask(
      testTask('Python3', 'while True:\n    pass\n', '', null, makeProblem({ timeLimit: 200 })),
      bench.context(),
    );
    expect(r).toMatchObject({ status: S.TIME_LIMIT_EXCEEDED, time: 400 });
  });

  it('runs special-judge problems as plain programs', async () => {
    const spj = makeProblem({ judgeMode: 'spj', spjCode: 'int main() { return 1; }', spjLanguage: 'C++' });
    expect((await runTestTask(testTask('Python3', ab, '5 6', null, spj), bench.context())).output).toBe(
      '11\n',
    );
  });

  it('uses the file names of file-I/O problems', async () => {
    const io = makeProblem({ isFileIo: true, ioReadFileName: 'in.txt', ioWriteFileName: 'out.txt' });
    const code = 'a, b = map(int, open("in.txt").read().split())\nopen("out.txt", "w").write(str(a * b))\n';
    expect(await runTestTask(testTask('Python3', code, '6 7', '42', io), bench.context())).toMatchObject({
      status: S.ACCEPTED,
      output: '42',
    });
  });

  it('answers System Error for a language this judge does not have', async () => {
    expect((await runTestTask(testTask('Brainfuck', '+', '', null), bench.context())).status).toBe(
      S.SYSTEM_ERROR,
    );
  });
});

describe('submission edges', () => {
  const ab = fixture('ab-ac', 'C')!;
  const cases = [
    { in: '1 2\n', out: '3\n' },
    { in: '3 4\n', out: '7\n' },
    { in: '5 6\n', out: '11\n' },
  ];

  it('stops at once when the progress report says the task is gone', async () => {
    let reports = 0;
    const task = bench.task('C', ab, makeProblem(), cases);
    const r = await judgeSubmission(task, bench.context(), async (status) => {
      reports++;
      return status === S.COMPILING || reports < 4; // 6, 7, case 1 → continue; case 2 → stop
    });
    expect(r.status).toBe(S.CANCELLED);
    expect(reports).toBe(4);
    expect(fs.readdirSync(bench.workRoot)).toEqual([]);
  });

  it('fetches every test file while the program compiles, in case order (issue 25 latency)', async () => {
    const base = bench.context();
    const asked: string[] = [];
    let compiled = false;
    const fetchedWhileCompiling: string[] = [];
    const task = bench.task('C', ab, makeProblem(), cases);
    const r = await judgeSubmission(
      task,
      {
        ...base,
        testData: (ref) => {
          asked.push(ref.name);
          if (!compiled) fetchedWhileCompiling.push(ref.name);
          return base.testData(ref);
        },
      },
      async (status) => ((compiled ||= status === S.JUDGING), true),
    );
    expect(r.status).toBe(S.ACCEPTED);
    const files = task.testCases.flatMap((c) => [c.input.name, c.output.name]);
    expect(fetchedWhileCompiling).toEqual(files);
    expect(asked.slice(0, files.length)).toEqual(files);
  });

  it('hands the removal of its scratch files to `afterwards` when given, still running', async () => {
    const removals: Promise<void>[] = [];
    const r = await judgeSubmission(
      bench.task('C', ab, makeProblem(), cases),
      { ...bench.context(), afterwards: (removal) => removals.push(removal) },
      async () => true,
    );
    expect(r.status).toBe(S.ACCEPTED);
    expect(removals).toHaveLength(1);
    await removals[0];
    expect(fs.readdirSync(bench.workRoot)).toEqual([]);
  });

  it('stops before compiling when the first report is refused', async () => {
    const r = await judgeSubmission(
      bench.task('C', ab, makeProblem(), cases),
      bench.context(),
      async () => false,
    );
    expect(r.status).toBe(S.CANCELLED);
  });

  it('answers System Error for an unknown language, no test cases, or unsafe file names', async () => {
    expect((await bench.judge('Cobol', 'x', makeProblem(), cases)).status).toBe(S.SYSTEM_ERROR);
    const none = await bench.judge('C', ab, makeProblem(), []);
    expect(none).toMatchObject({
      status: S.SYSTEM_ERROR,
      errorMessage: 'The test cases of this problem were not found.',
    });
    const unsafe = await bench.judge('C', ab, makeProblem({ userExtraFile: { '../escape.h': '' } }), cases);
    expect(unsafe.status).toBe(S.SYSTEM_ERROR);
    const noChecker = await bench.judge('C', ab, makeProblem({ judgeMode: 'spj' }), cases);
    expect(noChecker).toMatchObject({
      status: S.SYSTEM_ERROR,
      errorMessage: 'The special judge or interactive program code does not exist.',
    });
  });

  it('compiles a checker once and reuses it across submissions and slots', async () => {
    const checker = fs.readFileSync(path.join(FIXTURES, 'judges', 'testlib-style.cpp'), 'utf8');
    const problem = makeProblem({ judgeMode: 'spj', spjCode: checker, spjLanguage: 'C++' });
    const shared = { ...bench.context(), checkerCache: path.join(bench.root, 'shared-checkers') };
    const judge = (b: Bench) =>
      judgeSubmission(
        b.task('C', ab, problem, cases),
        { ...b.context(), checkerCache: shared.checkerCache },
        async () => true,
      );
    const [first, second] = await Promise.all([judge(bench), judge(other)]);
    expect([first.status, second.status]).toEqual([S.ACCEPTED, S.ACCEPTED]);
    expect((await judge(bench)).status).toBe(S.ACCEPTED);
    expect(fs.readdirSync(shared.checkerCache)).toHaveLength(1);
  });

  it('judges two submissions at once in two slots', async () => {
    const loop = fixture('loop', 'C')!;
    const [slow, fast] = await Promise.all([
      bench.judge('C', loop, makeProblem({ timeLimit: 500 }), cases.slice(0, 1)),
      other.judge('Python3', fixture('ab-ac', 'Python3')!, makeProblem(), cases),
    ]);
    expect([slow.status, fast.status]).toEqual([S.TIME_LIMIT_EXCEEDED, S.ACCEPTED]);
  });

  it('reports each case as it finishes, with file names and modes', async () => {
    const r = await bench.judge('C', ab, makeProblem({ type: 1, ioScore: 30 }), cases);
    expect(r.progress.map((p) => [p.status, p.cases.map((c) => c.seq)])).toEqual([
      [S.COMPILING, []],
      [S.JUDGING, []],
      [S.JUDGING, [1]],
      [S.JUDGING, [2]],
      [S.JUDGING, [3]],
    ]);
    expect(r.cases[1]).toMatchObject({
      seq: 2,
      inputData: '2.in',
      outputData: '2.out',
      mode: 'default',
      groupNum: null,
      score: 10,
    });
    expect(r.score).toBe(30);
  });
});
