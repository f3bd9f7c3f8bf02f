import { describe, expect, it } from 'vitest';
import { buildHelperArgs, SandboxOptionsError, validateRunOptions } from '../../src/sandbox/helper-args.ts';
import type { HelperReport } from '../../src/sandbox/types.ts';
import { uidBaseFromEnv } from '../../src/sandbox/index.ts';
import { parseHelperReport, toRunResult } from '../../src/sandbox/verdict.ts';
import { runOptions } from './support.ts';

const limits = { cpuTimeMs: 1000, memoryBytes: 256 << 20, outputBytes: 1 << 20 };

function report(over: Partial<HelperReport> = {}): HelperReport {
  return {
    ok: true,
    version: 1,
    cpuNs: 5_000_000,
    wallNs: 6_000_000,
    setupNs: 2_000_000,
    memoryBytes: 1 << 20,
    memorySource: 'cgroup',
    rssBytes: 1 << 20,
    oomKills: 0,
    processesPeak: 1,
    exitCode: 0,
    signal: null,
    killedBy: null,
    stdoutBytes: 10,
    stderrBytes: 0,
    outputExceeded: false,
    cgroup: 'v1',
    cgroupLeftovers: [],
    ...over,
  };
}

const status = (over: Partial<HelperReport>, mode: 'full' | 'degraded' = 'full') =>
  toRunResult(report(over), limits, mode).status;

describe('verdict rules (sandbox.md §4 verdict order)', () => {
  it('ok for a clean exit', () => {
    const r = toRunResult(report(), limits, 'full');
    expect(r).toMatchObject({ status: 'ok', cpuTimeMs: 5, wallTimeMs: 6, setupMs: 2, signalName: null });
  });

  it('time-limit by CPU when killed, when over the limit, or on SIGXCPU', () => {
    expect(status({ killedBy: 'cpu', signal: 9, exitCode: null })).toBe('time-limit');
    expect(status({ cpuNs: 1_000_500_000 })).toBe('time-limit');
    expect(status({ signal: 24, exitCode: null })).toBe('time-limit');
    expect(toRunResult(report({ killedBy: 'wall', signal: 9 }), limits, 'full').timeLimit).toBe('wall');
  });

  it('SIGPROF means CPU limit only in degraded mode (ITIMER_PROF)', () => {
    expect(status({ signal: 27, exitCode: null }, 'degraded')).toBe('time-limit');
    expect(status({ signal: 27, exitCode: null }, 'full')).toBe('runtime-error');
  });

  it('output outranks memory and time; memory outranks time (issue 25, the one order of decideVerdict)', () => {
    expect(status({ killedBy: 'cpu', oomKills: 1, outputExceeded: true, signal: 9 })).toBe('output-limit');
    expect(status({ oomKills: 1, outputExceeded: true, signal: 9, exitCode: null })).toBe('output-limit');
    expect(status({ killedBy: 'cpu', oomKills: 1, signal: 9, exitCode: null })).toBe('memory-limit');
    // the limit was reached (failcnt), then the CPU time ran out: memory-limit, and the reason says both
    const both = toRunResult(
      report({ killedBy: 'cpu', memoryLimitHits: 3, signal: 9, exitCode: null, memoryBytes: 256 << 20 }),
      limits,
      'full',
    );
    expect(both).toMatchObject({ status: 'memory-limit', timeKill: 'cpu', memoryLimitReached: true });
    expect(both.reason).toMatch(/the CPU time ran out too/);
    expect(status({ killedBy: 'cpu', signal: 9, exitCode: null, memoryBytes: 100 << 20 })).toBe('time-limit');
  });

  it("a kill for memory (the v1 OOM event, or init's sampler in degraded mode) is memory-limit", () => {
    const r = toRunResult(report({ killedBy: 'memory', signal: 9, exitCode: null }), limits, 'degraded');
    expect(r).toMatchObject({ status: 'memory-limit', oomKilled: true });
  });

  it('the memory shown never passes the limit', () => {
    const r = toRunResult(
      report({
        killedBy: 'memory',
        signal: 9,
        exitCode: null,
        memoryBytes: 300 << 20,
        memorySource: 'rusage',
      }),
      limits,
      'degraded',
    );
    expect(r.memoryBytes).toBe(256 << 20);
    expect(toRunResult(report({ memoryBytes: 3 << 20 }), limits, 'full').memoryBytes).toBe(3 << 20);
  });

  it('memory-limit on an OOM kill, or a bad end at the limit; not for a clean exit at the limit', () => {
    expect(status({ oomKills: 1, signal: 9, exitCode: null })).toBe('memory-limit');
    expect(status({ memoryBytes: 256 << 20, exitCode: 1 })).toBe('memory-limit');
    expect(status({ memoryBytes: 256 << 20, exitCode: 0 })).toBe('ok');
  });

  it('output-limit on SIGXFSZ or by file size (Python and Java ignore SIGXFSZ, §10.4)', () => {
    expect(status({ signal: 25, exitCode: null })).toBe('output-limit');
    expect(status({ outputExceeded: true, exitCode: 1 })).toBe('output-limit');
  });

  it('runtime-error for signals and non-zero exits, naming the signal', () => {
    const r = toRunResult(report({ signal: 11, exitCode: null }), limits, 'full');
    expect(r.status).toBe('runtime-error');
    expect(r.signalName).toBe('SIGSEGV');
    expect(r.reason).toContain('Segmentation fault');
    expect(status({ signal: 31, exitCode: null })).toBe('runtime-error');
    expect(status({ exitCode: 2 })).toBe('runtime-error');
  });

  it('system-error for helper failures and aborted runs', () => {
    const r = toRunResult(report({ ok: false, phase: 'cgroup', error: 'mkdir: EACCES' }), limits, 'full');
    expect(r.status).toBe('system-error');
    expect(r.reason).toBe('sandbox cgroup: mkdir: EACCES');
    expect(status({ killedBy: 'aborted', signal: 9 })).toBe('system-error');
  });

  it('parses the last JSON line of the report and rejects garbage', () => {
    expect(parseHelperReport(`${JSON.stringify(report())}\n`)?.ok).toBe(true);
    expect(parseHelperReport('')).toBeNull();
    expect(parseHelperReport('not json')).toBeNull();
    expect(parseHelperReport('{"no":"ok"}')).toBeNull();
  });
});

