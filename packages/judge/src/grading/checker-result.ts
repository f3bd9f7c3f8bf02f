import { JudgeStatus } from '@verdict/shared';
import type { RunStatus } from '../sandbox/types.ts';

/** What a checker or interactor decided about one case (reference §8.7). */
export interface CheckerVerdict {
  status:
    | typeof JudgeStatus.ACCEPTED
    | typeof JudgeStatus.PRESENTATION_ERROR
    | typeof JudgeStatus.WRONG_ANSWER
    | typeof JudgeStatus.PARTIAL_ACCEPTED
    | typeof JudgeStatus.SYSTEM_ERROR;
  /** Share of the case score, 0–100, for partial verdicts; null otherwise. */
  percentage: number | null;
  /** The checker's message for the user (its stderr, or the testlib message). */
  message: string;
}

/** How the checker process ended, as the sandbox saw it. */
export interface CheckerExit {
  status: RunStatus;
  exitCode: number | null;
  signal: number | null;
  stdout: string;
  stderr: string;
}

/** reference §8.7 exit codes of the HOJ checker protocol. */
export const CHECKER_EXIT = {
  PARTIAL: 99,
  ACCEPTED: 100,
  PRESENTATION_ERROR: 101,
  WRONG_ANSWER: 102,
  ERROR: 103,
};

/** reference §8.7: testlib-parsed messages are cut to 1024 characters, any other message to 1 MiB. */
const TESTLIB_MESSAGE_MAX = 1024;
const MESSAGE_MAX = 1024 * 1024;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function verdict(
  status: CheckerVerdict['status'],
  message: string,
  percentage: number | null = null,
): CheckerVerdict {
  return { status, percentage, message };
}

/** A percentage verdict: 100 or more is accepted (§8.7 "100 means AC"), less is partial. */
function partial(percentage: number, message: string): CheckerVerdict {
  if (!Number.isFinite(percentage))
    return verdict(JudgeStatus.SYSTEM_ERROR, `invalid percentage. ${message}`);
  if (percentage >= 100) return verdict(JudgeStatus.ACCEPTED, message);
  return verdict(JudgeStatus.PARTIAL_ACCEPTED, message, Math.max(0, percentage));
}

/**
 * reference §8.7 (other exit codes, e.g. testlib's 1/2/3/7): the verdict is read from stderr the way
 * testlib writes it. "wrong output format" is WA, not PE (§13.8, kept: HOJ problem setters expect it),
 * with the message prefixed "May be output presentation error.". Unexpected EOF of the user's output is
 * a wrong answer too (testlib reports it for short outputs).
 */
export function parseTestlibStderr(stderr: string): CheckerVerdict {
  const text = stderr.trim();
  const message = cut(text, TESTLIB_MESSAGE_MAX);
  if (text === '')
    return verdict(JudgeStatus.SYSTEM_ERROR, 'The special judge program printed nothing on stderr.');
  if (text === 'ok' || text.startsWith('ok ')) return verdict(JudgeStatus.ACCEPTED, message);
  if (text.startsWith('wrong answer')) return verdict(JudgeStatus.WRONG_ANSWER, message);
  if (text.startsWith('wrong output format')) {
    return verdict(
      JudgeStatus.WRONG_ANSWER,
      cut(`May be output presentation error. ${text}`, TESTLIB_MESSAGE_MAX),
    );
  }
  if (text.startsWith('unexpected eof')) return verdict(JudgeStatus.WRONG_ANSWER, message);
  const partially = /^partially correct\s*\(\s*(-?\d+(?:\.\d+)?)\s*\)/.exec(text);
  if (partially) return partial(Number(partially[1]), message);
  const points = /^points\s+(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text);
  if (points) return partial(Number(points[1]), message);
  return verdict(JudgeStatus.SYSTEM_ERROR, message); // FAIL … or anything unknown
}

/** reference §8.7 "Interpretation of the checker result" (also used for interactors, §8.8). */
export function interpretCheckerExit(run: CheckerExit): CheckerVerdict {
  const message = cut(run.stderr.trim(), MESSAGE_MAX);
  if (run.status === 'ok') return verdict(JudgeStatus.ACCEPTED, message);
  // Only a plain non-zero exit is an answer; a signal, a limit or a sandbox failure is the checker's fault.
  if (run.status !== 'runtime-error' || run.signal !== null || run.exitCode === null) {
    return verdict(
      JudgeStatus.SYSTEM_ERROR,
      `The special judge program failed: ${describeFailure(run)}. ${message}`.trim(),
    );
  }
  switch (run.exitCode) {
    case CHECKER_EXIT.ACCEPTED:
      return verdict(JudgeStatus.ACCEPTED, message);
    case CHECKER_EXIT.PRESENTATION_ERROR:
      return verdict(JudgeStatus.PRESENTATION_ERROR, message);
    case CHECKER_EXIT.WRONG_ANSWER:
      return verdict(JudgeStatus.WRONG_ANSWER, message);
    case CHECKER_EXIT.ERROR:
      return verdict(JudgeStatus.SYSTEM_ERROR, message);
    case CHECKER_EXIT.PARTIAL: {
      const stdout = run.stdout.trim();
      if (!/^-?\d+(\.\d+)?$/.test(stdout)) {
        return verdict(
          JudgeStatus.SYSTEM_ERROR,
          `The special judge reported a partial score without a percentage. ${message}`.trim(),
        );
      }
      return partial(Number(stdout), message);
    }
    default:
      return parseTestlibStderr(run.stderr);
  }
}

function describeFailure(run: CheckerExit): string {
  if (run.signal !== null) return `killed by signal ${run.signal}`;
  return run.status.replace('-', ' ');
}

/** reference §8.7: the score of a partial case is floor(percentage × case score). */
export function partialScore(percentage: number, caseScore: number): number {
  return Math.max(0, Math.floor((percentage * caseScore) / 100 + 1e-9));
}
