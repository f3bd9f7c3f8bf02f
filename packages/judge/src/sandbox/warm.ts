import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { REPORT_FD, systemBindArgs } from './helper-args.ts';
import type { SandboxRunOptions, StdioTarget } from './types.ts';

/**
 * The warm helper of one slot (issue 25, "warm boxes"; jail.c `--serve`): one long-lived helper process
 * per slot, spawned once, which prepares the box of the next run (namespaces, its root, /dev, /proc)
 * while the judge is busy elsewhere, and starts a run on request over a unix socket. Each prepared box
 * serves one run, so nothing of a run reaches the next; what the warm helper saves is the judge's
 * spawn of a helper per run and the box's preparation before the program can start.
 */

/** The program's stdio as paths the helper opens (our own fds under /proc), plus what to close when. */
export interface WarmStdio {
  /** --stdin/--stdout/--stderr options (absent: /dev/null), --stdout-pipe. */
  args: string[];
  /** stdout 'pipe': what the judge reads, fed from the helper's pipe once it is adopted. */
  stdout: Readable | null;
  /** Closes our copies: once the helper has opened them ("S"), or when the run could not start. */
  release(): void;
  /** "P N": opens the reading end of the helper's stdout pipe (its fd N) and feeds `stdout` from it. */
  adoptStdout(helperPid: number, fd: number): void;
  /** The run is over: a stdout that never got its pipe ends empty. */
  finish(): void;
}

const OUT = fs.constants.O_WRONLY | fs.constants.O_NONBLOCK;
const IN = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

/**
 * Opens the run's stdio as the per-run helper would (openStdio: files created by the judge, as root),
 * and a copy of each caller's pipe fd so that the caller may close its own right after start().
 * Null when a target cannot be handed over by path (a caller's fd that is not a pipe): the caller then
 * uses the per-run helper.
 */
export function openWarmStdio(o: SandboxRunOptions): WarmStdio | null {
  const targets: [StdioTarget | 'pipe' | undefined, string, number][] = [
    [o.stdin, '--stdin', IN],
    [o.stdout, '--stdout', OUT],
    [o.stderr, '--stderr', OUT],
  ];
  for (const [target] of targets) {
    if (typeof target === 'number' && !fs.fstatSync(target).isFIFO()) return null;
  }
  const ours: number[] = [];
  // a pipe of the helper's making (no FIFO and no mkfifo process per run); ours is the reading end
  const stdout = o.stdout === 'pipe' ? new PassThrough() : null;
  let adopted = false;
  const release = () => {
    for (const fd of ours.splice(0)) fs.closeSync(fd);
  };
  const args: string[] = [];
  try {
    for (const [target, option, flags] of targets) {
      let fd: number;
      if (target === undefined) continue;
      if (target === 'pipe') {
        args.push('--stdout-pipe');
        continue;
      } else if (typeof target === 'number') {
        fd = fs.openSync(`/proc/self/fd/${target}`, flags);
      } else {
        fd = fs.openSync(target, option === '--stdin' ? 'r' : 'w', 0o600);
      }
      ours.push(fd);
      args.push(option, `/proc/${process.pid}/fd/${fd}`);
    }
  } catch (e) {
    release();
    stdout?.destroy();
    throw e;
  }
  return {
    args,
    stdout,
    release,
    adoptStdout(helperPid, fd) {
      if (!stdout || adopted) return;
      adopted = true;
      try {
        const end = fs.openSync(`/proc/${helperPid}/fd/${fd}`, IN);
        new net.Socket({ fd: end, readable: true, writable: false }).pipe(stdout);
      } catch (e) {
        stdout.destroy(e as Error);
      }
    },
    finish() {
      if (stdout && !adopted) stdout.end();
    },
  };
}

interface ActiveRun {
  onLine(line: string): void;
  onGone(why: string): void;
}

export class WarmHelper {
  private child: ChildProcess | null = null;
  private socket: net.Socket | null = null;
  private active: ActiveRun | null = null;
  private buffered = '';
  /** Helpers spawned so far (a killed one is replaced on the next run). */
  spawned = 0;
  /** The cgroup the helper made for its next run (HelperReport.cgroupAhead), while it lives. */
  aheadCgroup: string | null = null;
  /** Runs sent whose cleanup ("C" line) has not arrived yet, and who waits for none to be left. */
  private uncleaned = 0;
  private cleanWaiters: (() => void)[] = [];

