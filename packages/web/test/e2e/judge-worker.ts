import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { JUDGE_TOKEN } from '../../../server/test/helpers/app.ts';

const cli = path.resolve(import.meta.dirname, '../../../judge/bin/verdict-judge.js');

export interface TestJudgeWorker {
  stop(): Promise<void>;
}

/**
 * Starts `verdict-judge worker` with `args` and `env` and waits until `ready(output)` passes (an
 * expect that throws until then). If it never does, the worker is stopped and the error carries its
 * output under `failure`. `stop()` ends it with SIGTERM, as a service manager would, then `cleanUp`.
 */
async function startWorkerProcess(o: {
  args: string[];
  env: Record<string, string>;
  ready: (output: string) => void | Promise<void>;
  timeoutMs: number;
  intervalMs: number;
  failure: string;
  cleanUp?: () => Promise<void>;
}): Promise<TestJudgeWorker> {
  const worker = spawn(process.execPath, [cli, 'worker', ...o.args], {
    env: { ...process.env, VERDICT_JUDGE_TOKEN: JUDGE_TOKEN, ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await o.cleanUp?.();
  };
  try {
    await vi.waitFor(
      async () => {
        expect(worker.exitCode, 'the worker exited').toBeNull();
        await o.ready(output);
      },
      { timeout: o.timeoutMs, interval: o.intervalMs },
    );
  } catch (error) {
    await stop();
    throw new Error(`${o.failure}:\n${output}`, { cause: error });
  }
  return { stop };
}

/**
 * A real judge worker for a browser test, offering `languages` to the server at `serverUrl`. It
 * resolves once the server lists every one of them as available: a page opened before that would
 * show "no judge online" and offer no way to submit. The worker's output is kept for the error.
 */
export async function startJudgeWorker(
  serverUrl: string,
  name: string,
  languages: string[],
): Promise<TestJudgeWorker> {
  const workDir = path.join(tmpdir(), `verdict-${name}-${process.pid}`);
  return startWorkerProcess({
    args: ['--server', serverUrl, '--name', name, '--concurrency', '1'],
    env: { VERDICT_JUDGE_LANGUAGES: languages.join(','), VERDICT_JUDGE_WORK_DIR: workDir },
    ready: async () => {
      const res = await fetch(`${serverUrl}/api/languages`);
      const { data } = (await res.json()) as { data: { name: string; available: boolean }[] };
      const online = new Set(data.filter((l) => l.available).map((l) => l.name));
      expect(
        languages.filter((l) => !online.has(l)),
        'languages not online yet',
      ).toEqual([]);
    },
    timeoutMs: 90_000,
    intervalMs: 200,
    failure: `the judge worker did not come online for ${languages.join(', ')}`,
    cleanUp: () => rm(workDir, { recursive: true, force: true }),
  });
}

/**
 * A real remote-judge worker (`verdict-judge worker --remote CF,…`, issue 30) for a browser test,
 * told the fake sites' addresses in `siteEnv` (VERDICT_REMOTE_CF_URL…). It resolves once the worker
 * has registered with the server and says which sites it judges on.
 */
export async function startRemoteJudgeWorker(
  serverUrl: string,
  name: string,
  sites: string[],
  siteEnv: Record<string, string>,
): Promise<TestJudgeWorker> {
  return startWorkerProcess({
    args: ['--server', serverUrl, '--name', name, '--concurrency', '1', '--remote', sites.join(',')],
    // the fakes answer at once: poll every 50 ms
    env: { ...siteEnv, VERDICT_REMOTE_FAST: '1' },
    ready: (output) => expect(output).toContain(`judging on ${sites.join(', ')}`),
    timeoutMs: 60_000,
    intervalMs: 100,
    failure: 'the remote judge worker did not start',
  });
}
