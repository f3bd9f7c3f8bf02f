import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { exitMessage, judgeRun, OUTPUT_LIMIT_MESSAGE } from '../../src/grading/run-verdict.ts';
import type { RunResult } from '../../src/sandbox/index.ts';
import { decideVerdict, type RunFacts } from '../../src/sandbox/verdict.ts';

const MiB = 1024 * 1024;
const limits = { timeMs: 1000, memoryMb: 64 };

function run(extra: Partial<RunResult>): RunResult {
  return {
    status: 'ok',
    reason: '',
    timeLimit: null,
    timeKill: null,
    cpuTimeMs: 10,
    systemTimeMs: 2,
    wallTimeMs: 12,
    memoryBytes: MiB,
    memorySource: 'cgroup',
    rssBytes: MiB,
    exitCode: 0,
    signal: null,
    signalName: null,
    oomKilled: false,
    memoryLimitReached: false,
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
      judgeRun(run({ status: 'time-limit', timeLimit: 'wall', timeKill: 'wall', cpuTimeMs: 0 }), limits, ''),
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

  it('issue 25: a run that reached M and ran out of time is MLE, whichever time limit ended it', () => {
    // the C program of the issue: its memory limit reached (the cgroup's failcnt), then killed for CPU
    const cpuKilled = {
      status: 'time-limit',
      timeLimit: 'cpu',
      timeKill: 'cpu',
      signal: 9,
      exitCode: null,
      cpuTimeMs: 1200,
    } as const;
    expect(
      judgeRun(run({ ...cpuKilled, memoryLimitReached: true, memoryBytes: 64 * MiB }), limits, ''),
    ).toMatchObject({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED });
    // a peak above M (degraded mode's samples) with a CPU kill
    expect(judgeRun(run({ ...cpuKilled, memoryBytes: 160 * MiB }), limits, '')).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
    // the wall clock
    expect(
      judgeRun(
        run({
          status: 'time-limit',
          timeLimit: 'wall',
          timeKill: 'wall',
          cpuTimeMs: 90,
          memoryLimitReached: true,
        }),
        limits,
        '',
      ),
    ).toMatchObject({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED });
    // over T without a kill (the sandbox gave T + 200 ms), at M
    expect(judgeRun(run({ cpuTimeMs: 1100, memoryBytes: 64 * MiB }), limits, '')).toMatchObject({
      status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    });
    // an OOM kill is always MLE
    expect(
      judgeRun(run({ status: 'memory-limit', oomKilled: true, signal: 9, cpuTimeMs: 1200 }), limits, ''),
    ).toMatchObject({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED });
    // below M, out of time: TLE
    expect(judgeRun(run({ ...cpuKilled, memoryBytes: 63 * MiB }), limits, '')).toMatchObject({
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
    });
  });

  it('reaching M is not MLE for a run that ended well (its page cache was reclaimed at the limit)', () => {
    expect(judgeRun(run({ memoryLimitReached: true, memoryBytes: 64 * MiB }), limits, '')).toEqual({
      kind: 'ran',
    });
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

/** Facts of a clean run; each test changes what it exercises. */
function facts(extra: Partial<RunFacts> = {}): RunFacts {
  return {
    failed: false,
    outputLimit: false,
    memoryKill: false,
    memoryLimitReached: false,
    memoryBytes: MiB,
    timeKill: null,
    cpuMs: 10,
    systemCpuMs: 2,
    signal: null,
    exitCode: 0,
    runtimeOutOfMemory: false,
    ...extra,
  };
}

describe('the verdict order, written once (decideVerdict; issue 25)', () => {
  const M = 256 * MiB;
  const order = { cpuMs: 1000, memoryBytes: M };
  const decide = (extra: Partial<RunFacts>) => decideVerdict(facts(extra), order);
  const killedForCpu = { timeKill: 'cpu', signal: 9, exitCode: null } as const;

  it('ranks: system error, output, memory, CPU time, wall time, ok, runtime OOM, runtime error', () => {
    const everything: Partial<RunFacts> = {
      failed: true,
      outputLimit: true,
      memoryKill: true,
      ...killedForCpu,
      runtimeOutOfMemory: true,
    };
    expect(decide(everything)).toBe('system-error');
    expect(decide({ ...everything, failed: false })).toBe('output-limit');
    expect(decide({ ...everything, failed: false, outputLimit: false })).toBe('memory-limit');
    expect(decide({ ...killedForCpu, runtimeOutOfMemory: true })).toBe('time-limit-cpu');
    expect(decide({ timeKill: 'wall', signal: 9, exitCode: null, runtimeOutOfMemory: true })).toBe(
      'time-limit-wall',
    );
    expect(decide({ runtimeOutOfMemory: true })).toBe('ok');
    expect(decide({ exitCode: 1, runtimeOutOfMemory: true })).toBe('memory-limit');
    expect(decide({ exitCode: 1 })).toBe('runtime-error');
    expect(decide({ signal: 11, exitCode: null })).toBe('runtime-error');
  });

  it('departure from reference §8.5 step 2: reached M and out of time is MLE, not TLE', () => {
    // the programs: killed for CPU (or wall) after their memory had reached M
    expect(decide({ ...killedForCpu, memoryLimitReached: true })).toBe('memory-limit');
    expect(decide({ ...killedForCpu, memoryBytes: M })).toBe('memory-limit');
    expect(decide({ timeKill: 'wall', signal: 9, exitCode: null, memoryLimitReached: true })).toBe(
      'memory-limit',
    );
    // over time without a kill, at M
    expect(decide({ cpuMs: 1001, memoryLimitReached: true })).toBe('memory-limit');
    // out of time below M: TLE
    expect(decide({ ...killedForCpu, memoryBytes: M - 1 })).toBe('time-limit-cpu');
    expect(decide({ cpuMs: 1001 })).toBe('time-limit-cpu');
  });

  it('issue 25: out of time still growing into M (a third of its CPU in the kernel, peak within a tenth of M) is MLE', () => {
    // measured in CI on a fresh virtual machine: the 1 GiB program killed at 1,245 ms with 255.4 MiB,
    // and at 1,243 ms with 248.3 MiB, nearly all of it page faults
    const faulting = { ...killedForCpu, cpuMs: 1243, systemCpuMs: 1190 };
    expect(decide({ ...faulting, memoryBytes: 248.3 * MiB })).toBe('memory-limit');
    expect(decide({ ...faulting, memoryBytes: 255.4 * MiB })).toBe('memory-limit');
    expect(decide({ cpuMs: 1100, systemCpuMs: 900, memoryBytes: 0.9 * M })).toBe('memory-limit');
    // a virtual machine that counts half of a fault's cost as user time: killed at 1,236 ms, 614 in the kernel
    expect(decide({ ...faulting, cpuMs: 1236, systemCpuMs: 614, memoryBytes: 253.3 * MiB })).toBe(
      'memory-limit',
    );
    // a program that computes near M keeps its TLE, as does one faulting far below M
    expect(decide({ ...faulting, systemCpuMs: 300, memoryBytes: 255 * MiB })).toBe('time-limit-cpu');
    expect(decide({ ...faulting, memoryBytes: 0.85 * M })).toBe('time-limit-cpu');
    // and a run that ended in time is judged as before, whatever its kernel time
    expect(decide({ cpuMs: 900, systemCpuMs: 880, memoryBytes: 250 * MiB })).toBe('ok');
  });

  it('memory: a kill for memory, a peak above M, or M reached by a run that ended badly', () => {
    expect(decide({ memoryKill: true, signal: 9, exitCode: null })).toBe('memory-limit');
    expect(decide({ memoryBytes: M + 1 })).toBe('memory-limit');
    expect(decide({ memoryLimitReached: true, exitCode: 3 })).toBe('memory-limit');
    expect(decide({ memoryLimitReached: true, signal: 11, exitCode: null })).toBe('memory-limit');
    // a clean exit at the limit is no MLE: page cache is reclaimed there, and the peak is not above M
    expect(decide({ memoryLimitReached: true, memoryBytes: M })).toBe('ok');
  });

  it('the CPU limit is exclusive: exactly T is within it', () => {
    expect(decide({ cpuMs: 1000 })).toBe('ok');
    expect(decide({ cpuMs: 1000.5 })).toBe('time-limit-cpu');
  });
});
