import { JudgeStatus as S, type JudgeProblem } from '@verdict/shared';
import type { CaseData } from './harness.ts';

/**
 * The regression problem set: small problems as data, each with submissions and the verdict and score
 * they must get. Programs come inline (`code`) or from test/fixtures/<fixture>/ (one file per language
 * family), judge programs from test/fixtures/judges/.
 */
export interface Expectation {
  status: number;
  /** OI final score (ACM problems: null). */
  score?: number | null;
  /** Case statuses by sequence; a shorter list means the later cases have no row. */
  cases?: number[];
  /** Case scores by sequence (OI). */
  caseScores?: number[];
  /** Matches the submission's error message, or else the first non-AC case's message. */
  message?: RegExp;
}

export interface Submission {
  title: string;
  languages: readonly string[];
  code?: string;
  fixture?: string;
  expect: Expectation;
}

export interface RegressionProblem {
  name: string;
  problem: Partial<JudgeProblem>;
  cases: CaseData[];
  /** File in test/fixtures/judges/ used as spjCode (C++). */
  judgeProgram?: string;
  submissions: Submission[];
}

const CPP = ['C++ With O2'];
const PY = ['Python3'];
const JAVA = ['Java'];
const C = ['C'];
const MAIN_LANGUAGES = ['C', 'C++ With O2', 'Python3', 'Java'];

const AB = [
  { in: '1 2\n', out: '3\n' },
  { in: '10 -3\n', out: '7\n' },
];

/** A C++ program printing what each case needs, chosen by the first number of the input. */
const cppPrint = (body: string) =>
  `#include <cstdio>\n#include <cstdlib>\nint main() {\n  long a = 0, b = 0;\n  if (std::scanf("%ld %ld", &a, &b) < 1) return 0;\n${body}\n  return 0;\n}\n`;

/** n² work with a CPU-time budget: burns about `ms` of CPU, then prints the sum. */
const burn = (ms: number) =>
  `#include <ctime>\n#include <cstdio>\nint main() {\n  long a, b;\n  std::scanf("%ld %ld", &a, &b);\n  volatile unsigned long x = 0;\n  while (std::clock() * 1000.0 / CLOCKS_PER_SEC < ${ms}) for (int i = 0; i < 100000; i++) x = x + i;\n  std::printf("%ld\\n", a + b);\n}\n`;

/** Touches `mb` MiB and then answers A+B. */
const touch = (mb: number) =>
  `#include <cstdio>\n#include <cstdlib>\nint main() {\n  long a, b;\n  std::scanf("%ld %ld", &a, &b);\n  volatile char *p = (volatile char *)std::malloc(${mb}L << 20);\n  for (long i = 0; i < (${mb}L << 20); i += 4096) p[i] = 1;\n  std::printf("%ld\\n", a + b + p[4096] - 1);\n}\n`;

/** Eight cases numbered 1..8 whose answer is the number itself; `score` each. */
const numbered = (count: number, score: number, group?: (i: number) => number): CaseData[] =>
  Array.from({ length: count }, (_, i) => ({
    in: `${i + 1}\n`,
    out: `${i + 1}\n`,
    score,
    group: group?.(i + 1),
  }));

/** Echoes n, except for the inputs listed (it prints 0 there). */
const echoExcept = (wrong: number[]) =>
  cppPrint(
    `  const long wrong[] = {${[...wrong, -1].join(', ')}};\n  bool bad = false;\n  for (long w : wrong) bad |= a == w;\n  std::printf("%ld\\n", bad ? 0 : a);`,
  );

