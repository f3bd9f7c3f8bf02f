/**
 * Sandbox benchmark (sandbox.md §6): run with `node --import tsx bench/sandbox/run.ts` as root after
 * `npm run build -w @verdict/judge`. Everything is measured in one run, and the sandboxed and plain
 * runs are interleaved, so the ratios hold even on a noisy host.
 *
 * Prints: per-run overhead against a plain spawn() of the same binary (median, p95; target ≤ 5 ms extra
 * at the median), runs per second with one and two slots, CPU-time error on a 500 ms busy loop (target
 * within 2 %), and peak-memory error at 64 and 256 MiB (target within 2 %).
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DEFAULT_SANDBOX_ENV,
  Sandbox,
  type SandboxRunOptions,
} from '../../packages/judge/src/sandbox/index.ts';

const execFileAsync = promisify(execFile);
const MiB = 1024 * 1024;

const SOURCES = {
  hello: '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n',
  burn: String.raw`
    #include <stdlib.h>
    #include <time.h>
    static long long cpu_ns(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
    int main(int argc, char **argv) {
      long long until = cpu_ns() + atoll(argv[1]) * 1000000LL;
      volatile unsigned long x = 0;
      do { for (int i = 0; i < 10000; i++) x++; } while (cpu_ns() < until);
      return 0;
    }`,
  touch: String.raw`
    #include <stdlib.h>
    #include <string.h>
    int main(int argc, char **argv) {
      size_t n = (size_t)atol(argv[1]) << 20;
      char *p = malloc(n);
      if (!p) return 2;
      memset(p, 1, n);
      return p[n - 1] == 1 ? 0 : 3;
    }`,
};

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k = '', v = ''] = a.replace(/^--/, '').split('=');
    return [k, v] as const;
  }),
);
const RUNS = Number(args.get('runs') ?? 300);
const WARMUP = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}
const median = (v: number[]) => percentile(v, 50);
const fmt = (n: number, digits = 2) => n.toFixed(digits);

function plainRun(file: string): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
  });
}

async function main(): Promise<void> {
  const sandbox = await Sandbox.create();
  if (sandbox.mode !== 'full') throw new Error(`needs the full sandbox: ${sandbox.host.problems.join('; ')}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-'));
  try {
    for (const [name, src] of Object.entries(SOURCES)) {
      fs.writeFileSync(path.join(work, `${name}.c`), src);
      await execFileAsync('gcc', ['-O2', '-o', path.join(work, name), path.join(work, `${name}.c`)]);
    }
    const options = (argv: string[], slot = 0, over: Partial<SandboxRunOptions> = {}): SandboxRunOptions => ({
      argv,
      workDir: work,
      env: { ...DEFAULT_SANDBOX_ENV },
      cpuTimeMs: 5000,
      wallTimeMs: 10_000,
      memoryBytes: 512 * MiB,
      processes: 16,
      outputBytes: MiB,
      slot,
      seccomp: 'default',
      ...over,
    });
    const boxedRun = async (slot = 0): Promise<{ ms: number; setupMs: number }> => {
      const start = process.hrtime.bigint();
      const r = await sandbox.run(options(['/w/hello'], slot));
      if (r.status !== 'ok') throw new Error(`hello in the sandbox: ${r.status} ${r.reason}`);
      return { ms: Number(process.hrtime.bigint() - start) / 1e6, setupMs: r.setupMs };
    };
    const hello = path.join(work, 'hello');

    console.log(
      `verdict sandbox benchmark — ${os.cpus().length} CPUs, kernel ${os.release()}, load ${os.loadavg()[0]?.toFixed(2)}`,
    );
    console.log(
      `cgroup ${sandbox.host.cgroup.layout?.version ?? 'none'}, ${RUNS} runs per figure after ${WARMUP} warm-up runs\n`,
    );

    // 1. Per-run latency, interleaved: plain spawn, then the sandbox, of the same hello-world binary.
    for (let i = 0; i < WARMUP; i++) {
      await plainRun(hello);
      await boxedRun();
    }
    const plain: number[] = [];
    const boxed: number[] = [];
    const setup: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      plain.push(await plainRun(hello));
      const b = await boxedRun();
      boxed.push(b.ms);
      setup.push(b.setupMs);
    }
    const extra = median(boxed) - median(plain);
    console.log('1. per-run latency of a C hello world (spawn → exit, from Node)');
    console.log(`   plain spawn()   median ${fmt(median(plain))} ms   p95 ${fmt(percentile(plain, 95))} ms`);
    console.log(`   sandbox         median ${fmt(median(boxed))} ms   p95 ${fmt(percentile(boxed, 95))} ms`);
    console.log(
      `   extra per run   median ${fmt(extra)} ms (target ≤ 5 ms: ${extra <= 5 ? 'met' : 'NOT met'})   p95 ${fmt(percentile(boxed, 95) - percentile(plain, 95))} ms   ratio ${fmt(median(boxed) / median(plain))}×`,
    );
    console.log(`   helper setup before execve (inside the sandbox run): median ${fmt(median(setup))} ms\n`);

    // 2. Throughput: one slot, then two slots in parallel (one run at a time per slot).
    const throughput = async (slots: number, run: (slot: number) => Promise<unknown>): Promise<number> => {
      const perSlot = Math.ceil(RUNS / slots);
      const start = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: slots }, async (_, slot) => {
          for (let i = 0; i < perSlot; i++) await run(slot);
        }),
      );
      return (perSlot * slots) / (Number(process.hrtime.bigint() - start) / 1e9);
    };
    const plain1 = await throughput(1, () => plainRun(hello));
    const boxed1 = await throughput(1, (slot) => boxedRun(slot));
    const plain2 = await throughput(2, () => plainRun(hello));
    const boxed2 = await throughput(2, (slot) => boxedRun(slot));
    console.log('2. runs per second (hello world)');
    console.log(
      `   1 slot    sandbox ${fmt(boxed1, 0)}/s   plain ${fmt(plain1, 0)}/s   sandbox/plain ${fmt(boxed1 / plain1)}`,
    );
    console.log(
      `   2 slots   sandbox ${fmt(boxed2, 0)}/s   plain ${fmt(plain2, 0)}/s   sandbox/plain ${fmt(boxed2 / plain2)}`,
    );
    console.log(`   2 slots / 1 slot: sandbox ${fmt(boxed2 / boxed1)}×, plain ${fmt(plain2 / plain1)}×\n`);

    // 3. CPU-time accuracy: a program that burns 500 ms of CPU from the start of main.
    const cpu: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await sandbox.run(options(['/w/burn', '500']));
      if (r.status !== 'ok') throw new Error(`burn: ${r.status} ${r.reason}`);
      cpu.push(r.cpuTimeMs);
    }
    const cpuErr = cpu.map((c) => ((c - 500) / 500) * 100);
    const worstCpu = Math.max(...cpuErr.map(Math.abs));
    console.log('3. CPU time of a 500 ms busy loop (10 runs)');
    console.log(
      `   reported median ${fmt(median(cpu))} ms, min ${fmt(Math.min(...cpu))}, max ${fmt(Math.max(...cpu))}`,
    );
    console.log(
      `   error median ${fmt(median(cpuErr))} %, worst ${fmt(worstCpu)} % (target within 2 %: ${worstCpu <= 2 ? 'met' : 'NOT met'})\n`,
    );

    // 4. Peak-memory accuracy: a program that touches exactly N MiB.
    console.log(
      '4. peak memory of a program touching N MiB (5 runs each; cgroup peak, ru_maxrss for reference)',
    );
    for (const mib of [64, 256]) {
      const peaks: number[] = [];
      const rss: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await sandbox.run(options(['/w/touch', String(mib)]));
        if (r.status !== 'ok') throw new Error(`touch ${mib}: ${r.status} ${r.reason}`);
        peaks.push(r.memoryBytes / MiB);
        rss.push(r.rssBytes / MiB);
      }
      const err = ((median(peaks) - mib) / mib) * 100;
      const worst = Math.max(...peaks.map((p) => Math.abs(((p - mib) / mib) * 100)));
      console.log(
        `   ${String(mib).padStart(3)} MiB: peak median ${fmt(median(peaks))} MiB (error ${fmt(err)} %, worst ${fmt(worst)} %: ${worst <= 2 ? 'met' : 'NOT met'})   ru_maxrss ${fmt(median(rss))} MiB`,
      );
    }
    await sandbox.settle();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
