import fs from 'node:fs';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, runCompiler } from '../../src/grading/compile.ts';
import { CompileCache } from '../../src/grading/compile-cache.ts';
import { PrecompiledHeaders } from '../../src/grading/compile-headers.ts';
import { Workspace } from '../../src/grading/workspace.ts';
import { findLanguage } from '../../src/languages/index.ts';
import { Bench, makeProblem, missingToolchain, testSlot } from '../regression/harness.ts';

/**
 * Issue 25 items 3 and 4: the C++ languages' bits/stdc++.h precompiled with their own flags and used
 * by g++ inside the box, and compiled programs (and compile errors) reused by content.
 */
const SLOT = testSlot(7);
let bench: Bench;
let headers: PrecompiledHeaders;

const STDCPP_AB = `#include <bits/stdc++.h>
using namespace std;
int main() { long long a, b; cin >> a >> b; cout << a + b << endl; }
`;
/** Code before the include: g++ cannot use the PCH and must read the plain header instead. */
const STDCPP_LATE = `#include <cstdio>
#define LATE 1
#include <bits/stdc++.h>
int main() { long long a, b; std::cin >> a >> b; std::cout << a + b + LATE - 1 << std::endl; }
`;
const C_AB =
  '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const C_BROKEN = 'int main(void) { return x; }\n';
const AB = [{ in: '1 2\n', out: '3\n' }];

beforeAll(async () => {
  bench = await Bench.create(SLOT);
  headers = new PrecompiledHeaders(path.join(bench.root, 'pch'));
}, 300_000);

afterAll(() => bench.dispose());

