import os from 'node:os';
import path from 'node:path';
import { CompileCache, defaultCompileCacheDir } from './grading/compile-cache.ts';
import { defaultHeadersDir, PrecompiledHeaders } from './grading/compile-headers.ts';
import { acquireSlots, describeOwner, HostLock, workDirKey, type LockOwner } from './host-locks.ts';
import { detectLanguages, LANGUAGES } from './languages/index.ts';
import { MAX_SLOTS } from './sandbox/helper-args.ts';
import { getSandbox, type Sandbox } from './sandbox/index.ts';
import type { LanguageSpec } from './languages/index.ts';
import { JudgeWorker } from './worker.ts';

export interface WorkerSettings {
  server: string;
  token: string;
  name: string;
  concurrency: number;
  workDir: string;
  cacheMb: number;
  /** Bound of the compile cache in MiB (VERDICT_JUDGE_COMPILE_CACHE_MB); 0 turns it off. */
  compileCacheMb: number;
  /** Where precompiled headers live (VERDICT_JUDGE_PCH_DIR), or null (VERDICT_JUDGE_PCH=off). */
  headersDir: string | null;
  /** Only these user languages (VERDICT_JUDGE_LANGUAGES, comma-separated); all by default. */
  only: string[] | undefined;
}

/** Worker settings from flags, then the environment, then one-machine defaults. */
export function workerSettings(
  flags: {
    server: string;
    token?: string;
    name?: string;
    concurrency?: string;
  },
  env: NodeJS.ProcessEnv = process.env,
): WorkerSettings {
  const token = flags.token ?? env.VERDICT_JUDGE_TOKEN;
  if (!token) throw new Error('a judge token is needed: --token T or VERDICT_JUDGE_TOKEN');
  if (!/^https?:\/\//.test(flags.server))
    throw new Error(`--server must be an http(s) URL, got "${flags.server}"`);
  const name = flags.name ?? env.VERDICT_JUDGE_NAME ?? `${os.hostname()}-${process.pid}`;
  const concurrencyText = flags.concurrency ?? env.VERDICT_JUDGE_CONCURRENCY;
  // One core stays free for compilers and the server by default, so run times stay honest.
  const concurrency = concurrencyText ? Number(concurrencyText) : Math.max(1, os.availableParallelism() - 1);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new Error(`concurrency must be a whole number from 1 to 64, got "${concurrencyText}"`);
  }
  const cacheMb = Number(env.VERDICT_JUDGE_CACHE_MB ?? 2048);
  if (!Number.isFinite(cacheMb) || cacheMb < 16)
    throw new Error('VERDICT_JUDGE_CACHE_MB must be at least 16');
  const compileCacheMb = Number(env.VERDICT_JUDGE_COMPILE_CACHE_MB ?? 512);
  if (!Number.isFinite(compileCacheMb) || compileCacheMb < 0)
    throw new Error('VERDICT_JUDGE_COMPILE_CACHE_MB must be a number of MiB, 0 to turn the cache off');
  const pch = env.VERDICT_JUDGE_PCH ?? 'on';
  if (pch !== 'on' && pch !== 'off') throw new Error(`VERDICT_JUDGE_PCH must be "on" or "off", got "${pch}"`);
  const headersDir = pch === 'on' ? defaultHeadersDir(env) : null;
  const workDir = path.resolve(env.VERDICT_JUDGE_WORK_DIR ?? path.join(os.tmpdir(), `verdict-judge-${name}`));
  const only = env.VERDICT_JUDGE_LANGUAGES?.split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const name of only ?? []) {
    if (!LANGUAGES.some((l) => l.name === name))
      throw new Error(`VERDICT_JUDGE_LANGUAGES: unknown language "${name}"`);
  }
  return {
    server: flags.server,
    token,
    name,
    concurrency,
    workDir,
    cacheMb,
    compileCacheMb,
    headersDir,
    only,
  };
}

/**
 * `verdict-judge worker`: checks the sandbox, self-tests every language, then judges until
 * SIGTERM or SIGINT, finishing the submissions in progress before it exits.
 */
