import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expandArgv } from '../languages/argv.ts';
import type { LanguageSpec } from '../languages/types.ts';
import type { BindMount, Sandbox } from '../sandbox/index.ts';
import { WORK_TARGET } from '../sandbox/index.ts';
import { runCompiler, type HeaderSource } from './compile.ts';
import { MiB } from './limits.ts';
import { Workspace } from './workspace.ts';

/**
 * Precompiled headers (issue 25 item 3): each C++ language's bits/stdc++.h, built in the sandbox with
 * that language's exact flags, once per host and compiler build (the key), kept under a host-wide
 * directory that every worker of the host shares. A submission that includes the header compiles with
 * the PCH's directory first on its include path, bound read-only into the box; g++ uses the .gch
 * only when it is valid for the compile (same flags and compiler, included before any other code),
 * and reads the plain header otherwise, so a PCH can make a compile faster but never different.
 */
const execFileAsync = promisify(execFile);

/** Where the PCH directory appears inside the box. */
export const PCH_TARGET = '/verdict-pch';
/** Building a PCH takes more than an A+B compile: the .gch of bits/stdc++.h is 80–130 MB. */
const BUILD_LIMITS = { cpuTimeMs: 60_000, wallTimeMs: 120_000, memoryMb: 1536 };
const BUILD_WORK_BYTES = 512 * MiB;
/** Names the language of a build directory (for removing its older builds). */
const LANGUAGE_FILE = 'language';

export interface HeaderReport {
  language: string;
  status: 'ready' | 'built' | 'failed';
  bytes: number;
  /** How long the build took (0 when it was already there). */
  buildMs: number;
  compiler: string;
  reason?: string;
}

/** The default directory: one per host (root) or per user; VERDICT_JUDGE_PCH_DIR overrides it. */
export function defaultHeadersDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERDICT_JUDGE_PCH_DIR) return path.resolve(env.VERDICT_JUDGE_PCH_DIR);
  return process.getuid?.() === 0
    ? '/var/cache/verdict-judge/pch'
    : path.join(os.tmpdir(), `verdict-judge-pch-${process.getuid?.() ?? 'user'}`);
}

/** What names the compiler build: g++'s version and target, and the driver's and cc1plus's files. */
async function compilerIdentity(compiler: string): Promise<string> {
  const parts: string[] = [];
  const { stdout } = await execFileAsync(compiler, ['-dumpfullversion', '-dumpmachine']);
  parts.push(stdout.trim().replace(/\s+/g, ' '));
  const cc1plus = (await execFileAsync(compiler, ['-print-prog-name=cc1plus'])).stdout.trim();
  for (const file of [compiler, cc1plus]) {
    const real = await fs.realpath(file).catch(() => file);
    const info = await fs.stat(real).catch(() => undefined);
    parts.push(`${real}:${info?.size}:${info?.mtimeMs}`);
  }
  return parts.join(' ');
}

const includes = (source: string, header: string) =>
  new RegExp(`^\\s*#\\s*include\\s*<${header.replace(/[.+]/g, '\\$&')}>`, 'm').test(source);

export class PrecompiledHeaders implements HeaderSource {
  /** language name → the host directory holding `<header>.gch` */
  private readonly ready = new Map<string, string>();
  readonly reports: HeaderReport[] = [];

  constructor(readonly dir: string) {}

  /**
   * Builds (or finds) the PCH of every given language that declares one, one build at a time in
   * `slot`. A language's PCH is used from the moment it is ready.
   */
  async prepare(languages: readonly LanguageSpec[], sandbox: Sandbox, slot: number, workRoot: string) {
    for (const language of languages) {
      const spec = language.precompiledHeader;
      if (!spec) continue;
      const report = await this.prepareOne(language, spec, sandbox, slot, workRoot).catch(
        (error: unknown): HeaderReport => ({
          language: language.name,
          status: 'failed',
          bytes: 0,
          buildMs: 0,
          compiler: '',
          reason: (error as Error).message,
        }),
      );
      this.reports.push(report);
    }
    return this.reports;
  }