  /**
   * `leftovers`: run cgroups the helper could not remove (the janitor retries them); `ended`: the helper
   * of that pid has ended, perhaps killed before it could remove its run's cgroups.
   */
  constructor(
    private readonly helperFile: string,
    private readonly leftovers: (dirs: string[]) => void,
    private readonly ended: (pid: number) => void,
  ) {}

  /** Resolves when every run sent so far has been cleaned up (its cgroup removed). */
  cleaned(): Promise<void> {
    if (this.uncleaned === 0) return Promise.resolve();
    return new Promise((resolve) => this.cleanWaiters.push(resolve));
  }

  get busy(): boolean {
    return this.active !== null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Sends one run; `onLine` gets the helper's answer lines ("S", then the JSON report), `onGone` is
   * called if the helper ends before its report. Returns the abort function ("k").
   */
  send(args: string[], run: ActiveRun): () => void {
    const socket = this.ensure();
    this.active = run;
    this.uncleaned++;
    this.child?.ref();
    socket.ref();
    const blob = Buffer.from(`verdict-jail\0${args.join('\0')}\0`);
    socket.write(`R ${blob.length}\n`);
    socket.write(blob);
    return () => {
      if (this.active === run && socket.writable) socket.write('k');
    };
  }

  /** Tells the helper that the judge has opened its end of the run's stdout pipe. */
  stdoutAdopted(): void {
    if (this.socket?.writable) this.socket.write('p');
  }

  /** Ends the helper (its prepared box dies with it). */
  close(): void {
    this.child?.kill('SIGKILL');
    this.drop('closed');
  }

  private ensure(): net.Socket {
    if (this.child && this.socket && !this.socket.destroyed) return this.socket;
    const child = spawn(this.helperFile, ['--serve', ...systemBindArgs(), '--', '/serve'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      env: {},
    });
    const socket = child.stdio[REPORT_FD] as net.Socket;
    this.spawned++;
    this.child = child;
    this.socket = socket;
    this.buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {}); // the helper died: 'close' below says so
    socket.on('data', (chunk: string) => {
      if (this.child !== child) return;
      this.buffered += chunk;
      for (let i = this.buffered.indexOf('\n'); i >= 0; i = this.buffered.indexOf('\n')) {
        const line = this.buffered.slice(0, i);
        this.buffered = this.buffered.slice(i + 1);
        if (line.startsWith('C ')) {
          this.cleanedOne(line.slice(2));
          continue;
        }
        const run = this.active;
        if (run && line.startsWith('{')) {
          this.active = null;
          this.unrefWhenIdle();
        }
        run?.onLine(line);
      }
    });
    const gone = (why: string) => {
      if (this.child === child) this.drop(why);
      if (child.pid !== undefined) this.ended(child.pid);
    };
    child.once('error', (e) => gone(`cannot start the warm sandbox helper: ${e.message}`));
    child.once('close', (code, signal) =>
      gone(`the warm sandbox helper ended (code ${code}, signal ${signal})`),
    );
    return socket;
  }

  /** Between runs (reported and cleaned up) the helper must not keep the judge's process alive. */
  private unrefWhenIdle(): void {
    if (this.active || this.uncleaned > 0) return;
    this.child?.unref();
    this.socket?.unref();
  }

  private cleanedOne(json: string): void {
    try {
      const { cgroupLeftovers } = JSON.parse(json) as { cgroupLeftovers?: string[] };
      if (cgroupLeftovers?.length) this.leftovers(cgroupLeftovers);
    } catch {
      // a malformed line: nothing to remove
    }
    this.uncleaned = Math.max(0, this.uncleaned - 1);
    if (this.uncleaned === 0) for (const wake of this.cleanWaiters.splice(0)) wake();
    this.unrefWhenIdle();
  }

  private drop(why: string): void {
    const run = this.active;
    this.uncleaned = 0;
    for (const wake of this.cleanWaiters.splice(0)) wake();
    this.socket?.destroy();
    this.child = null;
    this.socket = null;
    this.active = null;
    this.aheadCgroup = null;
    run?.onGone(why);
  }
}