export const PROBLEMS: RegressionProblem[] = [
  {
    name: 'A+B, end blanks removed (default)',
    problem: {},
    cases: AB,
    submissions: [
      {
        title: 'accepted',
        languages: MAIN_LANGUAGES,
        fixture: 'ab-ac',
        expect: { status: S.ACCEPTED, cases: [S.ACCEPTED, S.ACCEPTED] },
      },
      {
        title: 'wrong answer',
        languages: MAIN_LANGUAGES,
        fixture: 'ab-wa',
        expect: { status: S.WRONG_ANSWER },
      },
      {
        title: 'trailing blanks, CRLF and blank lines are accepted',
        languages: PY,
        code: 'a, b = map(int, input().split())\nprint(a + b, end="   \\r\\n\\n\\n")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'a leading blank is a wrong answer, never presentation error (§8.9)',
        languages: PY,
        code: 'a, b = map(int, input().split())\nprint(" " + str(a + b))\n',
        expect: { status: S.WRONG_ANSWER, cases: [S.WRONG_ANSWER, S.WRONG_ANSWER] },
      },
    ],
  },
  {
    name: 'A+B, exact comparison (is_remove_end_blank off)',
    problem: { isRemoveEndBlank: false },
    cases: [{ in: '1 2\n', out: '1 2\n3\n' }],
    submissions: [
      {
        title: 'exact bytes',
        languages: PY,
        code: 'a, b = map(int, input().split())\nprint(a, b)\nprint(a + b)\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'missing final newline → presentation error',
        languages: PY,
        code: 'a, b = map(int, input().split())\nprint(a, b)\nprint(a + b, end="")\n',
        expect: { status: S.PRESENTATION_ERROR },
      },
      {
        title: 'double space → presentation error',
        languages: CPP,
        code: cppPrint('  std::printf("%ld  %ld\\n%ld\\n", a, b, a + b);'),
        expect: { status: S.PRESENTATION_ERROR },
      },
      {
        title: 'wrong number → wrong answer',
        languages: CPP,
        code: cppPrint('  std::printf("%ld %ld\\n%ld\\n", a, b, a - b);'),
        expect: { status: S.WRONG_ANSWER },
      },
    ],
  },
  {
    name: 'empty expected output',
    problem: {},
    cases: [{ in: '1 2\n', out: '' }],
    submissions: [
      {
        title: 'prints nothing',
        languages: C,
        code: 'int main(void) { return 0; }\n',
        expect: { status: S.ACCEPTED },
      },
      { title: 'prints a blank line', languages: PY, code: 'print()\n', expect: { status: S.ACCEPTED } },
      { title: 'prints something', languages: PY, code: 'print(0)\n', expect: { status: S.WRONG_ANSWER } },
    ],
  },
  {
    name: 'time limit',
    problem: { timeLimit: 500 },
    cases: [{ in: '1 2\n', out: '3\n' }],
    submissions: [
      {
        title: '200 ms of work is accepted',
        languages: CPP,
        code: burn(200),
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'finishing at 600 ms (inside the +200 ms grace) is still TLE',
        languages: CPP,
        code: burn(600),
        expect: { status: S.TIME_LIMIT_EXCEEDED },
      },
      {
        title: 'endless loop',
        languages: ['C++', 'Python3', 'Java'],
        fixture: 'loop',
        expect: { status: S.TIME_LIMIT_EXCEEDED },
      },
      {
        title: 'sleeping is stopped by the wall clock',
        languages: PY,
        code: 'import time\ntime.sleep(60)\n',
        expect: { status: S.TIME_LIMIT_EXCEEDED },
      },
    ],
  },
  {
    name: 'memory limit',
    problem: { memoryLimit: 64, timeLimit: 2000 },
    cases: [{ in: '1 2\n', out: '3\n' }],
    submissions: [
      { title: '40 MiB fits in 64 MB', languages: CPP, code: touch(40), expect: { status: S.ACCEPTED } },
      {
        title: '80 MiB is over 64 MB (killed at M itself, issue 25)',
        languages: CPP,
        code: touch(80),
        expect: { status: S.MEMORY_LIMIT_EXCEEDED },
      },
      {
        title: '1 GiB is OOM-killed',
        languages: CPP,
        code: touch(1024),
        expect: { status: S.MEMORY_LIMIT_EXCEEDED },
      },
      {
        title: 'growing without end',
        languages: ['C++', 'Python3', 'Java', 'PyPy3'],
        fixture: 'memory',
        expect: { status: S.MEMORY_LIMIT_EXCEEDED },
      },
      {
        title: "Java's OutOfMemoryError (heap at -Xmx) is MLE",
        languages: JAVA,
        code: 'public class Main {\n  public static void main(String[] args) {\n    long[] big = new long[200 * 1024 * 1024];\n    System.out.println(big.length);\n  }\n}\n',
        expect: { status: S.MEMORY_LIMIT_EXCEEDED },
      },
    ],
  },
  {
    name: 'runtime errors',
    problem: {},
    cases: [{ in: '1 2\n', out: '3\n' }],
    submissions: [
      {
        title: 'segmentation fault',
        languages: CPP,
        code: 'int main() { volatile int *p = nullptr; *p = 1; return 0; }\n',
        expect: {
          status: S.RUNTIME_ERROR,
          message: /^The program return exit status code: 11 \(Segmentation fault\)/,
        },
      },
      {
        title: 'division by zero',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { volatile int x = 7, z = 0; printf("%d\\n", x / z); return 0; }\n',
        expect: { status: S.RUNTIME_ERROR, message: /exit status code: 8 \(Floating point exception\)/ },
      },
      {
        title: 'abort',
        languages: CPP,
        code: '#include <cstdlib>\nint main() { std::abort(); }\n',
        expect: { status: S.RUNTIME_ERROR, message: /exit status code: 6 \(Aborted\)/ },
      },
      {
        title: 'non-zero exit status',
        languages: C,
        code: 'int main(void) { return 3; }\n',
        expect: { status: S.RUNTIME_ERROR, message: /^The program return exit status code: 3$/ },
      },
      {
        title: 'Python exception, with its traceback',
        languages: PY,
        code: 'raise ValueError("boom")\n',
        expect: { status: S.RUNTIME_ERROR, message: /exit status code: 1\n[\s\S]*ValueError: boom/ },
      },
      {
        title: 'Java exception',
        languages: JAVA,
        code: 'public class Main {\n  public static void main(String[] args) {\n    int[] a = new int[1];\n    System.out.println(a[5]);\n  }\n}\n',
        expect: { status: S.RUNTIME_ERROR, message: /ArrayIndexOutOfBoundsException/ },
      },
    ],
  },
  {
    name: 'output limit',
    problem: { timeLimit: 3000 },
    cases: [{ in: '1 2\n', out: '3\n' }],
    submissions: [
      {
        title: 'C++ flooding stdout',
        languages: CPP,
        code: '#include <cstdio>\nint main() { static char b[1 << 16]; for (int i = 0; i < (1 << 16); i++) b[i] = 120; for (;;) fwrite(b, 1, sizeof b, stdout); }\n',
        expect: {
          status: S.RUNTIME_ERROR,
          message: /^The output character length of the program exceeds the limit/,
        },
      },
      {
        title: 'Python flooding stdout (it ignores SIGXFSZ)',
        languages: PY,
        code: 'import sys\ns = "x" * 65536\nwhile True:\n    sys.stdout.write(s)\n',
        expect: { status: S.RUNTIME_ERROR, message: /exceeds the limit/ },
      },
    ],
  },
  {
    name: 'compile errors',
    problem: {},
    cases: AB,
    submissions: [
      {
        title: 'compiler message',
        languages: MAIN_LANGUAGES,
        fixture: 'ce',
        expect: { status: S.COMPILE_ERROR, message: /\S/ },
      },
      {
        title: 'C++ error names the problem',
        languages: CPP,
        code: 'int main() { return missing_name; }\n',
        expect: { status: S.COMPILE_ERROR, message: /missing_name/ },
      },
      {
        title: 'Java without class Main leaves no executable → Submitted Failed',
        languages: JAVA,
        code: 'class Solution {\n  public static void main(String[] args) {}\n}\n',
        expect: { status: S.SUBMITTED_FAILED },
      },
    ],
  },
  {
    name: 'stack limit',
    problem: { stackLimit: 256, timeLimit: 2000, memoryLimit: 256 },
    cases: [{ in: '1000000\n', out: '1000000\n' }],
    submissions: [
      {
        title: 'recursion 10⁶ deep fits a 256 MB stack',
        languages: ['C++'],
        code: '#include <cstdio>\nlong depth(long n) { volatile char pad[64]; pad[0] = 0; return n == 0 ? pad[0] : 1 + depth(n - 1); }\nint main() { long n; std::scanf("%ld", &n); std::printf("%ld\\n", depth(n)); }\n',
        expect: { status: S.ACCEPTED },
      },
    ],
  },
  {
    name: 'stack limit, small',
    problem: { stackLimit: 8, timeLimit: 2000, memoryLimit: 256 },
    cases: [{ in: '1000000\n', out: '1000000\n' }],
    submissions: [
      {
        title: 'the same recursion overflows an 8 MB stack',
        languages: ['C++'],
        code: '#include <cstdio>\nlong depth(long n) { volatile char pad[64]; pad[0] = 0; return n == 0 ? pad[0] : 1 + depth(n - 1); }\nint main() { long n; std::scanf("%ld", &n); std::printf("%ld\\n", depth(n)); }\n',
        expect: { status: S.RUNTIME_ERROR, message: /Segmentation fault/ },
      },
    ],
  },
  {
    name: 'large output',
    problem: {},
    cases: [
      {
        in: '200000\n',
        out: Array.from({ length: 200_000 }, (_, i) => `${i} ${i * 2}`).join('\n') + '\n',
      },
    ],
    submissions: [
      {
        title: '200 000 lines',
        languages: CPP,
        code: '#include <cstdio>\nint main() { int n; std::scanf("%d", &n); for (int i = 0; i < n; i++) std::printf("%d %d\\n", i, 2 * i); }\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'one wrong line among them',
        languages: PY,
        code: 'import sys\nn = int(input())\nsys.stdout.write("".join(f"{i} {i * 2 + (i == 123456)}\\n" for i in range(n)))\n',
        expect: { status: S.WRONG_ANSWER },
      },
    ],
  },
  {
    name: 'output is not memory',
    problem: { memoryLimit: 8, timeLimit: 2000 },
    cases: [{ in: '2000000\n', out: '1234567890\n'.repeat(2_000_000) }],
    submissions: [
      {
        title: '22 MB of output under an 8 MB memory limit (stdout is a pipe, not page cache)',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { int n; scanf("%d", &n); while (n--) fputs("1234567890\\n", stdout); return 0; }\n',
        expect: { status: S.ACCEPTED },
      },
    ],
  },
  {
    name: 'OI, default mode, partial score',
    problem: { type: 1, ioScore: 100 },
    cases: numbered(4, 25),
    submissions: [
      {
        title: 'two of four',
        languages: CPP,
        code: echoExcept([2, 4]),
        expect: { status: S.PARTIAL_ACCEPTED, score: 50, caseScores: [25, 0, 25, 0] },
      },
      {
        title: 'none',
        languages: CPP,
        code: echoExcept([1, 2, 3, 4]),
        expect: { status: S.WRONG_ANSWER, score: 0 },
      },
      { title: 'all', languages: PY, code: 'print(input())\n', expect: { status: S.ACCEPTED, score: 100 } },
    ],
  },
  {
    name: 'OI, all AC scores io_score even when the cases sum to less',
    problem: { type: 1, ioScore: 100 },
    cases: numbered(3, 30),
    submissions: [
      {
        title: 'all AC',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { int n; scanf("%d", &n); printf("%d\\n", n); return 0; }\n',
        expect: { status: S.ACCEPTED, score: 100 },
      },
    ],
  },
  {
    name: 'ACM, ergodic_without_error stops at the first error',
    problem: { judgeCaseMode: 'ergodic_without_error' },
    cases: numbered(5, 0),
    submissions: [
      {
        title: 'fails case 3',
        languages: CPP,
        code: echoExcept([3, 5]),
        expect: { status: S.WRONG_ANSWER, cases: [S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER] },
      },
      {
        title: 'all pass',
        languages: CPP,
        code: echoExcept([]),
        expect: { status: S.ACCEPTED, cases: [0, 0, 0, 0, 0] },
      },
    ],
  },
  {
    name: 'OI, ergodic_without_error',
    problem: { type: 1, judgeCaseMode: 'ergodic_without_error', ioScore: 40 },
    cases: numbered(4, 10),
    submissions: [
      {
        title: 'fails case 2: later cases are not run, score of the run ones',
        languages: CPP,
        code: echoExcept([2]),
        expect: { status: S.PARTIAL_ACCEPTED, score: 10, cases: [S.ACCEPTED, S.WRONG_ANSWER] },
      },
    ],
  },
  {
    name: 'OI, subtask_lowest',
    problem: { type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 30 },
    // group 1: cases 1–2 (10 each), group 2: cases 3–5 (10 each), group 3: cases 6–7
    cases: numbered(7, 10, (i) => (i <= 2 ? 1 : i <= 5 ? 2 : 3)),
    submissions: [
      {
        title: 'a failure skips the rest of its group (Cancelled) and the next group still runs',
        languages: CPP,
        code: echoExcept([3]),
        expect: {
          status: S.PARTIAL_ACCEPTED,
          // groups: min(10, 10) + min(0, 0, 0) + min(10, 10)
          score: 20,
          cases: [S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER, S.CANCELLED, S.CANCELLED, S.ACCEPTED, S.ACCEPTED],
          caseScores: [10, 10, 0, 0, 0, 10, 10],
        },
      },
      {
        title: 'all pass',
        languages: PY,
        code: 'print(input())\n',
        expect: { status: S.ACCEPTED, score: 30 },
      },
    ],
  },
  {
    name: 'OI, subtask_average',
    problem: { type: 1, judgeCaseMode: 'subtask_average', ioScore: 20 },
    // group 1: cases 1–3 (10 each), group 2: case 4 (10)
    cases: numbered(4, 10, (i) => (i <= 3 ? 1 : 2)),
    submissions: [
      {
        title: 'round(mean) per group, every case runs',
        languages: CPP,
        code: echoExcept([1]),
        // group 1: round((0 + 10 + 10) / 3) = 7; group 2: 10
        expect: {
          status: S.PARTIAL_ACCEPTED,
          score: 17,
          cases: [S.WRONG_ANSWER, S.ACCEPTED, S.ACCEPTED, S.ACCEPTED],
        },
      },
    ],
  },
  {
    name: 'special judge, HOJ exit codes',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'hoj-protocol.cpp',
    cases: [{ in: '1 2\n', out: '1.5\n' }],
    submissions: [
      {
        title: 'accepted within tolerance',
        languages: PY,
        code: 'print("1.5000001")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'presentation error (exit 101)',
        languages: PY,
        code: 'print("  1.5")\n',
        expect: { status: S.PRESENTATION_ERROR, message: /format/ },
      },
      {
        title: 'wrong answer (exit 102)',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { puts("2"); return 0; }\n',
        expect: { status: S.WRONG_ANSWER, message: /expected 1.5/ },
      },
      {
        title: 'partial on an ACM problem is Partial Accepted',
        languages: PY,
        code: 'print("half")\n',
        expect: { status: S.PARTIAL_ACCEPTED },
      },
      {
        title: 'a crash is judged before the checker runs',
        languages: CPP,
        code: 'int main() { return 4; }\n',
        expect: { status: S.RUNTIME_ERROR },
      },
    ],
  },
  {
    name: 'special judge, OI partial (exit 99)',
    problem: { type: 1, judgeMode: 'spj', spjLanguage: 'C++', ioScore: 30 },
    judgeProgram: 'hoj-protocol.cpp',
    cases: [
      { in: '1\n', out: '1\n', score: 10 },
      { in: '2\n', out: '2\n', score: 10 },
      { in: '3\n', out: '3\n', score: 10 },
    ],
    submissions: [
      {
        title: 'half of case 2, all of 1 and 3',
        languages: CPP,
        code: cppPrint('  if (a == 2) std::printf("half\\n"); else std::printf("%ld\\n", a);'),
        expect: {
          status: S.PARTIAL_ACCEPTED,
          score: 25,
          cases: [S.ACCEPTED, S.PARTIAL_ACCEPTED, S.ACCEPTED],
          caseScores: [10, 5, 10],
        },
      },
    ],
  },
  {
    name: 'special judge, testlib exit codes and messages',
    problem: { type: 1, judgeMode: 'spj', spjLanguage: 'C++', ioScore: 40 },
    judgeProgram: 'testlib-style.cpp',
    cases: [{ in: '7\n', out: '7\n', score: 40 }],
    submissions: [
      {
        title: 'ok (exit 0)',
        languages: PY,
        code: 'print(input())\n',
        expect: { status: S.ACCEPTED, score: 40 },
      },
      {
        title: 'wrong answer (exit 1)',
        languages: PY,
        code: 'print(8)\n',
        expect: { status: S.WRONG_ANSWER, message: /^wrong answer expected 7, found 8/ },
      },
      {
        title: 'points 25 → 25 % of 40',
        languages: PY,
        code: 'print(-1)\n',
        expect: { status: S.PARTIAL_ACCEPTED, score: 10 },
      },
      {
        title: 'wrong output format is WA with a hint (§13.8)',
        languages: PY,
        code: 'print(-2)\n',
        expect: {
          status: S.WRONG_ANSWER,
          message: /^May be output presentation error\. wrong output format/,
        },
      },
    ],
  },
  {
    name: 'special judge, FAIL is a system error',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'testlib-style.cpp',
    cases: [{ in: '7\n', out: 'broken\n' }],
    submissions: [
      {
        title: 'checker fails',
        languages: PY,
        code: 'print(7)\n',
        expect: { status: S.SYSTEM_ERROR, message: /FAIL the answer file is broken/ },
      },
    ],
  },
  {
    name: 'special judge with judge extra files',
    problem: {
      judgeMode: 'spj',
      spjLanguage: 'C++',
      judgeExtraFile: { 'tolerance.h': '#define TOLERANCE 2\n', 'bonus.txt': '100\n' },
    },
    judgeProgram: 'with-extra-files.cpp',
    cases: [{ in: '5\n', out: '5\n' }],
    submissions: [
      {
        title: 'answer + bonus within tolerance',
        languages: PY,
        code: 'print(int(input()) + 101)\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'outside tolerance',
        languages: PY,
        code: 'print(int(input()))\n',
        expect: { status: S.WRONG_ANSWER },
      },
    ],
  },
  {
    name: 'special judge that does not compile',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'broken.cpp',
    cases: [{ in: '1\n', out: '1\n' }],
    submissions: [
      {
        title: 'system error with the compiler message',
        languages: PY,
        code: 'print(1)\n',
        expect: { status: S.SYSTEM_ERROR, message: /undefined_symbol/ },
      },
    ],
  },
  {
    name: 'interactive, guess the number',
    problem: { judgeMode: 'interactive', spjLanguage: 'C++', timeLimit: 1000 },
    judgeProgram: 'guess-interactor.cpp',
    cases: [
      { in: '1\n', out: '' },
      { in: '777777\n', out: '' },
      { in: '1000000\n', out: '' },
    ],
    submissions: [
      {
        // every installed language: languages.test.ts, "verdicts that depend on the language"
        title: 'binary search',
        languages: CPP,
        fixture: 'guess',
        expect: { status: S.ACCEPTED, cases: [0, 0, 0] },
      },
      {
        title: 'always guessing 1 runs out of guesses',
        languages: CPP,
        code: '#include <iostream>\n#include <string>\nint main() { std::string r; for (;;) { std::cout << 1 << std::endl; if (!(std::cin >> r) || r == "=") return 0; } }\n',
        expect: {
          status: S.WRONG_ANSWER,
          cases: [S.ACCEPTED, S.WRONG_ANSWER, S.WRONG_ANSWER],
          message: /too many guesses/,
        },
      },
      {
        title: 'ending without a guess',
        languages: PY,
        code: 'pass\n',
        expect: { status: S.WRONG_ANSWER, message: /unexpected end/ },
      },
      {
        title: 'crashing after a guess is a runtime error',
        languages: CPP,
        code: '#include <iostream>\n#include <cstdlib>\nint main() { std::cout << 500000 << std::endl; std::string r; std::cin >> r; std::abort(); }\n',
        expect: { status: S.RUNTIME_ERROR, message: /Aborted/ },
      },
      {
        title: 'never answering is a time limit',
        languages: CPP,
        code: 'int main() { volatile unsigned long x = 0; for (;;) x = x + 1; }\n',
        expect: { status: S.TIME_LIMIT_EXCEEDED },
      },
    ],
  },
  // issue 29: testlib programs compiled against the judge's own testlib.h (no judge extra file), judged
  // by testlib's exit codes because their source includes it (grading/testlib.ts): ok 0 → AC, wa 1 →
  // WA, pe 2 → PE (not HOJ's WA), fail 3 → System Error, points 7 → "points X" as X % of the case score
  {
    name: 'testlib wcmp (standard checker, tokens)',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'testlib/wcmp.cpp',
    cases: [{ in: '\n', out: 'hello world 42\n' }],
    submissions: [
      {
        title: 'the same tokens, other blanks',
        languages: PY,
        code: 'print("hello   world\\n42  ")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'a different token',
        languages: PY,
        code: 'print("hello world 43")\n',
        expect: {
          status: S.WRONG_ANSWER,
          message: /^wrong answer 3rd words differ - expected: '42', found: '43'/,
        },
      },
      {
        title: 'an extra token',
        languages: PY,
        code: 'print("hello world 42 !")\n',
        expect: { status: S.WRONG_ANSWER, message: /^wrong answer Participant output contains extra tokens/ },
      },
    ],
  },
  {
    name: 'testlib ncmp (standard checker, integers)',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'testlib/ncmp.cpp',
    cases: [{ in: '\n', out: '1 2 -3\n' }],
    submissions: [
      {
        title: 'the same integers',
        languages: PY,
        code: 'print("1\\n2\\n-3")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'a different integer',
        languages: PY,
        code: 'print("1 2 3")\n',
        expect: {
          status: S.WRONG_ANSWER,
          message: /^wrong answer 3rd numbers differ - expected: '-3', found: '3'/,
        },
      },
      {
        title: 'not an integer: testlib _pe is Presentation Error',
        languages: PY,
        code: 'print("1 2 x")\n',
        expect: {
          status: S.PRESENTATION_ERROR,
          message: /^wrong output format Expected integer, but "x" found/,
        },
      },
    ],
  },
  {
    name: 'testlib rcmp6 (standard checker, reals to 1e-6)',
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'testlib/rcmp6.cpp',
    cases: [{ in: '\n', out: '1.5\n' }],
    submissions: [
      {
        title: 'off by 1e-7: accepted',
        languages: PY,
        code: 'print("1.5000001")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'off by 1e-5: rejected',
        languages: PY,
        code: 'print("1.50001")\n',
        expect: { status: S.WRONG_ANSWER, message: /^wrong answer 1st numbers differ/ },
      },
    ],
  },
  {
    name: 'testlib points checker, OI: quitp(X) is X % of the case score',
    problem: { type: 1, judgeMode: 'spj', spjLanguage: 'C++', ioScore: 100 },
    judgeProgram: 'testlib/points.cpp',
    cases: [
      { in: '5\n', out: '5\n', score: 20 },
      { in: '6\n', out: '6\n', score: 20 },
      { in: '7\n', out: '7\n', score: 20 },
      { in: '8\n', out: '8\n', score: 20 },
    ],
    submissions: [
      {
        title: 'exact, off by one (25 %), off by two (60.5 %), wrong',
        languages: PY,
        code: 'n = int(input())\nprint(n + {5: 0, 6: 1, 7: -2, 8: 5}[n])\n',
        expect: {
          status: S.PARTIAL_ACCEPTED,
          // floor(25 % × 20) = 5, floor(60.5 % × 20) = 12
          score: 37,
          cases: [S.ACCEPTED, S.PARTIAL_ACCEPTED, S.PARTIAL_ACCEPTED, S.WRONG_ANSWER],
          caseScores: [20, 5, 12, 0],
        },
      },
      {
        title: 'all exact',
        languages: PY,
        code: 'print(input())\n',
        expect: { status: S.ACCEPTED, score: 100 },
      },
    ],
  },
  {
    name: "testlib checker that calls quitf(_fail): System Error, the checker's",
    problem: { judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'testlib/points.cpp',
    cases: [{ in: '1\n', out: '-1\n' }],
    submissions: [
      {
        title: 'the checker fails',
        languages: PY,
        code: 'print(1)\n',
        expect: {
          status: S.SYSTEM_ERROR,
          message:
            /^The checker failed \(testlib FAIL\).*not of the submission\. FAIL the answer -1 is negative/,
        },
      },
    ],
  },
  {
    name: 'testlib interactor, guess the number in at most 20 guesses',
    problem: { judgeMode: 'interactive', spjLanguage: 'C++', timeLimit: 1000 },
    judgeProgram: 'testlib/guess-interactor.cpp',
    cases: [
      { in: '1\n', out: '' },
      { in: '777777\n', out: '' },
      { in: '1000000\n', out: '' },
    ],
    submissions: [
      {
        title: 'binary search',
        languages: CPP,
        fixture: 'guess',
        expect: { status: S.ACCEPTED, cases: [0, 0, 0] },
      },
      {
        title: 'always guessing 1 runs out of guesses',
        languages: CPP,
        code: '#include <iostream>\n#include <string>\nint main() { std::string r; for (;;) { std::cout << 1 << std::endl; if (!(std::cin >> r) || r == "=") return 0; } }\n',
        expect: {
          status: S.WRONG_ANSWER,
          cases: [S.ACCEPTED, S.WRONG_ANSWER, S.WRONG_ANSWER],
          message: /^wrong answer too many guesses: 20 is the limit/,
        },
      },
      {
        title: 'a word instead of a guess is Presentation Error',
        languages: PY,
        code: 'print("hello", flush=True)\n',
        expect: {
          status: S.PRESENTATION_ERROR,
          message: /^wrong output format Expected integer, but "hello" found/,
        },
      },
    ],
  },
  {
    name: 'file I/O',
    problem: { isFileIo: true, ioReadFileName: 'input.txt', ioWriteFileName: 'output.txt' },
    cases: AB,
    submissions: [
      {
        // every installed language: languages.test.ts, "verdicts that depend on the language"
        title: 'reads input.txt, writes output.txt',
        languages: CPP,
        fixture: 'fileio',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'writing to stdout instead leaves output.txt missing (empty output)',
        languages: PY,
        fixture: 'ab-ac',
        expect: { status: S.WRONG_ANSWER },
      },
      {
        title: 'output.txt cannot be replaced by a symlink to a host file',
        languages: PY,
        code: 'import os\ntry:\n    os.remove("output.txt")\n    os.symlink("/etc/hostname", "output.txt")\nexcept OSError:\n    pass\n',
        expect: { status: S.WRONG_ANSWER },
      },
    ],
  },
  {
    name: 'file I/O with other names',
    problem: {
      isFileIo: true,
      ioReadFileName: 'data.in',
      ioWriteFileName: 'data.out',
      isRemoveEndBlank: false,
    },
    cases: [{ in: '4 5\n', out: '9\n' }],
    submissions: [
      {
        title: 'scratch files go to the tmpfs, not the host disk',
        languages: PY,
        code: 'open("scratch.bin", "wb").write(b"x" * (1 << 20))\na, b = map(int, open("data.in").read().split())\nopen("data.out", "w").write(f"{a + b}\\n")\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'exact output through the file',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { int a, b; FILE *i = fopen("data.in", "r"), *o = fopen("data.out", "w"); fscanf(i, "%d %d", &a, &b); fprintf(o, "%d\\n", a + b); return 0; }\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'no newline → presentation error',
        languages: C,
        code: '#include <stdio.h>\nint main(void) { int a, b; FILE *i = fopen("data.in", "r"), *o = fopen("data.out", "w"); fscanf(i, "%d %d", &a, &b); fprintf(o, "%d", a + b); return 0; }\n',
        expect: { status: S.PRESENTATION_ERROR },
      },
    ],
  },
  {
    name: 'user extra files',
    problem: {
      userExtraFile: {
        'adder.h': 'static inline long add(long a, long b) { return a + b; }\n',
        'adder.py': 'def add(a, b):\n    return a + b\n',
      },
    },
    cases: AB,
    submissions: [
      {
        title: 'C++ includes the header',
        languages: CPP,
        code: '#include <cstdio>\n#include "adder.h"\nint main() { long a, b; std::scanf("%ld %ld", &a, &b); std::printf("%ld\\n", add(a, b)); }\n',
        expect: { status: S.ACCEPTED },
      },
      {
        title: 'Python imports the module',
        languages: PY,
        code: 'from adder import add\na, b = map(int, input().split())\nprint(add(a, b))\n',
        expect: { status: S.ACCEPTED },
      },
    ],
  },
];
