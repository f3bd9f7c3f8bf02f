import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const judgeCli = path.resolve(import.meta.dirname, '../../judge/bin/verdict-judge.js');
// A worker that keeps dying at once (no sandbox on this host, a broken toolchain) is restarted ever
// more slowly, up to once a minute, instead of every 2 s forever; a run that lasted a minute resets it.
const RESTART_DELAY_MS = 2_000;
const MAX_RESTART_FACTOR = 30;
const STABLE_RUN_MS = 60_000;

/**
 * What the worker may inherit from the server's environment (issue 9 item 5). Everything else stays
 * behind: DATABASE_URL, JWT_TOKEN_SECRET, SMTP_PASSWORD, VERDICT_ROOT_PASSWORD … are the
 * server's, and a worker that never holds them cannot leak them to a submission that escapes its box.
 * Names: the process basics Node and the compilers' host tools read, then the worker's own settings.
 */
const INHERITED_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  'NODE_OPTIONS', // e.g. --max-old-space-size for the worker, --inspect while debugging
  'NODE_EXTRA_CA_CERTS', // a worker reaching its server over https with a private CA
  'NODE_V8_COVERAGE', // coverage runs follow child processes through it
  'VERDICT_JAIL',
  'VERDICT_UNSAFE_NO_SANDBOX',
]);
/** The worker's settings (README "Judging"); VERDICT_ROOT_PASSWORD shares the VERDICT_ prefix, so no wider one. */
const INHERITED_PREFIXES = ['LC_', 'VERDICT_JUDGE_', 'VERDICT_SANDBOX_'];

/** The allow-listed part of `env`; the worker gets only this plus what the server hands it. */
export function workerEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (INHERITED_NAMES.has(name) || INHERITED_PREFIXES.some((p) => name.startsWith(p))) kept[name] = value;
  }
  return kept;
}

export interface EmbeddedJudgeOptions {
  serverUrl: string;
  token: string;
  dataDir: string;
  log: (message: string) => void;
  /** The worker's command line (node arguments); tests give another program. */
  workerArgs?: string[];
  /** First restart delay, doubled after each quick exit up to 30 times it (tests make it short). */
  restartDelayMs?: number;
}

/**
 * The one judge worker of a single-machine install. It runs as a child process, not inside the
 * server: a crash while judging cannot take the API down, and the supervisor starts it again
 * (its leased submissions go back to the queue, so none is lost).
 */
export class EmbeddedJudge {
  private child: ChildProcess | undefined;
  private stopped = false;
  private readonly baseDelayMs: number;
  private restartDelayMs: number;

  constructor(private readonly options: EmbeddedJudgeOptions) {
    this.baseDelayMs = options.restartDelayMs ?? RESTART_DELAY_MS;
    this.restartDelayMs = this.baseDelayMs;
  }

  start(): void {
    if (this.stopped) return;
    const args = this.options.workerArgs ?? [judgeCli, 'worker', '--server', this.options.serverUrl];
    const child = spawn(process.execPath, args, {
      env: {
        ...workerEnvironment(process.env),
        // The token goes through the environment, not argv, so that `ps` does not show it.
        VERDICT_JUDGE_TOKEN: this.options.token,
        VERDICT_JUDGE_NAME: process.env.VERDICT_JUDGE_NAME ?? `${os.hostname()}-embedded`,
        VERDICT_JUDGE_WORK_DIR:
          process.env.VERDICT_JUDGE_WORK_DIR ?? path.join(this.options.dataDir, 'judge'),
      },
      // The IPC channel is how the worker learns that this process ended, even by SIGKILL: it exits
      // when the channel closes (worker-main.ts watchParent), so no worker outlives its server.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.child = child;
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      this.child = undefined;
      if (this.stopped) return;
      const delay = Date.now() - startedAt >= STABLE_RUN_MS ? this.baseDelayMs : this.restartDelayMs;
      this.restartDelayMs = Math.min(delay * 2, this.baseDelayMs * MAX_RESTART_FACTOR);
      this.options.log(`embedded judge exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => this.start(), delay).unref();
    });
  }

  /** Asks the worker to finish what it is judging and waits for it to exit. */
  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}