  private async prepareOne(
    language: LanguageSpec,
    spec: NonNullable<LanguageSpec['precompiledHeader']>,
    sandbox: Sandbox,
    slot: number,
    workRoot: string,
  ): Promise<HeaderReport> {
    const compiler = spec.argv[0]!;
    const identity = await compilerIdentity(compiler);
    const key = createHash('sha256')
      .update(JSON.stringify([spec, identity]))
      .digest('hex')
      .slice(0, 32);
    const home = path.join(this.dir, key);
    const gch = path.join(home, `${spec.header}.gch`);
    const base = { language: language.name, compiler: identity.split(' ')[0]! };
    const found = await fs.stat(gch).catch(() => undefined);
    if (found) {
      this.ready.set(language.name, home);
      return { ...base, status: 'ready', bytes: found.size, buildMs: 0 };
    }
    const started = performance.now();
    const workspace = await Workspace.create(workRoot, `pch-${key}`);
    try {
      const source = 'pch.h';
      const output = 'pch.h.gch';
      await fs.writeFile(path.join(workspace.box, source), `#include <${spec.header}>\n`);
      const run = await runCompiler({
        sandbox,
        slot,
        argv: expandArgv(spec.argv, {
          src: source,
          exe: output,
          memoryMb: BUILD_LIMITS.memoryMb,
          stackMb: 64,
          workDir: WORK_TARGET,
        }),
        step: { ...BUILD_LIMITS, env: language.compile?.env ?? {} },
        dir: workspace.box,
        outDir: workspace.out,
        workBytes: BUILD_WORK_BYTES,
        outputBytes: BUILD_WORK_BYTES,
      });
      if (run.status !== 'ok')
        throw new Error(`the build failed (${run.status}): ${run.output || run.reason}`);
      // published by renaming a finished directory: another worker of the host may build the same
      await fs.mkdir(this.dir, { recursive: true, mode: 0o755 });
      const temp = path.join(this.dir, `.build-${key}-${randomBytes(4).toString('hex')}`);
      await fs.mkdir(path.dirname(path.join(temp, `${spec.header}.gch`)), { recursive: true, mode: 0o755 });
      await fs.copyFile(path.join(workspace.box, output), path.join(temp, `${spec.header}.gch`));
      // the slot uids read it inside the box
      await fs.chmod(path.join(temp, `${spec.header}.gch`), 0o644);
      for (
        let d = path.dirname(path.join(temp, `${spec.header}.gch`));
        d.startsWith(temp);
        d = path.dirname(d)
      )
        await fs.chmod(d, 0o755);
      await fs.writeFile(path.join(temp, LANGUAGE_FILE), language.name);
      await fs.rename(temp, home).catch(async (error: unknown) => {
        await fs.rm(temp, { recursive: true, force: true });
        if (!(await fs.stat(gch).catch(() => undefined))) throw error;
      });
      this.ready.set(language.name, home);
      const bytes = (await fs.stat(gch)).size;
      await this.removeOlder(language.name, key);
      return { ...base, status: 'built', bytes, buildMs: Math.round(performance.now() - started) };
    } finally {
      await workspace.dispose();
    }
  }

  /** The builds of this language for an older compiler (or older flags): nothing uses them again. */
  private async removeOlder(language: string, key: string) {
    for (const name of await fs.readdir(this.dir)) {
      if (name === key || name.startsWith('.')) continue;
      const owner = await fs.readFile(path.join(this.dir, name, LANGUAGE_FILE), 'utf8').catch(() => null);
      if (owner === language) await fs.rm(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  /**
   * The include argument and bind of a compile whose source (in `dir`) includes the language's
   * precompiled header, or undefined: no PCH for this language, or the source does not include it.
   */
  async forCompile(
    language: LanguageSpec,
    dir: string,
  ): Promise<{ args: string[]; bind: BindMount } | undefined> {
    const spec = language.precompiledHeader;
    const home = this.ready.get(language.name);
    if (!spec || !home) return undefined;
    // removed meanwhile (a newer compiler's build replaced it): compile without
    if (!(await fs.stat(home).catch(() => undefined))) return undefined;
    const source = await fs.readFile(path.join(dir, language.sourceName), 'utf8').catch(() => '');
    if (!includes(source, spec.header)) return undefined;
    return { args: ['-I', PCH_TARGET], bind: { source: home, target: PCH_TARGET } };
  }

  /** The doctor's line: each language's PCH with its size and build time. */
  summary(): string {
    return this.reports
      .map((r) =>
        r.status === 'failed'
          ? `  --  ${r.language}: ${r.reason}`
          : `  ok  ${r.language}: ${(r.bytes / MiB).toFixed(0)} MB, ${r.status === 'built' ? `built in ${r.buildMs} ms` : 'already built'} (${r.compiler})`,
      )
      .join('\n');
  }
}
