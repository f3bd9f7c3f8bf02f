import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatDoctorReport, hostChecks, runDoctor, type DoctorCheck } from './doctor.ts';
import { defaultHeadersDir, PrecompiledHeaders } from './grading/compile-headers.ts';
import { detectLanguages, LANGUAGES } from './languages/index.ts';
import { runWorker, workerSettings } from './worker-main.ts';
import { remoteSitesOf, runRemoteWorker } from './remote/remote-main.ts';
import { remoteChecks } from './remote/doctor-lines.ts';

const USAGE = `usage:
  verdict-judge doctor [--json]          what this host supports; exits 1 when it cannot judge
  verdict-judge [worker] --server URL [--token T] [--name N] [--concurrency N] [--remote CF,…]
                                         judge worker for a Verdict server (judge gateway);
                                         the token may come from VERDICT_JUDGE_TOKEN instead;
                                         --remote (or VERDICT_JUDGE_REMOTE): remote-judge role,
                                         submits remote problems to those sites instead
  verdict-judge help`;

/** Each language's self-test (A+B compiled and run in the sandbox), with its time and memory. */
const languageCheck: DoctorCheck = {
  name: 'languages',
  required: true,
  async run({ sandbox, slot }) {
    if (!sandbox) return { status: 'fail', summary: 'not tested: no sandbox' };
    const table = await detectLanguages({ sandbox, slot });
    const lines = table.reports.map((r) =>
      r.available
        ? `  ok  ${r.name}: ${r.timeMs} ms, ${r.memoryKb} KB${r.compileMs === null ? '' : `, compiled in ${r.compileMs} ms`}`
        : `  --  ${r.name}: ${r.reason}`,
    );
    const summary = `${table.available.length} user languages available\n${lines.join('\n')}`;
    return { status: table.available.length > 0 ? 'ok' : 'fail', summary };
  },
};

/**
 * issue 25 item 3: each C++ language's precompiled bits/stdc++.h, built (once per host and compiler) in
 * the directory the workers of this host share, as a worker's start would.
 */
const headersCheck: DoctorCheck = {
  name: 'precompiled headers',
  required: false,
  async run({ sandbox, slot }) {
    if (process.env.VERDICT_JUDGE_PCH === 'off')
      return { status: 'warn', summary: 'off (VERDICT_JUDGE_PCH=off)' };
    if (!sandbox) return { status: 'warn', summary: 'not built: no sandbox' };
    const headers = new PrecompiledHeaders(defaultHeadersDir());
    const workRoot = await mkdtemp(path.join(tmpdir(), 'verdict-doctor-pch-'));
    try {
      const cpp = LANGUAGES.filter(
        (l) => l.role === 'user' && l.precompiledHeader && existsSync(l.requires[0]!),
      );
      await headers.prepare(cpp, sandbox, slot, workRoot);
    } finally {
      await rm(workRoot, { recursive: true, force: true });
    }
    const failed = headers.reports.filter((r) => r.status === 'failed').length;
    return {
      status: failed > 0 ? 'warn' : 'ok',
      summary: `bits/stdc++.h for ${headers.reports.length - failed} of ${headers.reports.length} C++ languages in ${headers.dir}\n${headers.summary()}`,
    };
  },
};

function doctorChecks(): DoctorCheck[] {
  return [...hostChecks, languageCheck, headersCheck, ...remoteChecks()];
}

async function doctor(json: boolean): Promise<number> {
  const report = await runDoctor(doctorChecks());
  if (json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(formatDoctorReport(report));
  }
  return report.canJudge ? 0 : 1;
}

async function remoteWorker(
  server: string,
  remote: string,
  flags: { token?: string; name?: string; concurrency?: string },
): Promise<number> {
  try {
    const settings = workerSettings({ server, ...flags });
    const sites = remoteSitesOf(remote);
    return await runRemoteWorker({
      ...settings,
      sites,
      concurrency: flags.concurrency ? settings.concurrency : undefined,
    });
  } catch (e) {
    console.error(`verdict-judge: ${(e as Error).message}`);
    return 2;
  }
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        concurrency: { type: 'string' },
        remote: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command === 'doctor') return doctor(values.json ?? false);
  if (command !== undefined && command !== 'worker') {
    console.error(`unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  if (command === 'worker' || values.server !== undefined) {
    if (!values.server) {
      console.error(`worker mode needs --server URL\n${USAGE}`);
      return 2;
    }
    const remote = values.remote ?? process.env.VERDICT_JUDGE_REMOTE;
    if (remote) return remoteWorker(values.server, remote, values);
    let settings;
    try {
      settings = workerSettings({
        server: values.server,
        token: values.token,
        name: values.name,
        concurrency: values.concurrency,
      });
    } catch (e) {
      console.error(`verdict-judge: ${(e as Error).message}`);
      return 2;
    }
    try {
      return await runWorker(settings);
    } catch (e) {
      console.error(`verdict-judge: ${(e as Error).message}`);
      return 1;
    }
  }
  console.log(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
