import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  interpretCheckerExit,
  parseTestlibStderr,
  partialScore,
  type CheckerExit,
} from '../../src/grading/checker-result.ts';

const exited = (exitCode: number, stderr = '', stdout = ''): CheckerExit => ({
  status: exitCode === 0 ? 'ok' : 'runtime-error',
  exitCode,
  signal: null,
  stdout,
  stderr,
});

describe('checker exit codes (reference §8.7)', () => {
  it('exit 0 and 100 are accepted', () => {
    expect(interpretCheckerExit(exited(0, 'fine'))).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      message: 'fine',
    });
    expect(interpretCheckerExit(exited(100))).toMatchObject({ status: JudgeStatus.ACCEPTED });
  });

  it('101 is presentation error, 102 wrong answer, 103 a judge error', () => {
    expect(interpretCheckerExit(exited(101, 'spaces')).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(interpretCheckerExit(exited(102, 'expected 3')).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(interpretCheckerExit(exited(103, 'bad data')).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('99 is partial with the percentage on stdout; 100 % is accepted; no number is a judge error', () => {
    expect(interpretCheckerExit(exited(99, 'half', '50\n'))).toEqual({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 50,
      message: 'half',
    });
    expect(interpretCheckerExit(exited(99, '', '33.5')).percentage).toBe(33.5);
    expect(interpretCheckerExit(exited(99, '', '100')).status).toBe(JudgeStatus.ACCEPTED);
    expect(interpretCheckerExit(exited(99, '', 'lots')).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('other exit codes are read from stderr the testlib way', () => {
    expect(
      interpretCheckerExit(exited(1, 'wrong answer 1st numbers differ - expected: 3, found: 4')).status,
    ).toBe(JudgeStatus.WRONG_ANSWER);
    expect(interpretCheckerExit(exited(3, 'FAIL answer file is broken')).status).toBe(
      JudgeStatus.SYSTEM_ERROR,
    );
    expect(interpretCheckerExit(exited(1, '')).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('a checker that crashed, ran out of time or memory, or failed to start is a system error', () => {
    const crash: CheckerExit = {
      status: 'runtime-error',
      exitCode: null,
      signal: 11,
      stdout: '',
      stderr: '',
    };
    expect(interpretCheckerExit(crash).status).toBe(JudgeStatus.SYSTEM_ERROR);
    for (const status of ['time-limit', 'memory-limit', 'output-limit', 'system-error'] as const) {
      expect(
        interpretCheckerExit({ status, exitCode: null, signal: null, stdout: '', stderr: '' }).status,
      ).toBe(JudgeStatus.SYSTEM_ERROR);
    }
  });
});

describe('testlib stderr (reference §8.7)', () => {
  it('ok → AC, wrong answer → WA', () => {
    expect(parseTestlibStderr('ok 3 numbers\n')).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      message: 'ok 3 numbers',
    });
    expect(parseTestlibStderr('ok')).toMatchObject({ status: JudgeStatus.ACCEPTED });
    expect(parseTestlibStderr('wrong answer expected 3')).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
  });

  it('wrong output format is WA with a presentation hint (§13.8), unexpected eof is WA', () => {
    expect(parseTestlibStderr('wrong output format Extra information in the output file')).toEqual({
      status: JudgeStatus.WRONG_ANSWER,
      percentage: null,
      message: 'May be output presentation error. wrong output format Extra information in the output file',
    });
    expect(parseTestlibStderr('unexpected eof Unexpected end of file - int32 expected').status).toBe(
      JudgeStatus.WRONG_ANSWER,
    );
  });

  it('partially correct (NN) and points X are partial percentages; 100 is accepted', () => {
    expect(parseTestlibStderr('partially correct (40) two of five')).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 40,
    });
    expect(parseTestlibStderr('points 62.5 close enough')).toMatchObject({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      percentage: 62.5,
    });
    expect(parseTestlibStderr('points 100')).toMatchObject({ status: JudgeStatus.ACCEPTED });
  });

  it('FAIL, empty or unknown text is a system error', () => {
    expect(parseTestlibStderr('FAIL cannot open file').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(parseTestlibStderr('   ').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(parseTestlibStderr('Segmentation fault').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('cuts testlib messages to 1024 characters', () => {
    expect(parseTestlibStderr(`wrong answer ${'x'.repeat(5000)}`).message).toHaveLength(1024);
  });
});

describe('partial case score', () => {
  it('is floor(percentage × case score)', () => {
    expect(partialScore(50, 10)).toBe(5);
    expect(partialScore(33, 10)).toBe(3);
    expect(partialScore(99.9, 10)).toBe(9);
    expect(partialScore(70, 10)).toBe(7); // no floating-point 6.999…
    expect(partialScore(0, 10)).toBe(0);
  });
});