describe('helper arguments', () => {
  const base = runOptions('/srv/work', 3, ['/w/main', 'x'], { env: { A: '1' }, extraBinds: [] });
  const v1 = {
    cgroupParents: {
      version: 'v1' as const,
      dirs: { memory: '/cg/memory/verdict', cpuacct: '/cg/cpuacct/verdict', pids: '/cg/pids/verdict' },
    },
    uidBase: 60000,
  };

  it('passes limits, ids, cgroups, binds, environment and argv', () => {
    const args = buildHelperArgs(base, v1);
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('--uid')).toBe('60003');
    expect(value('--cpu-ms')).toBe('2000');
    expect(value('--memory')).toBe(String(128 << 20));
    expect(value('--cgroup-v1-pids')).toBe('/cg/pids/verdict');
    expect(value('--cgroup-prefix')).toBe('run-s3');
    expect(value('--env')).toBe('A=1');
    expect(args.join(' ')).toContain('--ro /srv/work /w');
    expect(args.join(' ')).toContain('--ro-try /lib64 /lib64');
    expect(args.slice(args.indexOf('--'))).toEqual(['--', '/w/main', 'x']);
  });

  it('uses a v2 parent, or in degraded mode a sampled limit with RLIMIT_AS M + 4 GiB as a backstop', () => {
    const v2 = buildHelperArgs(base, {
      cgroupParents: { version: 'v2', dir: '/cg/x/verdict' },
      uidBase: 60000,
    });
    expect(v2.join(' ')).toContain('--cgroup-v2 /cg/x/verdict');
    const degraded = buildHelperArgs(base, { cgroupParents: null, uidBase: 60000 });
    expect(degraded.join(' ')).toContain(`--memory ${128 << 20}`);
    expect(degraded.join(' ')).toContain(`--address-space ${(128 << 20) + 4 * 1024 ** 3}`);
  });

  it('mounts /w writable for compiles', () => {
    expect(buildHelperArgs({ ...base, readWrite: true }, v1).join(' ')).toContain('--rw /srv/work /w');
  });

  it('rejects options the helper would refuse', () => {
    const bad = (over: object) => () => validateRunOptions({ ...base, ...over });
    expect(bad({ argv: ['python3'] })).toThrow(SandboxOptionsError);
    expect(bad({ workDir: 'relative' })).toThrow(/absolute/);
    expect(bad({ cpuTimeMs: 0 })).toThrow(/cpuTimeMs/);
    expect(bad({ slot: 1.5 })).toThrow(/slot/);
    expect(bad({ extraBinds: [{ source: '/etc', target: '/proc/x' }] })).toThrow(/\/proc/);
    expect(bad({ extraBinds: [{ source: '/etc', target: '/w' }] })).toThrow(/\/w/);
    expect(bad({ extraBinds: [{ source: '/etc', target: '/a/../b' }] })).toThrow(/\.\./);
    expect(bad({ env: { 'A=B': '1' } })).toThrow(/environment/);
    expect(bad({})).not.toThrow();
  });
});

describe('VERDICT_SANDBOX_UID_BASE', () => {
  it('defaults to 60000 and takes a whole number that keeps every slot clear of system ids', () => {
    expect(uidBaseFromEnv(undefined)).toBe(60000);
    expect(uidBaseFromEnv(' ')).toBe(60000);
    expect(uidBaseFromEnv('200000')).toBe(200000);
  });

  it.each(['abc', '0', '999', '60000.5', String(2 ** 31)])('refuses %j by name', (value) => {
    expect(() => uidBaseFromEnv(value)).toThrow(SandboxOptionsError);
    expect(() => uidBaseFromEnv(value)).toThrow(/VERDICT_SANDBOX_UID_BASE must be a whole number/);
  });
});
