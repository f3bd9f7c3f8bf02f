import { JudgeStatus as S, type JudgeProblem } from '@verdict/shared';

/**
 * The problems every installed language must pass (languages.test.ts), for the verdicts whose outcome
 * depends on the language: how it crashes and exits, how its output reaches the comparison, the checker
 * and the interactor, and how it opens files. One submission per language and problem (one compile), the
 * categories spread over its cases.
 *
 * Most problems use test/fixtures/commands/, a small program that does what a case's input
 * "<command> <a> <b>" asks:
 *   sum       a+b
 *   trailing  a+b and a space before the newline
 *   leading   a space, then a+b
 *   wrong     a+b+1
 *   half      the word "half" (the special judge's 50 %)
 *   crash     a/b, with b = 0: the language's own failure (signal, exception, panic)
 *   exit      a+b, then exit status 3
 *   bonus     a+b plus the number in bonus.txt, a user extra file beside the program
 */
export interface LanguageCase {
  input: string;
  answer: string;
  status: number;
  /** OI case score expected (ACM: not checked). */
  score?: number;
  /** The case message must match; CRASHED: the language's own words for dividing by zero. */
  message?: RegExp | typeof CRASHED;
}

export interface LanguageProblem {
  name: string;
  /** Directory in test/fixtures/ holding the per-language programs. */
  fixture: string;
  problem: Partial<JudgeProblem>;
  /** File in test/fixtures/judges/ used as the checker or interactor (C++). */
  judgeProgram?: string;
  cases: LanguageCase[];
  expect: { status: number; score?: number };
}

export const CRASHED = Symbol('crashed');

/**
 * What the runtime writes to stderr when integer division by zero kills the program, by fixture family.
 * null: not checked (d8 prints uncaught exceptions to stdout).
 */
export const CRASH_MESSAGE: Record<string, RegExp | null> = {
  c: /exit status code: 8 \(Floating point exception\)/,
  cpp: /exit status code: 8 \(Floating point exception\)/,
  java: /java\.lang\.ArithmeticException: \/ by zero/,
  py2: /ZeroDivisionError/,
  py3: /ZeroDivisionError/,
  go: /integer divide by zero/,
  cs: /System\.DivideByZeroException/,
  php: /DivisionByZeroError/,
  node: /RangeError: Division by zero/,
  v8: null,
  rb: /ZeroDivisionError/,
  rs: /attempt to divide by zero/,
};

const EXIT_3 = /^The program return exit status code: 3\b/;

export const LANGUAGE_PROBLEMS: LanguageProblem[] = [
  {
    name: 'exact comparison (PE on), OI: AC, PE, WA, RE and a partial score',
    fixture: 'commands',
    problem: { type: 1, ioScore: 60, isRemoveEndBlank: false },
    cases: [
      { input: 'sum 1 2', answer: '3', status: S.ACCEPTED, score: 10 },
      // reference §8.9: equal once every blank is removed → presentation error
      { input: 'trailing 1 2', answer: '3', status: S.PRESENTATION_ERROR, score: 0 },
      { input: 'leading 1 2', answer: '3', status: S.PRESENTATION_ERROR, score: 0 },
      { input: 'wrong 1 2', answer: '3', status: S.WRONG_ANSWER, score: 0 },
      { input: 'crash 7 0', answer: '0', status: S.RUNTIME_ERROR, score: 0, message: CRASHED },
      // the right output does not save a non-zero exit status
      { input: 'exit 1 2', answer: '3', status: S.RUNTIME_ERROR, score: 0, message: EXIT_3 },
    ],
    expect: { status: S.PARTIAL_ACCEPTED, score: 10 },
  },
  {
    name: 'end blanks removed (PE off), ACM: trailing blanks AC, leading blank WA',
    fixture: 'commands',
    problem: { isRemoveEndBlank: true },
    cases: [
      { input: 'sum 1 2', answer: '3', status: S.ACCEPTED },
      // reference §8.9: only trailing blanks are forgiven and PE is never produced in this mode
      { input: 'trailing 1 2', answer: '3', status: S.ACCEPTED },
      { input: 'leading 1 2', answer: '3', status: S.WRONG_ANSWER },
      { input: 'wrong 1 2', answer: '3', status: S.WRONG_ANSWER },
    ],
    expect: { status: S.WRONG_ANSWER },
  },
  {
    name: 'special judge, OI: the output reaches the checker (AC, partial, PE, WA)',
    fixture: 'commands',
    problem: { type: 1, ioScore: 40, judgeMode: 'spj', spjLanguage: 'C++' },
    judgeProgram: 'hoj-protocol.cpp',
    cases: [
      { input: 'sum 1 2', answer: '3', status: S.ACCEPTED, score: 10 },
      { input: 'half 1 2', answer: '3', status: S.PARTIAL_ACCEPTED, score: 5, message: /half of it/ },
      { input: 'trailing 1 2', answer: '3', status: S.PRESENTATION_ERROR, score: 0, message: /format/ },
      { input: 'wrong 1 2', answer: '3', status: S.WRONG_ANSWER, score: 0, message: /expected 3/ },
    ],
    expect: { status: S.PARTIAL_ACCEPTED, score: 15 },
  },
  {
    name: 'user extra file: the program reads a data file placed beside it',
    fixture: 'commands',
    problem: { userExtraFile: { 'bonus.txt': '1000\n' } },
    cases: [
      { input: 'bonus 1 2', answer: '1003', status: S.ACCEPTED },
      { input: 'bonus -5 5', answer: '1000', status: S.ACCEPTED },
    ],
    expect: { status: S.ACCEPTED },
  },
  {
    name: 'file I/O: reads input.txt, writes output.txt',
    fixture: 'fileio',
    problem: { isFileIo: true, ioReadFileName: 'input.txt', ioWriteFileName: 'output.txt' },
    cases: [
      { input: '1 2', answer: '3', status: S.ACCEPTED },
      { input: '1000000000 1000000000\n3 4', answer: '2000000000\n7', status: S.ACCEPTED },
    ],
    expect: { status: S.ACCEPTED },
  },
  {
    name: 'interactive: a binary search that flushes each guess',
    fixture: 'guess',
    problem: { judgeMode: 'interactive', spjLanguage: 'C++', timeLimit: 1000 },
    judgeProgram: 'guess-interactor.cpp',
    cases: [
      { input: '1', answer: '', status: S.ACCEPTED },
      { input: '777777', answer: '', status: S.ACCEPTED },
      { input: '1000000', answer: '', status: S.ACCEPTED },
    ],
    expect: { status: S.ACCEPTED },
  },
];
