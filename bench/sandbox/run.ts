/**
 * Sandbox benchmark (sandbox.md §6): run with `node --import tsx bench/sandbox/run.ts` as root after
 * `npm run build -w @verdict/judge`. Everything is measured in one run, and the sandboxed and plain
 * runs are interleaved, so the ratios hold even on a noisy host.
 *
 * Prints: per-run latency of a warm box and of the per-run helper against a plain spawn() of the same
 * binary, interleaved (median, p95; issue 25 target: a warm box ≤ 1.3× a plain spawn at the median),
 * and of a warm box's run right after its previous one (as a submission's cases run); a judged case's
 * run (A+B, stdin from a file, stdout through a pipe) in a warm box and the next case's; runs per second
 * with one and two slots; CPU-time error on a 500 ms busy loop (target within 2 %); peak-memory error
 * at 64 and 256 MiB (target within 2 %); and the "noisy neighbour" (issue 9 item 5): the CPU-time error
 * of a 500 ms single-thread loop while slot 1 runs a 16-thread spinner, with and without the per-slot
 * isolation (cpuset pinning + one CPU share per box; target within 1 % with it). `--only=noisy` runs
 * just that figure, `--only=latency` just the first two; `--runs=N` sets the sample sizes.
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
import { runCollectingStdout } from '../../packages/judge/src/grading/stdout-pipe.ts';
import { pageFaultLine } from '../page-faults.ts';

const execFileAsync = promisify(execFile);
const MiB = 1024 * 1024;

const SOURCES = {
  hello: '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n',
  ab: '#include <stdio.h>\nint main(void) { long long a, b; while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); return 0; }\n',
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
  // a fixed amount of work (argv[1] iterations): its CPU time grows when a neighbour disturbs it
  loop: String.raw`
    #include <stdlib.h>
    int main(int argc, char **argv) {
      unsigned long n = strtoul(argv[1], NULL, 10);
      volatile unsigned long x = 0;
      for (unsigned long i = 0; i < n; i++) x += i;
      return 0;
    }`,
  // argv[1] threads spinning until killed
  spinner: String.raw`
    #include <pthread.h>
    #include <stdlib.h>
    static void *spin(void *arg) { volatile unsigned long x = 0; (void)arg; for (;;) x++; return NULL; }
    int main(int argc, char **argv) {
      int n = atoi(argv[1]);
      for (int i = 1; i < n; i++) { pthread_t t; pthread_create(&t, NULL, spin, NULL); }
      spin(NULL);
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
const ONLY = args.get('only');
const WARMUP = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}
const median = (v: number[]) => percentile(v, 50);
const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** A plain spawn() of `file`; with `input`, fed on stdin and its stdout read, as the judge does a case's. */
function plainRun(file: string, input?: string): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { stdio: input === undefined ? 'ignore' : ['pipe', 'pipe', 'ignore'] });
    child.once('error', reject);
    child.stdout?.resume();
    child.once('close', () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
    child.stdin?.end(input);
  });
}

