import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeStatus } from '@verdict/shared';
import type { BindMount } from '../sandbox/index.ts';
import {
  CHECKER_EXIT,
  interpretCheckerExit,
  type CheckerExit,
  type CheckerVerdict,
} from './checker-result.ts';

/**
 * testlib checkers and interactors (issue 29). The judge ships testlib.h (MIT, packages/judge/assets/
 * testlib/, with its LICENSE) and puts its directory on the include path of every checker and
 * interactor compile, bound read-only into the box; submissions never see it. A checker's own
 * testlib.h (a judge extra file beside its source, as HOJ problems ship it) still wins for
 * `#include "testlib.h"`, since the source's directory is searched first.
 *
 * A problem's checker or interactor is a testlib program when its source includes testlib.h
 * (`usesTestlib`): no problem field says so. Its exit is then read by testlib's exit codes
 * (`interpretTestlibExit`); any other judge program keeps HOJ's protocol (checker-result.ts).
 */

/** The shipped copy of testlib.h, on the host. */
export const TESTLIB_DIR = fileURLToPath(new URL('../../assets/testlib/', import.meta.url));
/** Where that directory appears inside the compile's box. */
export const TESTLIB_TARGET = '/verdict-testlib';

/**
 * testlib's exit codes (testlib.h `resultExitCode`, without EJUDGE/CONTESTER/TESTSYS). A quit with
 * `_dirt` ("Extra information in the output file") and, unless ENABLE_UNEXPECTED_EOF, `_unexpected_eof`
 * leave as PE (2); older testlib versions used 4 and 8 for them. `_pc(n)` exits with n (PC_BASE 0),
 * which is why "partially correct (n)" is read from stderr before the exit code.
 */
export const TESTLIB_EXIT = { OK: 0, WA: 1, PE: 2, FAIL: 3, DIRT: 4, POINTS: 7, UNEXPECTED_EOF: 8 };

/** Whether a checker or interactor source includes testlib.h (`"testlib.h"` or `<testlib.h>`). */
export function usesTestlib(source: string): boolean {
  return /^[ \t]*#[ \t]*include[ \t]*["<]testlib\.h[">]/m.test(source);
}

let digest: string | undefined;
/** Names the shipped testlib.h in the checker cache's key, so a newer copy rebuilds every checker. */
export function testlibDigest(): string {
  digest ??= createHash('sha256')
    .update(fs.readFileSync(path.join(TESTLIB_DIR, 'testlib.h')))
    .digest('hex');
  return digest;
}

/** The include argument and the read-only bind that put testlib.h on a compile's include path. */
export function testlibInclude(): { args: string[]; bind: BindMount } {
  return { args: ['-I', TESTLIB_TARGET], bind: { source: TESTLIB_DIR, target: TESTLIB_TARGET } };
}

/** reference §8.7: testlib messages are cut to 1024 characters. */
const MESSAGE_MAX = 1024;
const cut = (text: string) => (text.length > MESSAGE_MAX ? text.slice(0, MESSAGE_MAX) : text);

/** What a checker failure means, said to the user: the problem's checker failed, not their program. */
export const CHECKER_FAILED =
  'The checker failed (testlib FAIL): this is an error of the problem (its checker, interactor or test data), not of the submission.';

function verdict(
  status: CheckerVerdict['status'],
  message: string,
  percentage: number | null = null,
): CheckerVerdict {
  return { status, percentage, message };
}

/** A share of the case score as HOJ reads "points X" (reference §8.7): X %, 100 or more is AC. */
function points(value: number, message: string): CheckerVerdict {
  if (!Number.isFinite(value) || value < 0)
    return verdict(JudgeStatus.SYSTEM_ERROR, `The checker gave invalid points. ${message}`);
  if (value >= 100) return verdict(JudgeStatus.ACCEPTED, message);
  return verdict(JudgeStatus.PARTIAL_ACCEPTED, message, value);
}

const HOJ_CODES: readonly number[] = Object.values(CHECKER_EXIT);
const POINTS = /^points\s+([0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)(?:\s|$)/;
const PARTIALLY = /^partially correct\s*\(\s*(\d+)\s*\)/;

/**
 * A testlib checker's or interactor's end (issue 29): exit 0 ok → AC; 1 wa → WA; 2 pe (and the old
 * 4 dirt, 8 unexpected eof) → PE; 3 fail → System Error, said to be the checker's; 7 points → a partial
 * score, "points X" on stderr read as X % of the case score like HOJ's partial scores (reference §8.7,
 * §8.10; 100 or more is AC). stderr "partially correct (N)" (`_pc(N)`) is N %. HOJ's 99–103 keep their
 * meaning. A crash, a limit, a signal or another exit code is a System Error. The message is
 * testlib's stderr.
 */
export function interpretTestlibExit(
  run: CheckerExit,
  role: 'checker' | 'interactor' = 'checker',
): CheckerVerdict {
  const text = run.stderr.trim();
  const message = cut(text);
  const exited = run.status === 'ok' || (run.status === 'runtime-error' && run.signal === null);
  if (!exited || (run.status !== 'ok' && run.exitCode === null)) {
    const why =
      run.status === 'runtime-error' && run.signal !== null
        ? `killed by signal ${run.signal}`
        : run.status.replace('-', ' ');
    return verdict(
      JudgeStatus.SYSTEM_ERROR,
      `The ${role} did not finish (${why}): this is an error of the problem's ${role}, not of the submission. ${message}`.trim(),
    );
  }
  const code = run.status === 'ok' ? 0 : (run.exitCode ?? 0);
  const partially = PARTIALLY.exec(text);
  if (code !== 0 && partially) return points(Number(partially[1]), message);
  const scored = POINTS.exec(text);
  switch (code) {
    case TESTLIB_EXIT.OK:
      // testlib versions whose quitp exited 0 (POINTS_EXIT_CODE was 0 for a while) still say "points X"
      return scored ? points(Number(scored[1]), message) : verdict(JudgeStatus.ACCEPTED, message);
    case TESTLIB_EXIT.WA:
      return verdict(JudgeStatus.WRONG_ANSWER, message);
    case TESTLIB_EXIT.PE:
    case TESTLIB_EXIT.DIRT:
    case TESTLIB_EXIT.UNEXPECTED_EOF:
      return verdict(JudgeStatus.PRESENTATION_ERROR, message);
    case TESTLIB_EXIT.FAIL:
      return verdict(JudgeStatus.SYSTEM_ERROR, cut(`${CHECKER_FAILED} ${message}`.trim()));
    case TESTLIB_EXIT.POINTS:
      if (scored) return points(Number(scored[1]), message);
      return verdict(
        JudgeStatus.SYSTEM_ERROR,
        cut(`The checker reported points without a number (exit 7). ${message}`.trim()),
      );
    default:
      // HOJ's own codes (reference §8.7), which testlib never uses: a checker that reads with testlib
      // but answers as HOJ's template does keeps working
      if (HOJ_CODES.includes(code)) return interpretCheckerExit(run);
      return verdict(
        JudgeStatus.SYSTEM_ERROR,
        cut(
          `The ${role} exited with code ${code}, which is not a testlib verdict: this is an error of the problem's ${role}, not of the submission. ${message}`.trim(),
        ),
      );
  }
}
