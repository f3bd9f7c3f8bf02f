import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const mainTs = path.resolve(import.meta.dirname, '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `main.ts` as `npm start` does, waits until it serves, and returns its output so far. */
async function startVerdict(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { ...process.env, EMBEDDED_JUDGE: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Verdict is running')) resolve();
      if (child.exitCode !== null) reject(new Error(`exited early:\n${output}`));
    }, 100);
    exited.finally(() => clearInterval(timer));
  });
  return {
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('README: the first start and the next', () => {
  it('creates root once, prints its password once, and keeps the data across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-start-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };

    const first = await startVerdict(env);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toMatch(/^\S{16}$/);
    const config = await (await fetch(`http://127.0.0.1:${port}/api/get-website-config`)).json();
    expect(config).toMatchObject({ status: 200, data: { shortName: 'Verdict' } });
    const badToken = await fetch(`http://127.0.0.1:${port}/api/logout`, {
      headers: { authorization: 'bad' },
    });
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toMatchObject({ status: 401 });
    expect(await first.stop()).toBe(0);

    const second = await startVerdict(env);
    expect(second.output()).not.toContain('password:');
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with an invalid variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a number');
  });
});
