import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORK_TARGET } from './binds.ts';
import { openStdio } from './stdio.ts';
import type { RunResult, SandboxRunOptions } from './types.ts';
import { decideVerdict, systemErrorResult } from './verdict.ts';

/**
 * VERDICT_UNSAFE_NO_SANDBOX=1 on a host that cannot sandbox (development only, sandbox.md §8 last row):
 * the program runs as the judge's own user, with no isolation and no memory or process limit. Paths
 * under /w and under extra bind targets are translated to their host paths. Only wall time is measured,
 * and CPU time is reported as wall time.
 */
export function insideToHost(p: string, o: SandboxRunOptions): string {
  const binds = [{ source: o.workDir, target: WORK_TARGET }, ...(o.extraBinds ?? [])].sort(
    (a, b) => b.target.length - a.target.length,
  );
  for (const b of binds) {
    if (p === b.target) return b.source;
    if (p.startsWith(`${b.target}/`)) return path.join(b.source, p.slice(b.target.length + 1));
  }
  return p;
}

export async function runUnsafe(o: SandboxRunOptions): Promise<RunResult> {
  const stdio = openStdio(o.stdin, o.stdout, o.stderr);
  const [file = '', ...args] = o.argv.map((a) => insideToHost(a, o));
  const started = process.hrtime.bigint();
  try {
    const child = spawn(file, args, {
      cwd: insideToHost(o.cwd ?? WORK_TARGET, o),
      env: o.env,
      stdio: stdio.fds,
    });
    let killedByWall = false;
    const timer = setTimeout(() => {
      killedByWall = true;
      child.kill('SIGKILL');
    }, o.wallTimeMs);
    const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | Error>(
      (resolve) => {
        child.once('error', resolve);
        child.once('close', (code, signal) => resolve({ code, signal }));
      },
    );
    clearTimeout(timer);
    if (outcome instanceof Error)
      return systemErrorResult(`cannot start ${file}: ${outcome.message}`, 'unsafe');
    const wallTimeMs = Number(process.hrtime.bigint() - started) / 1e6;
    const sizeOf = (t: SandboxRunOptions['stdout']) => (typeof t === 'string' ? fs.statSync(t).size : null);
    const stdoutBytes = sizeOf(o.stdout);
    const stderrBytes = sizeOf(o.stderr);
    const outputExceeded = (stdoutBytes ?? 0) > o.outputBytes || (stderrBytes ?? 0) > o.outputBytes;
    const signalNumber = outcome.signal ? osSignal(outcome.signal) : null;
    const base = systemErrorResult('', 'unsafe');
    const timeKill = killedByWall ? 'wall' : null;
    const result: RunResult = {
      ...base,
      timeKill,
      cpuTimeMs: wallTimeMs,
      wallTimeMs,
      exitCode: outcome.code,
      signal: signalNumber,
      signalName: outcome.signal,
      outputExceeded,
      stdoutBytes,
      stderrBytes,
    };
    // the one verdict order (verdict.ts); no memory is measured here, and wall time stands for CPU time
    switch (
      decideVerdict(
        {
          failed: false,
          outputLimit: outputExceeded,
          memoryKill: false,
          memoryLimitReached: false,
          memoryBytes: 0,
          timeKill,
          cpuMs: wallTimeMs,
          systemCpuMs: 0,
          signal: signalNumber,
          exitCode: outcome.code,
          runtimeOutOfMemory: false,
        },
        { cpuMs: o.cpuTimeMs, memoryBytes: o.memoryBytes },
      )
    ) {
      case 'time-limit-cpu':
      case 'time-limit-wall':
        return {
          ...result,
          status: 'time-limit',
          timeLimit: killedByWall ? 'wall' : 'cpu',
          reason: 'time limit (unsafe mode: wall clock)',
        };
      case 'output-limit':
        return { ...result, status: 'output-limit', reason: 'output limit exceeded' };
      case 'ok':
        return { ...result, status: 'ok', reason: 'exited normally (unsafe mode: no sandbox)' };
      default:
        if (outcome.signal)
          return { ...result, status: 'runtime-error', reason: `killed by ${outcome.signal}` };
        return { ...result, status: 'runtime-error', reason: `exited with status ${outcome.code}` };
    }
  } finally {
    stdio.close();
  }
}

function osSignal(name: NodeJS.Signals): number | null {
  const n = (os.constants.signals as Record<string, number | undefined>)[name];
  return n ?? null;
}