export async function runWorker(settings: WorkerSettings): Promise<number> {
  watchParent(settings.name);
  const sandbox = await getSandbox(); // refuses (throws with the reasons) when the host cannot sandbox
  // issue 25 item 1: the work directory (run/, self-test/, caches) is this process's alone, and so are
  // the sandbox slots (uids) it judges in; both claims end with the process however it ends.
  const owner: LockOwner = { pid: process.pid, name: settings.name, workDir: settings.workDir };
  const dirClaim = await HostLock.acquire(workDirKey(settings.workDir), owner);
  if (!('lock' in dirClaim)) {
    throw new Error(
      `another judge worker is using the work directory ${settings.workDir} (${describeOwner(dirClaim.heldBy)}); ` +
        'give each worker its own VERDICT_JUDGE_WORK_DIR (or --name)',
    );
  }
  const { slots } = await acquireSlots(settings.concurrency, sandbox.uidBase, owner, MAX_SLOTS);
  const wanted = settings.only
    ? LANGUAGES.filter((l) => l.role !== 'user' || settings.only!.includes(l.name))
    : undefined;
  const languages = await detectLanguages({
    sandbox,
    workRoot: path.join(settings.workDir, 'self-test'),
    slot: slots[0],
    languages: wanted,
  });
  const missing = languages.reports.filter((r) => r.role === 'user' && !r.available);
  console.log(
    `[judge ${settings.name}] languages: ${languages.available.map((l) => l.name).join(', ') || 'none'}` +
      (missing.length ? ` (not here: ${missing.map((r) => r.name).join(', ')})` : ''),
  );
  if (languages.available.length === 0) {
    console.error(`[judge ${settings.name}] no language passed its self-test; run "verdict-judge doctor"`);
    return 1;
  }
  const headers = settings.headersDir ? new PrecompiledHeaders(settings.headersDir) : undefined;
  const worker = new JudgeWorker({
    serverUrl: settings.server,
    token: settings.token,
    name: settings.name,
    concurrency: settings.concurrency,
    slots,
    workRoot: path.join(settings.workDir, 'run'),
    cacheDir: path.join(settings.workDir, 'cache'),
    cacheBytes: settings.cacheMb * 1024 * 1024,
    languages,
    version: '0.1.0',
    log: (message) => console.log(message),
    compileCache:
      settings.compileCacheMb > 0
        ? new CompileCache(defaultCompileCacheDir(), settings.compileCacheMb * 1024 * 1024)
        : undefined,
    headers,
    trace:
      process.env.VERDICT_JUDGE_TRACE === '1'
        ? (t) => console.log(`[trace] ${JSON.stringify(t)}`)
        : undefined,
  });
  console.log(
    `[judge ${settings.name}] sandbox slots ${slots.join(', ')} (uids from ${sandbox.uidBase + slots[0]!})`,
  );
  await worker.start();
  // issue 25 item 3: each C++ language's bits/stdc++.h, built once per host and compiler, in the
  // background in a slot of its own, so that judging starts at once (a compile uses a PCH once ready)
  if (headers) void buildHeaders(headers, languages.available, sandbox, owner, settings);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  console.log(`[judge ${settings.name}] stopping: finishing the submissions in progress`);
  await worker.stop();
  return 0;
}

/**
 * A worker started by a server (the embedded judge) has an IPC channel to it: when the channel closes,
 * the server is gone, however it ended (kill -9 included), and the worker ends at once rather than
 * live on under pid 1 and judge beside the next server's worker (issue 25 item 1). Its boxes end with
 * it (the sandbox helper's parent-death signal) and its leases run out, so nothing is lost. A worker
 * started by hand has no channel and is stopped by SIGTERM or SIGINT.
 */
function watchParent(name: string): void {
  if (!process.send) return;
  process.channel?.unref(); // the channel alone must not keep the worker alive
  process.once('disconnect', () => {
    console.error(`[judge ${name}] the server that started this worker is gone; exiting`);
    process.exit(1);
  });
}

async function buildHeaders(
  headers: PrecompiledHeaders,
  languages: readonly LanguageSpec[],
  sandbox: Sandbox,
  owner: LockOwner,
  settings: WorkerSettings,
): Promise<void> {
  if (!languages.some((l) => l.precompiledHeader)) return;
  try {
    const { slots, locks } = await acquireSlots(1, sandbox.uidBase, owner, MAX_SLOTS);
    try {
      await headers.prepare(languages, sandbox, slots[0]!, path.join(settings.workDir, 'pch-build'));
    } finally {
      await Promise.all(locks.map((l) => l.release()));
    }
    for (const r of headers.reports)
      console.log(
        `[judge ${settings.name}] precompiled header of ${r.language}: ${r.status}` +
          (r.status === 'failed' ? ` (${r.reason})` : r.status === 'built' ? ` in ${r.buildMs} ms` : ''),
      );
  } catch (error) {
    console.error(`[judge ${settings.name}] precompiled headers: ${(error as Error).message}`);
  }
}
