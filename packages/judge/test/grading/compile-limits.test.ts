import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compile, COMPILE_MESSAGE_BYTES, type CompileOutcome } from '../../src/grading/compile.ts';
import { COMPILE_OUTPUT_BYTES } from '../../src/grading/limits.ts';
import { Workspace } from '../../src/grading/workspace.ts';
import { findLanguage, type CompileStep, type LanguageSpec } from '../../src/languages/index.ts';
import { getSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { missingToolchain, processesOfSlot, testSlot } from '../regression/harness.ts';

/**
 * The compile step's own limits (issue 3 "Grading": compile with its own time, memory and output
 * limits; reference §8.4, §8.5 "compile" row), with the real g++ in the real sandbox. The time and
 * memory limits are lowered here so that each hostile source fails in well under a second.
 */
const SLOT = testSlot(6);
const CPP = findLanguage('C++')!;
const missing = missingToolchain('C++');
let sandbox: Sandbox;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-compile-limits-'));

beforeAll(async () => {
  sandbox = await getSandbox();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  expect(processesOfSlot(SLOT, sandbox.uidBase)).toEqual([]);
  await sandbox.settle();
  expect(sandbox.leftoverCgroups(SLOT)).toEqual([]);
});

/** C++ with some compile limits replaced. */
const cpp = (limits: Partial<CompileStep>): LanguageSpec => ({
  ...CPP,
  compile: { ...CPP.compile!, ...limits },
});

async function compileSource(language: LanguageSpec, source: string): Promise<CompileOutcome> {
  const workspace = await Workspace.create(root, 'compile');
  try {
    fs.writeFileSync(path.join(workspace.box, language.sourceName), source);
    return await compile({ sandbox, slot: SLOT, language, dir: workspace.box, outDir: workspace.out });
  } finally {
    await workspace.dispose();
  }
}

/** C(300+300, 300) distinct instantiations: about 2 s of g++ CPU time. */
const TEMPLATE_BOMB = `template <int A, int B> struct T { static constexpr long v = (T<A - 1, B>::v + T<A, B - 1>::v) % 1000003; };
template <int B> struct T<0, B> { static constexpr long v = 1; };
template <int A> struct T<A, 0> { static constexpr long v = 1; };
template <> struct T<0, 0> { static constexpr long v = 1; };
int main() { return (int)T<300, 300>::v; }
`;

/**
 * One static_assert whose message is `16^levels` copies of a `chunk`-byte literal, from a source of about
 * `chunk` bytes: a few long tokens, so that the compiler needs little memory to print it.
 */
function assertFlood(levels: number, chunk: number, extra = ''): string {
  const lines = [`#define S0 "${'0123456789abcdef'.repeat(chunk / 16)}"`];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `#define S${i} ${Array(16)
        .fill(`S${i - 1}`)
        .join(' ')}`,
    );
  lines.push(`static_assert(false, S${levels} ${extra});`, 'int main() {}', '');
  return lines.join('\n');
}

describe.skipIf(missing !== null)(`compile limits (C++)${missing ? ` — skipped: ${missing}` : ''}`, () => {
  it('a template bomb that passes the compile time limit is a compile error that says so', async () => {
    const r = await compileSource(cpp({ cpuTimeMs: 500, wallTimeMs: 3000 }), TEMPLATE_BOMB);
    expect(r.status).toBe('compile-error');
    expect(r.status === 'compile-error' && r.message).toMatch(
      /Compilation time limit exceeded \(500 ms CPU, 3000 ms wall\)$/,
    );
  });

  it('the same source compiles within a generous limit (so it was the limit that stopped it)', async () => {
    const r = await compileSource(cpp({ cpuTimeMs: 20_000, wallTimeMs: 60_000 }), TEMPLATE_BOMB);
    expect(r.status).toBe('ok');
  });

  it('a compile that needs more than the compile memory limit is a compile error that says so', async () => {
    // the whole standard library: cc1plus needs well over 32 MB for it
    const r = await compileSource(cpp({ memoryMb: 32 }), '#include <bits/stdc++.h>\nint main() {}\n');
    expect(r.status).toBe('compile-error');
    expect(r.status === 'compile-error' && r.message).toMatch(/Compilation memory limit exceeded \(32 MB\)$/);
  });

  it('a huge error message reaches the user cut to the first 64 KiB', async () => {
    const r = await compileSource(CPP, assertFlood(2, 1024)); // a 256 KiB message
    expect(r.status).toBe('compile-error');
    const message = r.status === 'compile-error' ? r.message : '';
    expect(message).toMatch(/^main\.cpp:\d+:\d+: error: static assertion failed: 0123456789abcdef/);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(COMPILE_MESSAGE_BYTES);
    expect(Buffer.byteLength(message)).toBeGreaterThan(COMPILE_MESSAGE_BYTES - 4);
  });

  it('compiler output beyond the compile output limit (64 MiB) stops the compiler: a compile error that says so', async () => {
    // 16^3 × 16 KiB = 64 MiB, plus 4 MiB: past the limit, with the real C++ limits
    const r = await compileSource(CPP, assertFlood(3, 16 * 1024, 'S2'));
    expect(COMPILE_OUTPUT_BYTES).toBe(64 * 1024 * 1024);
    expect(r.status).toBe('compile-error');
    const message = r.status === 'compile-error' ? r.message : '';
    expect(message).toMatch(/^main\.cpp:\d+:\d+: error: static assertion failed: /);
    expect(message).toMatch(/\nCompilation output limit exceeded$/);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(COMPILE_MESSAGE_BYTES + 100);
  });
});