async function main(): Promise<void> {
  const sandbox = await Sandbox.create();
  if (sandbox.mode !== 'full') throw new Error(`needs the full sandbox: ${sandbox.host.problems.join('; ')}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-'));
  try {
    for (const [name, src] of Object.entries(SOURCES)) {
      fs.writeFileSync(path.join(work, `${name}.c`), src);
      await execFileAsync('gcc', [
        '-O2',
        '-pthread',
        '-o',
        path.join(work, name),
        path.join(work, `${name}.c`),
      ]);
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
    const cold = await Sandbox.create({ host: sandbox.host, warm: false, quiet: true });
    // a run's time in three parts: until the program's execve, the program, and from its exit to the result
    type Boxed = { ms: number; setupMs: number; programMs: number; afterMs: number };
    const boxedRun = async (slot = 0, box = sandbox): Promise<Boxed> => {
      const start = process.hrtime.bigint();
      const r = await box.run(options(['/w/hello'], slot));
      if (r.status !== 'ok') throw new Error(`hello in the sandbox: ${r.status} ${r.reason}`);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      return { ms, setupMs: r.setupMs, programMs: r.wallTimeMs, afterMs: ms - r.setupMs - r.wallTimeMs };
    };
    const hello = path.join(work, 'hello');
    if (ONLY === 'noisy') {
      await noisyNeighbour(sandbox, options);
      return;
    }
    if (sandbox.warmProblem)
      console.log(`warm boxes: ${sandbox.warmProblem}; both figures are the per-run helper`);

    console.log(
      `verdict sandbox benchmark — ${os.cpus().length} CPUs, kernel ${os.release()}, load ${os.loadavg()[0]?.toFixed(2)}, ${pageFaultLine()}`,
    );
    console.log(
      `cgroup ${sandbox.host.cgroup.layout?.version ?? 'none'}, ${RUNS} runs per figure after ${WARMUP} warm-up runs\n`,
    );

    // 1. Per-run latency, interleaved: plain spawn, a warm box, the per-run helper, of the same binary.
    for (let i = 0; i < WARMUP; i++) {
      await plainRun(hello);
      await boxedRun();
      await boxedRun(0, cold);
    }
    const plain: number[] = [];
    const warmRuns: Boxed[] = [];
    const coldRuns: Boxed[] = [];
    // the warm box's run right after its previous one, as a submission's cases follow each other: the
    // helper prepares the next box after each report, and the other runs here give it time for that
    const backToBack: Boxed[] = [];
    for (let i = 0; i < RUNS; i++) {
      plain.push(await plainRun(hello));
      warmRuns.push(await boxedRun());
      backToBack.push(await boxedRun());
      coldRuns.push(await boxedRun(0, cold));
    }
    const boxed = warmRuns.map((r) => r.ms);
    const coldMs = coldRuns.map((r) => r.ms);
    const ratio = median(boxed) / median(plain);
    console.log('1. per-run latency of a C hello world (spawn → exit, from Node), interleaved');
    console.log(
      `   plain spawn()     median ${fmt(median(plain))} ms   p95 ${fmt(percentile(plain, 95))} ms`,
    );
    for (const [name, runs] of [
      ['warm box        ', warmRuns],
      ['  back to back  ', backToBack],
      ['per-run helper  ', coldRuns],
    ] as const) {
      const ms = runs.map((r) => r.ms);
      const part = (pick: (r: Boxed) => number) => fmt(median(runs.map(pick)));
      console.log(
        `   ${name}  median ${fmt(median(ms))} ms   p95 ${fmt(percentile(ms, 95))} ms   extra ${fmt(median(ms) - median(plain))} ms   ` +
          `ratio ${fmt(median(ms) / median(plain))}×`,
      );
      console.log(
        `     its parts (medians): until execve ${part((r) => r.setupMs)} ms, the program ${part((r) => r.programMs)} ms, ` +
          `from its exit to the result ${part((r) => r.afterMs)} ms`,
      );
    }
    console.log(
      `   warm box / plain spawn ${fmt(ratio)}× (target ≤ 1.3×: ${ratio <= 1.3 ? 'met' : 'NOT met'}), ` +
        `back to back ${fmt(median(backToBack.map((r) => r.ms)) / median(plain))}×; warm / per-run ${fmt(median(boxed) / median(coldMs))}×\n`,
    );
    await judgedCases(sandbox, options, work);
    if (ONLY === 'latency') {
      console.log(`load at the end ${os.loadavg()[0]?.toFixed(2)}`);
      return;
    }

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
    const cold1 = await throughput(1, (slot) => boxedRun(slot, cold));
    const plain2 = await throughput(2, () => plainRun(hello));
    const boxed2 = await throughput(2, (slot) => boxedRun(slot));
    console.log('2. runs per second (hello world)');
    console.log(
      `   1 slot    sandbox ${fmt(boxed1, 0)}/s   plain ${fmt(plain1, 0)}/s   sandbox/plain ${fmt(boxed1 / plain1)}`,
    );
    console.log(
      `   2 slots   sandbox ${fmt(boxed2, 0)}/s   plain ${fmt(plain2, 0)}/s   sandbox/plain ${fmt(boxed2 / plain2)}`,
    );
    console.log(`   1 slot    per-run helper ${fmt(cold1, 0)}/s (warm / per-run ${fmt(boxed1 / cold1)})`);
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
    console.log();
    await noisyNeighbour(sandbox, options);
    await sandbox.settle();
    await cold.settle();
    sandbox.close();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

type Options = (argv: string[], slot?: number, over?: Partial<SandboxRunOptions>) => SandboxRunOptions;

/**
 * 1b. A judged case's run, as the judge makes it (grading/case-judge.ts): A+B with stdin from a file,
 * stdout through a pipe the judge reads and stderr to a file, in a warm box, twice in a row (the
 * second as a submission's next case), interleaved with a plain spawn() fed and read the same way.
 */
async function judgedCases(sandbox: Sandbox, options: Options, work: string): Promise<void> {
  const input = path.join(work, 'ab.in');
  fs.writeFileSync(input, '1 2\n');
  const boxed = async (): Promise<number> => {
    const start = process.hrtime.bigint();
    const piped = await runCollectingStdout(
      sandbox,
      options(['/w/ab'], 0, { stdin: input, stderr: path.join(work, 'ab.err') }),
      MiB,
    );
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (piped.run.status !== 'ok' || piped.stdout.toString() !== '3\n')
      throw new Error(`A+B in the sandbox: ${piped.run.status} ${piped.run.reason}`);
    return ms;
  };
  const plainMs: number[] = [];
  const firstMs: number[] = [];
  const nextMs: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const round = [await plainRun(path.join(work, 'ab'), '1 2\n'), await boxed(), await boxed()] as const;
    if (i < WARMUP) continue;
    plainMs.push(round[0]);
    firstMs.push(round[1]);
    nextMs.push(round[2]);
  }
  const line = (name: string, runs: number[]) =>
    `   ${name}median ${fmt(median(runs))} ms   p95 ${fmt(percentile(runs, 95))} ms   ratio ${fmt(median(runs) / median(plainMs))}×`;
  console.log('1b. a judged case: A+B, stdin from a file, stdout through a pipe, stderr to a file');
  console.log(
    `   plain spawn()     median ${fmt(median(plainMs))} ms   p95 ${fmt(percentile(plainMs, 95))} ms`,
  );
  console.log(line('warm box          ', firstMs));
  console.log(line('  the next case   ', nextMs));
  console.log('');
}

/**
 * 5. Noisy neighbour: slot 0 runs a fixed 500 ms loop (10 runs alone, then 10 while slot 1 runs a
 * 16-thread spinner); the figure is the loop's CPU-time error against its runs alone. Done twice: with
 * the isolation (each slot pinned to its own CPU, each box one CPU share) and without it (a sandbox on
 * the same host with no pinning and no cpu cgroup, as before issue 9).
 */
async function noisyNeighbour(isolated: Sandbox, options: Options): Promise<void> {
  const samples = Math.max(5, Math.min(20, Math.round(RUNS / 30)));
  const parents = isolated.host.cgroupParents;
  const bare =
    parents?.version === 'v1'
      ? { ...parents, cpu: undefined }
      : parents
        ? { version: 'v2' as const, dir: parents.dir }
        : null;
  const shared = await Sandbox.create({
    host: { ...isolated.host, cgroupParents: bare },
    cpus: null,
    quiet: true,
  });

  const loopCpu = async (sandbox: Sandbox, iterations: number): Promise<number> => {
    const r = await sandbox.run(options(['/w/loop', String(iterations)], 0));
    if (r.status !== 'ok') throw new Error(`loop: ${r.status} ${r.reason}`);
    return r.cpuTimeMs;
  };
  // calibrate the loop to about 500 ms of CPU alone
  let iterations = 200_000_000;
  for (let i = 0; i < 3; i++)
    iterations = Math.round((iterations * 500) / (await loopCpu(isolated, iterations)));

  const measure = async (sandbox: Sandbox) => {
    const alone: number[] = [];
    for (let i = 0; i < samples; i++) alone.push(await loopCpu(sandbox, iterations));
    const spinner = sandbox.start(
      options(['/w/spinner', '16'], 1, { cpuTimeMs: 600_000, wallTimeMs: 600_000, processes: 32 }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const noisy: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < samples; i++) {
      const r = await sandbox.run(options(['/w/loop', String(iterations)], 0));
      if (r.status !== 'ok') throw new Error(`loop: ${r.status} ${r.reason}`);
      noisy.push(r.cpuTimeMs);
      wall.push(r.wallTimeMs);
    }
    spinner.kill();
    const spun = await spinner.result;
    const errors = noisy.map((c) => ((c - median(alone)) / median(alone)) * 100);
    return {
      alone: median(alone),
      noisy: median(noisy),
      wall: median(wall),
      error: Math.abs(median(errors)),
      worst: Math.max(...errors.map(Math.abs)),
      spinnerCpu: spun.cpuTimeMs,
    };
  };
  const on = await measure(isolated);
  const off = await measure(shared);
  console.log(
    `5. noisy neighbour: a ${fmt(on.alone, 0)} ms loop in slot 0 while slot 1 spins 16 threads (${samples} runs each)`,
  );
  console.log(`   slot CPUs: slot 0 → ${isolated.cpuOf(0) ?? 'any'}, slot 1 → ${isolated.cpuOf(1) ?? 'any'}`);
  for (const [name, m] of [
    ['with isolation   ', on],
    ['without isolation', off],
  ] as const) {
    console.log(
      `   ${name} alone ${fmt(m.alone, 1)} ms, with the spinner ${fmt(m.noisy, 1)} ms CPU (wall ${fmt(m.wall, 0)} ms): ` +
        `error median ${fmt(m.error)} %, worst ${fmt(m.worst)} %`,
    );
  }
  console.log(
    `   target within 1 % with isolation: ${on.worst <= 1 ? 'met' : on.error <= 1 ? 'met at the median' : 'NOT met'};` +
      ` error without / with: ${fmt(off.error / Math.max(on.error, 0.01), 1)}×,` +
      ` wall without / with: ${fmt(off.wall / on.wall)}×`,
  );
  await shared.settle();
}

await main();