describe.skipIf(missingToolchain('C++ 17') !== null)('issue 25 item 3: precompiled headers', () => {
  it('builds bits/stdc++.h with the language flags once, and g++ uses it inside the box', async () => {
    const cpp17 = findLanguage('C++ 17')!;
    const [built] = await headers.prepare([cpp17], bench.sandbox, SLOT, bench.workRoot);
    expect(built).toMatchObject({ language: 'C++ 17', status: 'built' });
    expect(built!.bytes).toBeGreaterThan(1 << 20);
    // a second preparation (the next worker start, another worker of the host) finds it
    const again = new PrecompiledHeaders(headers.dir);
    expect((await again.prepare([cpp17], bench.sandbox, SLOT, bench.workRoot))[0]).toMatchObject({
      status: 'ready',
    });

    // g++ -H marks a precompiled header it used with "!", one it could not use with "x"
    const workspace = await Workspace.create(bench.workRoot, 'pch-check');
    try {
      fs.writeFileSync(path.join(workspace.box, 'main.cpp'), STDCPP_AB);
      const use = (await headers.forCompile(cpp17, workspace.box))!;
      expect(use).toBeDefined();
      const argv = [
        '/usr/bin/g++',
        ...use.args,
        '-H',
        '-DONLINE_JUDGE',
        '-w',
        '-fmax-errors=1',
        '-std=c++17',
        'main.cpp',
        '-o',
        'main',
      ];
      const run = await runCompiler({
        sandbox: bench.sandbox,
        slot: SLOT,
        argv,
        step: { ...cpp17.compile!, env: cpp17.compile!.env },
        dir: workspace.box,
        outDir: workspace.out,
        extraBinds: [use.bind],
      });
      expect(run.status, run.output).toBe('ok');
      expect(run.output).toMatch(/^! \/verdict-pch\/bits\/stdc\+\+\.h\.gch$/m);
      // other flags (C++ 20's): g++ refuses this PCH and reads the plain header
      const other = await runCompiler({
        sandbox: bench.sandbox,
        slot: SLOT,
        argv: argv.map((a) => (a === '-std=c++17' ? '-std=c++20' : a)),
        step: cpp17.compile!,
        dir: workspace.box,
        outDir: workspace.out,
        extraBinds: [use.bind],
      });
      expect(other.status, other.output).toBe('ok');
      expect(other.output).toMatch(/^x \/verdict-pch\/bits\/stdc\+\+\.h\.gch$/m);
      // a source that does not include it compiles without
      fs.writeFileSync(path.join(workspace.box, 'main.cpp'), '#include <iostream>\nint main() {}\n');
      expect(await headers.forCompile(cpp17, workspace.box)).toBeUndefined();
      // another language than the prepared one has none
      fs.writeFileSync(path.join(workspace.box, 'main.cpp'), STDCPP_AB);
      expect(await headers.forCompile(findLanguage('C++ 20')!, workspace.box)).toBeUndefined();
    } finally {
      await workspace.dispose();
    }
  }, 300_000);

  it('judges with it: the header included first, or after other code (then without it)', async () => {
    const ctx = { ...bench.context(), headers };
    for (const code of [STDCPP_AB, STDCPP_LATE]) {
      const task = bench.task('C++ 17', code, makeProblem(), AB);
      const { judgeSubmission } = await import('../../src/grading/judge-submission.ts');
      const r = await judgeSubmission(task, ctx, async () => true);
      expect(r.status, r.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
    }
  });
});

describe('issue 25 item 4: compile cache', () => {
  it('compiles the same source, language and compiler once; compile errors too; other flags apart', async () => {
    const cache = new CompileCache(path.join(bench.root, 'compiled'), 64 << 20);
    const compileIn = async (language: string, source: string) => {
      const spec = findLanguage(language)!;
      const workspace = await Workspace.create(bench.workRoot, 'cache');
      try {
        fs.writeFileSync(path.join(workspace.box, spec.sourceName), source);
        const outcome = await compile({
          sandbox: bench.sandbox,
          slot: SLOT,
          language: spec,
          dir: workspace.box,
          outDir: workspace.out,
          cache,
        });
        const exe = path.join(workspace.box, spec.executableName);
        return { outcome, exe: fs.existsSync(exe) ? fs.readFileSync(exe) : null };
      } finally {
        await workspace.dispose();
      }
    };
    const first = await compileIn('C', C_AB);
    expect(first.outcome).toMatchObject({ status: 'ok' });
    expect(first.outcome).not.toHaveProperty('cached');
    const second = await compileIn('C', C_AB);
    expect(second.outcome).toMatchObject({ status: 'ok', cached: true });
    expect(second.exe!.equals(first.exe!)).toBe(true);
    expect(cache.stats).toMatchObject({ compiles: 1, hits: 1 });

    const broken = await compileIn('C', C_BROKEN);
    const brokenAgain = await compileIn('C', C_BROKEN);
    expect(broken.outcome.status).toBe('compile-error');
    expect(brokenAgain.outcome).toEqual(broken.outcome);
    expect(cache.stats).toMatchObject({ compiles: 2, hits: 2, errorHits: 1 });

    // other flags (-O2) make another program
    expect((await compileIn('C With O2', C_AB)).outcome).not.toHaveProperty('cached');
    expect(cache.stats.compiles).toBe(3);
    // concurrent compiles of one key run the compiler once
    await Promise.all([compileIn('C', `${C_AB}// twin\n`), compileIn('C', `${C_AB}// twin\n`)]);
    expect(cache.stats.compiles).toBe(4);

    // kept on disk: a new process (a worker restart) finds the entries once they are written
    await cache.idle();
    const restarted = new CompileCache(cache.dir, 64 << 20);
    const spec = findLanguage('C')!;
    const workspace = await Workspace.create(bench.workRoot, 'cache');
    try {
      fs.writeFileSync(path.join(workspace.box, spec.sourceName), C_AB);
      const outcome = await compile({
        sandbox: bench.sandbox,
        slot: SLOT,
        language: spec,
        dir: workspace.box,
        outDir: workspace.out,
        cache: restarted,
      });
      expect(outcome).toMatchObject({ status: 'ok', cached: true });
      expect(restarted.stats.compiles).toBe(0);
      // and what another worker of the host compiles after that (one directory per host)
      const twin = await compileIn('C', `${C_AB}// compiled by the other worker\n`);
      expect(twin.outcome).not.toHaveProperty('cached');
      await cache.idle();
      await fs.promises.writeFile(
        path.join(workspace.box, spec.sourceName),
        `${C_AB}// compiled by the other worker\n`,
      );
      await fs.promises.rm(path.join(workspace.box, spec.executableName), { force: true });
      const shared = await compile({
        sandbox: bench.sandbox,
        slot: SLOT,
        language: spec,
        dir: workspace.box,
        outDir: workspace.out,
        cache: restarted,
      });
      expect(shared).toMatchObject({ status: 'ok', cached: true });
      expect(restarted.stats.compiles).toBe(0);
    } finally {
      await workspace.dispose();
    }
  });

  it('keeps the program as the compiler left it, whatever the runs after the compile do to /w', async () => {
    const cache = new CompileCache(path.join(bench.root, 'as-compiled'), 64 << 20);
    const C = findLanguage('C')!;
    const compileHere = async (box: string, out: string) =>
      compile({ sandbox: bench.sandbox, slot: SLOT, language: C, dir: box, outDir: out, cache });
    const first = await Workspace.create(bench.workRoot, 'as-compiled');
    let compiled: Buffer;
    try {
      fs.writeFileSync(path.join(first.box, C.sourceName), C_AB);
      expect(await compileHere(first.box, first.out)).not.toHaveProperty('cached');
      const exe = path.join(first.box, C.executableName);
      compiled = fs.readFileSync(exe);
      // the entry is written after the compile answers; a run may already change the work directory
      fs.writeFileSync(exe, 'changed by a run');
      fs.writeFileSync(path.join(first.box, 'left-by-a-run.txt'), 'x');
    } finally {
      await first.dispose();
    }
    await cache.idle();
    const second = await Workspace.create(bench.workRoot, 'as-compiled');
    try {
      fs.writeFileSync(path.join(second.box, C.sourceName), C_AB);
      expect(await compileHere(second.box, second.out)).toMatchObject({ cached: true });
      const exe = path.join(second.box, C.executableName);
      expect(fs.readFileSync(exe).equals(compiled)).toBe(true);
      expect(fs.statSync(exe).mode & 0o111).not.toBe(0);
      expect(fs.existsSync(path.join(second.box, 'left-by-a-run.txt'))).toBe(false);
    } finally {
      await second.dispose();
    }
  });

  it('stays within its bound, least recently used out first', async () => {
    const dir = path.join(bench.root, 'small');
    const C = findLanguage('C')!;
    const one = async (cache: CompileCache, n: number) => {
      const workspace = await Workspace.create(bench.workRoot, 'bound');
      try {
        fs.writeFileSync(path.join(workspace.box, 'main.c'), `${C_AB}// ${n}\n`);
        return await compile({
          sandbox: bench.sandbox,
          slot: SLOT,
          language: C,
          dir: workspace.box,
          outDir: workspace.out,
          cache,
        });
      } finally {
        await workspace.dispose();
      }
    };
    const probe = new CompileCache(dir, 1 << 30);
    await one(probe, 0);
    await probe.idle();
    const entryBytes = Number(fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!, 'bytes'), 'utf8'));
    // room for two programs
    const cache = new CompileCache(dir, entryBytes * 2 + entryBytes / 2);
    await one(cache, 1);
    await one(cache, 2);
    await cache.idle();
    expect(fs.readdirSync(dir).filter((n) => /^[0-9a-f]{64}$/.test(n))).toHaveLength(2);
    await one(cache, 2); // used again: 1 is now the oldest
    await one(cache, 3);
    await cache.idle();
    const left = fs.readdirSync(dir).filter((n) => /^[0-9a-f]{64}$/.test(n));
    expect(left).toHaveLength(2);
    expect(cache.stats.compiles).toBe(3);
    expect(await one(cache, 2)).toMatchObject({ cached: true });
    expect(await one(cache, 1)).not.toHaveProperty('cached');
  });
});
