import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerEnvironment } from '../src/embedded-judge.ts';
import {
  childrenOf,
  commandLineOf,
  freePort,
  prepareDataDir,
  SMALL_JUDGE_ENV,
  startVerdict,
  type VerdictProcess,
} from './helpers/verdict-process.ts';

/**
 * Issue 9 item 5: the embedded judge worker runs with an allow-listed environment, so the server's
 * database URL and secrets never reach it (nor a submission that got out of its box).
 */
const SECRETS = {
  JWT_TOKEN_SECRET: 'jwt-secret-that-must-stay-in-the-server-0123456789',
  SMTP_USER: 'mailer@example.org',
  SMTP_PASSWORD: 'smtp-password-of-the-server',
  VERDICT_ROOT_PASSWORD: 'root-pass-2',
  SOME_OTHER_SECRET: 'an-unrelated-secret-of-the-host',
};

let dataDir: string;
let server: VerdictProcess | undefined;

async function environOf(pid: number): Promise<Record<string, string>> {
  const raw = await readFile(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-embedded-env-'));
  await prepareDataDir(dataDir, 'root-pass-1');
  server = await startVerdict({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_JUDGE: 'true',
    ...SMALL_JUDGE_ENV,
    ...SECRETS,
  });
});

afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded worker environment is an allow-list (issue 9 item 5)', () => {
  it('keeps the process basics and the worker settings, drops everything else', () => {
    const kept = workerEnvironment({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      DATABASE_URL: 'postgres://user:pw@db/verdict',
      JUDGE_TOKEN: 'server-side-copy',
      VERDICT_ROOT_PASSWORD: 'x',
      VERDICT_JUDGE_CONCURRENCY: '2',
      VERDICT_SANDBOX_UID_BASE: '61000',
      VERDICT_JAIL: '/opt/verdict-jail',
    });
    expect(kept).toEqual({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      VERDICT_JUDGE_CONCURRENCY: '2',
      VERDICT_SANDBOX_UID_BASE: '61000',
      VERDICT_JAIL: '/opt/verdict-jail',
    });
  });

  it("the running worker's /proc/<pid>/environ holds no secret of the server", async () => {
    const serverEnv = await environOf(server!.pid);
    for (const [name, value] of Object.entries(SECRETS)) expect(serverEnv[name]).toBe(value);

    let worker: number | undefined;
    await expect
      .poll(
        async () => {
          for (const pid of await childrenOf(server!.pid)) {
            if ((await commandLineOf(pid)).includes('verdict-judge')) worker = pid;
          }
          return worker;
        },
        { timeout: 30_000 },
      )
      .toBeDefined();
    const env = await environOf(worker!);
    for (const name of Object.keys(SECRETS)) expect(env, name).not.toHaveProperty(name);
    const leaked = Object.values(env).filter((v) => Object.values(SECRETS).some((s) => v.includes(s)));
    expect(leaked).toEqual([]);
    expect(env.DATA_DIR).toBeUndefined();
    expect(env.VERDICT_JUDGE_LANGUAGES).toBe('C');
    expect(env.VERDICT_JUDGE_TOKEN).toMatch(/.{16,}/);
    expect(env.PATH).toBe(process.env.PATH);
  });
});
