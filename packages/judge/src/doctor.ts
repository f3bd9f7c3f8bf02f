import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireSlots, type HostLock } from './host-locks.ts';
import { canJudge, detectHost, unsafeBanner, type HostSupport } from './sandbox/detect.ts';
import { MAX_SLOTS } from './sandbox/helper-args.ts';
import { DEFAULT_SANDBOX_ENV, Sandbox, type SandboxRunOptions } from './sandbox/index.ts';

/**
 * `verdict-judge doctor`: what this host supports, and whether it may judge (sandbox.md §7.4).
 * Checks are a plain list so that later checks (language self-tests from the language table) are added
 * by passing a longer list: `runDoctor([...hostChecks, ...languageChecks])`.
 */
export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckOutcome {
  status: CheckStatus;
  summary: string;
}

export interface DoctorContext {
  host: HostSupport;
  /** Null when the host cannot sandbox (and the unsafe flag is not set). */
  sandbox: Sandbox | null;
  /** A sandbox slot no worker on this host holds (host-locks.ts), for the checks' runs. */
  slot: number;
}

export interface DoctorCheck {
  name: string;
  /** A failing required check makes judging impossible; others only warn. */
  required: boolean;
  run(ctx: DoctorContext): Promise<CheckOutcome> | CheckOutcome;
}

const ok = (summary: string): CheckOutcome => ({ status: 'ok', summary });
const warn = (summary: string): CheckOutcome => ({ status: 'warn', summary });
const fail = (summary: string): CheckOutcome => ({ status: 'fail', summary });

/** /usr/bin/true in a box: the doctor's own runs. */
function trueRun(workDir: string, slot: number): SandboxRunOptions {
  return {
    argv: ['/usr/bin/true'],
    workDir,
    env: { ...DEFAULT_SANDBOX_ENV },
    cpuTimeMs: 1000,
    wallTimeMs: 3000,
    memoryBytes: 64 << 20,
    processes: 8,
    outputBytes: 1 << 20,
    slot,
    seccomp: 'default',
  };
}

