import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { exitMessage, judgeRun, OUTPUT_LIMIT_MESSAGE } from '../../src/grading/run-verdict.ts';
import type { RunResult } from '../../src/sandbox/index.ts';

const MiB = 1024 * 1024;
const limits = { timeMs: 1000, memoryMb: 64 };

function run(extra: Partial<RunResult>): RunResult {
  return {
    status: 'ok',
    reason: '',
    timeLimit: null,
    cpuTimeMs: 10,
    wallTimeMs: 12,
    memoryBytes: MiB,
    memorySource: 'cgroup',
    rssBytes: MiB,
    exitCode: 0,
    signal: null,
    signalName: null,
    oomKilled: false,
    outputExceeded: false,
    stdoutBytes: 0,
    stderrBytes: 0,
    processesPeak: 1,
    setupMs: 1,
    mode: 'full',
    ...extra,
  };
}

const JAVA_OOM = /java\.lang\.OutOfMemoryError(?!: unable to create native thread)/;

describe('per-case verdict of a run (reference §8.5)', () => {
  it('a clean run within limits goes on to the output check', () => {
    expect(judgeRun(run({}), limits, '')).toEqual({ kind: 'ran' });
  });

  it('CPU time over T is TLE even when the sandbox let it finish (it had T + 200 ms)', () => {
    expect(judgeRun(run({ cpuTimeMs: 1100 }), limits, '')).toMatchObject({
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
    });
    expect(judgeRun(run({ cpuTimeMs: 1000.9 }), limits, '')).toMatchObject({ kind: 'ran' });
    expect(
      judgeRun(run({ status: 'time-limit', timeLimit: 'wall', cpuTimeMs: 0 }), limits, ''),
    ).toMatchObject({
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
    });
  });

  it('memory over M is MLE, whether the run finished, was OOM-killed or crashed above M', () => {
    expect(judgeRun(run({ memoryBytes: 65 * MiB }), limits, '')).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
    expect(judgeRun(run({ status: 'memory-limit', oomKilled: true, signal: 9 }), limits, '')).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
    expect(
      judgeRun(run({ status: 'runtime-error', exitCode: 1, memoryBytes: 80 * MiB }), limits, ''),
    ).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
  });

  it('a wall-clock kill above M is MLE (the machine may be slow, the memory is the program), an OOM kill always MLE', () => {
    expect(
      judgeRun(
        run({ status: 'time-limit', timeLimit: 'wall', cpuTimeMs: 90, memoryBytes: 160 * MiB }),
        limits,
        '',
      ),
    ).toMatchObject({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED });
    expect(
      judgeRun(
        run({ status: 'time-limit', timeLimit: 'cpu', cpuTimeMs: 1200, memoryBytes: 160 * MiB }),
        limits,
        '',
      ),
    ).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED });
    expect(
      judgeRun(run({ status: 'memory-limit', oomKilled: true, signal: 9, cpuTimeMs: 1200 }), limits, ''),
    ).toMatchObject({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED });
  });

  it("Java's heap exhaustion is MLE, its thread limit is not", () => {
    const oom = 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n';
    expect(judgeRun(run({ status: 'runtime-error', exitCode: 1 }), limits, oom, JAVA_OOM)).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
    const threads = 'java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory';
    expect(judgeRun(run({ status: 'runtime-error', exitCode: 1 }), limits, threads, JAVA_OOM)).toMatchObject({
      status: JudgeStatus.RUNTIME_ERROR,
    });
  });

  it('output limit is a runtime error with its own message', () => {
    expect(judgeRun(run({ status: 'output-limit', signal: 25, outputExceeded: true }), limits, '')).toEqual({
      kind: 'failed',
      status: JudgeStatus.RUNTIME_ERROR,
      message: OUTPUT_LIMIT_MESSAGE,
    });
  });

  it('non-zero exits and signals are runtime errors with the exit message', () => {
    expect(judgeRun(run({ status: 'runtime-error', exitCode: 3 }), limits, '')).toMatchObject({
      status: JudgeStatus.RUNTIME_ERROR,
      message: 'The program return exit status code: 3',
    });
    expect(judgeRun(run({ status: 'runtime-error', exitCode: null, signal: 11 }), limits, '')).toMatchObject({
      message: 'The program return exit status code: 11 (Segmentation fault)',
    });
    expect(exitMessage({ exitCode: null, signal: 8 })).toBe(
      'The program return exit status code: 8 (Floating point exception)',
    );
  });

  it('a sandbox failure is a system error', () => {
    expect(judgeRun(run({ status: 'system-error', reason: 'no helper' }), limits, '')).toMatchObject({
      status: JudgeStatus.SYSTEM_ERROR,
    });
  });
});
