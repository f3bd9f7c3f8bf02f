import fs from 'node:fs';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import type { CheckerExit } from '../../src/grading/checker-result.ts';
import { interpretTestlibExit, testlibInclude, TESTLIB_DIR, usesTestlib } from '../../src/grading/testlib.ts';

/** Pure: testlib's exit codes and stderr as testlib.h 0.9.45 writes them (issue 29). */
const exited = (exitCode: number, stderr = ''): CheckerExit => ({
  status: exitCode === 0 ? 'ok' : 'runtime-error',
  exitCode,
  signal: null,
  stdout: '',
  stderr,
});

describe('a testlib checker is one whose source includes testlib.h', () => {
  it('quoted or angled, with blanks; not a comment or another header', () => {
    expect(usesTestlib('#include "testlib.h"\nint main() {}')).toBe(true);
    expect(usesTestlib('// checker\n  #  include <testlib.h>\n')).toBe(true);
    expect(usesTestlib('#include <cstdio>\n// #include "testlib.h"\n')).toBe(false);
    expect(usesTestlib('#include "mytestlib.h"\n')).toBe(false);
    expect(usesTestlib('#include <bits/stdc++.h>\nint main() { return 100; }\n')).toBe(false);
  });

  it('the shipped testlib.h and its licence are where the include bind points', () => {
    const header = fs.readFileSync(path.join(TESTLIB_DIR, 'testlib.h'), 'utf8');
    expect(header).toContain('#define VERSION "0.9.45"');
    expect(fs.readFileSync(path.join(TESTLIB_DIR, 'LICENSE'), 'utf8')).toContain('The MIT License');
    expect(testlibInclude()).toEqual({
      args: ['-I', '/verdict-testlib'],
      bind: { source: TESTLIB_DIR, target: '/verdict-testlib' },
    });
  });
});

describe('testlib exit codes', () => {
  it('0 ok → AC, 1 wa → WA, 2 pe → PE (old 4 dirt and 8 unexpected eof too)', () => {
    expect(interpretTestlibExit(exited(0, 'ok 3 tokens\n'))).toEqual({
      status: JudgeStatus.ACCEPTED,
      percentage: null,
      message: 'ok 3 tokens',
    });
    expect(interpretTestlibExit(exited(1, 'wrong answer 1st words differ')).status).toBe(
      JudgeStatus.WRONG_ANSWER,
    );
    for (const code of [2, 4, 8]) {
      expect(interpretTestlibExit(exited(code, 'wrong output format Expected integer'))).toEqual({
        status: JudgeStatus.PRESENTATION_ERROR,
        percentage: null,
        message: 'wrong output format Expected integer',
      });
    }
  });

  it('3 fail → System Error, said to be the problem checker’s and not the submission’s', () => {
    const verdict = interpretTestlibExit(exited(3, 'FAIL Answer contains longer sequence'));
    expect(verdict.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(verdict.message).toMatch(
      /^The checker failed \(testlib FAIL\).*not of the submission\. FAIL Answer contains longer sequence$/,
    );
  });

  it('7 points → X % of the case score (HOJ), 100 or more AC; no number → System Error', () => {
    expect(interpretTestlibExit(exited(7, 'points 25 off by one'))).toEqual({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 25,
      message: 'points 25 off by one',
    });
    expect(interpretTestlibExit(exited(7, 'points 60.5')).percentage).toBe(60.5);
    expect(interpretTestlibExit(exited(7, 'points 0')).percentage).toBe(0);
    expect(interpretTestlibExit(exited(7, 'points 100')).status).toBe(JudgeStatus.ACCEPTED);
    // quitpi: points_info without a number
    expect(interpretTestlibExit(exited(7, 'points points_info=abc')).status).toBe(JudgeStatus.SYSTEM_ERROR);
    // an older testlib whose quitp exited 0
    expect(interpretTestlibExit(exited(0, 'points 40')).percentage).toBe(40);
  });

  it('_pc(n) exits n with "partially correct (n)" on stderr: n %, whatever the code', () => {
    expect(interpretTestlibExit(exited(1, 'partially correct (1) close'))).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 1,
    });
    expect(interpretTestlibExit(exited(50, 'partially correct (50)')).percentage).toBe(50);
  });

  it("HOJ's 99–103 keep HOJ's meaning (a checker reading with testlib, answering as HOJ's template)", () => {
    expect(interpretTestlibExit(exited(100)).status).toBe(JudgeStatus.ACCEPTED);
    expect(interpretTestlibExit(exited(101)).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(interpretTestlibExit(exited(102)).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(interpretTestlibExit(exited(103)).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(interpretTestlibExit({ ...exited(99), stdout: '40\n' })).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 40,
    });
  });

  it('another exit code, a signal, a limit → System Error naming the checker or interactor', () => {
    expect(interpretTestlibExit(exited(5, 'huh')).message).toMatch(
      /exited with code 5, which is not a testlib verdict/,
    );
    const killed: CheckerExit = {
      status: 'runtime-error',
      exitCode: null,
      signal: 11,
      stdout: '',
      stderr: '',
    };
    expect(interpretTestlibExit(killed)).toMatchObject({
      status: JudgeStatus.SYSTEM_ERROR,
      message: expect.stringMatching(/^The checker did not finish \(killed by signal 11\)/),
    });
    const slow: CheckerExit = { status: 'time-limit', exitCode: null, signal: 9, stdout: '', stderr: '' };
    expect(interpretTestlibExit(slow, 'interactor').message).toMatch(/^The interactor did not finish/);
  });
});