export const hostChecks: DoctorCheck[] = [
  {
    name: 'platform',
    required: true,
    run: ({ host }) =>
      host.platform === 'linux'
        ? ok(`Linux ${host.kernel}`)
        : fail(`${host.platform}: the sandbox needs Linux`),
  },
  {
    name: 'node',
    required: false,
    run: () => ok(`Node ${process.version} (${process.execPath})`),
  },
  {
    name: 'user',
    required: false,
    run: ({ host }) =>
      host.root
        ? ok('root: per-slot uids, cgroups writable')
        : ok(`uid ${host.uid}: runs boxes inside a user namespace (sandbox.md §8)`),
  },
  {
    name: 'sandbox helper',
    required: true,
    run: ({ host }) =>
      host.helper.built
        ? ok(`built: ${host.helper.path}`)
        : fail(`not built at ${host.helper.path}: run "npm run build -w @verdict/judge" (needs gcc)`),
  },
  {
    name: 'user namespaces',
    required: false,
    run: ({ host }) => {
      if (!host.probe) return warn('unknown (helper probe did not run)');
      if (host.root)
        return ok(`not needed as root (${host.probe.userNamespace ? 'available' : 'unavailable'})`);
      return host.probe.userNamespace ? ok('available') : fail('not allowed for this user');
    },
  },
  {
    name: 'namespaces',
    required: true,
    run: ({ host }) => {
      if (!host.probe) return fail('unknown (helper probe did not run)');
      return host.probe.namespaces ? ok('pid, mount, net, ipc, uts') : fail('cannot create them here');
    },
  },
  {
    name: 'seccomp',
    required: true,
    run: ({ host }) => {
      if (!host.probe) return fail('unknown (helper probe did not run)');
      return host.probe.seccomp ? ok('filters available') : fail('not available');
    },
  },
  {
    name: 'cgroup',
    required: false,
    run: ({ host }) => {
      const c = host.cgroup;
      const v2 = c.v2Controllers.length
        ? `v2 controllers here: ${c.v2Controllers.join(' ')}`
        : 'v2: no controllers here';
      const v1 = c.v1Controllers.length ? `v1 controllers: ${c.v1Controllers.join(' ')}` : 'v1: none';
      if (!c.layout) return warn(`${c.problem ?? 'none usable'} — degraded mode`);
      const where =
        host.cgroupParents?.version === 'v1'
          ? Object.values(host.cgroupParents.dirs).join(', ')
          : host.cgroupParents?.version === 'v2'
            ? host.cgroupParents.dir
            : 'not prepared';
      const detail = `${c.layout.version} (${v1}; ${v2}); parent: ${where}`;
      return host.cgroupParents ? ok(detail) : warn(`${detail} — ${host.problems.join('; ')}`);
    },
  },
  {
    name: 'mode',
    required: true,
    run: ({ host }) => {
      if (host.mode === 'full') return ok('full: namespaces, cgroup limits and accounting, seccomp');
      if (host.mode === 'degraded')
        return warn('degraded: namespaces + rlimits, no cgroup (results less exact)');
      return host.unsafeAllowed ? warn('NO SANDBOX (unsafe development flag set)') : fail('cannot sandbox');
    },
  },
  {
    name: 'smoke run',
    required: true,
    run: async ({ host, sandbox, slot }) => {
      if (!sandbox) return fail('skipped: no sandbox');
      if (sandbox.mode === 'unsafe') return warn('skipped: no sandbox (unsafe flag)');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-doctor-'));
      try {
        const box = sandbox.start(trueRun(dir, slot));
        const r = await box.result;
        await sandbox.settle();
        const left = sandbox.leftoverCgroups(slot).filter((p) => p.includes(`-${box.pid}`));
        if (r.status !== 'ok') return fail(`/usr/bin/true in a box: ${r.status}: ${r.reason}`);
        if (left.length > 0) return warn(`ran, but left cgroups behind: ${left.join(', ')}`);
        return ok(`/usr/bin/true in a box: ok (setup ${r.setupMs.toFixed(1)} ms, mode ${host.mode})`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'warm boxes',
    required: false,
    run: async ({ sandbox, slot }) => {
      if (!sandbox || sandbox.mode === 'unsafe') return warn('skipped: no sandbox');
      if (sandbox.warmProblem) return warn(`per-run helper: warm boxes ${sandbox.warmProblem}`);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-doctor-'));
      try {
        const setups: string[] = [];
        const pids = new Set<number | undefined>();
        for (let i = 0; i < 2; i++) {
          const box = sandbox.start(trueRun(dir, slot));
          const r = await box.result;
          if (r.status !== 'ok') return fail(`/usr/bin/true in a warm box: ${r.status}: ${r.reason}`);
          setups.push(r.setupMs.toFixed(1));
          pids.add(box.pid);
        }
        await sandbox.settle();
        if (pids.size !== 1) return warn('the warm helper was replaced between two runs');
        return ok(`on: one helper per slot prepares each box ahead (setup ${setups.join(' ms, ')} ms)`);
      } finally {
        sandbox.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];

export interface DoctorReport {
  host: HostSupport;
  results: { name: string; required: boolean; outcome: CheckOutcome }[];
  /** True when untrusted code may run here (possibly only through the unsafe flag). */
  canJudge: boolean;
  unsafe: boolean;
  reasons: string[];
}

export async function runDoctor(
  checks: DoctorCheck[] = hostChecks,
  env = process.env,
): Promise<DoctorReport> {
  const host = await detectHost({ env });
  let sandbox: Sandbox | null = null;
  if (canJudge(host)) sandbox = await Sandbox.create({ host, env, quiet: true });
  // a slot no worker of this host judges in: the doctor may run beside a live worker
  let slot = 0;
  let locks: HostLock[] = [];
  if (sandbox) {
    const owner = { pid: process.pid, name: 'doctor', workDir: '' };
    ({
      slots: [slot = 0],
      locks,
    } = await acquireSlots(1, sandbox.uidBase, owner, MAX_SLOTS));
  }
  const results: DoctorReport['results'] = [];
  try {
    for (const check of checks) {
      let outcome: CheckOutcome;
      try {
        outcome = await check.run({ host, sandbox, slot });
      } catch (e) {
        outcome = fail(`check failed: ${(e as Error).message}`);
      }
      results.push({ name: check.name, required: check.required, outcome });
    }
  } finally {
    await Promise.all(locks.map((l) => l.release()));
  }
  const failed = results.filter((r) => r.required && r.outcome.status === 'fail');
  const unsafe = host.mode === 'unavailable' && host.unsafeAllowed;
  const reasons = [...failed.map((r) => `${r.name}: ${r.outcome.summary}`), ...(unsafe ? host.problems : [])];
  return { host, results, canJudge: unsafe || failed.length === 0, unsafe, reasons };
}

const MARK: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };

export function formatDoctorReport(report: DoctorReport): string {
  const width = Math.max(...report.results.map((r) => r.name.length));
  const lines = ['verdict-judge doctor', ''];
  for (const r of report.results)
    lines.push(`  ${MARK[r.outcome.status]}  ${r.name.padEnd(width)}  ${r.outcome.summary}`);
  lines.push('');
  if (report.unsafe) lines.push(unsafeBanner(report.host));
  else if (report.canJudge) lines.push(`Judging: possible (mode ${report.host.mode}).`);
  else lines.push('Judging: IMPOSSIBLE on this host.', ...report.reasons.map((r) => `  - ${r}`));
  return lines.join('\n');
}
