import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const judgeCli = path.resolve(import.meta.dirname, '../../judge/bin/verdict-judge.js');
const RESTART_DELAY_MS = 2_000;

export interface EmbeddedJudgeOptions {
  serverUrl: string;
  token: string;
  dataDir: string;
  log: (message: string) => void;
}

/**
 * The one judge worker of a single-machine install. It runs as a child process, not inside the
 * server: a crash while judging cannot take the API down, and the supervisor starts it again
 * (its leased submissions go back to the queue, so none is lost).
 */
export class EmbeddedJudge {
  private child: ChildProcess | undefined;
  private stopped = false;

  constructor(private readonly options: EmbeddedJudgeOptions) {}

  start(): void {
    if (this.stopped) return;
    const child = spawn(process.execPath, [judgeCli, 'worker', '--server', this.options.serverUrl], {
      env: {
        ...process.env,
        // The token goes through the environment, not argv, so that `ps` does not show it.
        VERDICT_JUDGE_TOKEN: this.options.token,
        VERDICT_JUDGE_NAME: process.env.VERDICT_JUDGE_NAME ?? `${os.hostname()}-embedded`,
        VERDICT_JUDGE_WORK_DIR:
          process.env.VERDICT_JUDGE_WORK_DIR ?? path.join(this.options.dataDir, 'judge'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    child.once('exit', (code, signal) => {
      this.child = undefined;
      if (this.stopped) return;
      this.options.log(`embedded judge exited (${signal ?? code}); restarting in ${RESTART_DELAY_MS} ms`);
      setTimeout(() => this.start(), RESTART_DELAY_MS).unref();
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
