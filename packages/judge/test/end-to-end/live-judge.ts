import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { systemConfig } from '../../../server/src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';

export { apiClient, poll, signIn } from '../../../server/test/helpers/api-client.ts';

/**
 * A real Verdict server on a local port with one real `verdict-judge worker` process attached:
 * what end-to-end judge tests need to go through the HTTP API, the gateway and the sandbox.
 */
const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');

export interface LiveJudge {
  t: TestApp;
  url: string;
  worker: ChildProcess;
  close(): Promise<void>;
}

export async function startLiveJudge(options: {
  name: string;
  /** VERDICT_JUDGE_LANGUAGES: fewer languages keep the worker's start-up self-test short */
  languages?: string[];
  concurrency?: number;
}): Promise<LiveJudge> {
  const t = await buildTestApp();
  // The site's 8 s interval between one user's submissions (reference §6.1) would only slow tests.
  const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0 } })
    .where(eq(systemConfig.name, 'switch'));
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const workDir = path.join(tmpdir(), `verdict-live-judge-${options.name}-${process.pid}`);
  const worker = spawn(
    process.execPath,
    [
      cli,
      'worker',
      '--server',
      url,
      '--name',
      options.name,
      '--concurrency',
      String(options.concurrency ?? 1),
    ],
    {
      env: {
        ...process.env,
        VERDICT_JUDGE_TOKEN: JUDGE_TOKEN,
        VERDICT_JUDGE_WORK_DIR: workDir,
        ...(options.languages ? { VERDICT_JUDGE_LANGUAGES: options.languages.join(',') } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  worker.stdout!.resume();
  worker.stderr!.resume();
  return {
    t,
    url,
    worker,
    async close() {
      if (worker.exitCode === null && worker.signalCode === null) {
        const exited = new Promise((r) => worker.once('exit', r));
        worker.kill('SIGTERM');
        await exited;
      }
      await t.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
