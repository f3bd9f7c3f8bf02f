import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../src/modules/ops/backup/control-socket.ts';
import { freePort, startVerdict, type VerdictProcess } from '../helpers/verdict-process.ts';

/**
 * "Nothing is lost": two server processes on one embedded database damage it silently (each caches
 * its pages and writes them back), so a second server on the same DATA_DIR is refused before it
 * opens a file of the database, with a message that says what to do; a server killed with SIGKILL
 * does not keep the next one out.
 */
let work: string;
const running: VerdictProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.kill();
  if (work) await rm(work, { recursive: true, force: true });
});

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

describe.skipIf(process.env.TEST_DATABASE_URL)('one server per embedded DATA_DIR', () => {
  it('refuses a second server on the same DATA_DIR, and lets one start after a SIGKILL', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'verdict-claim-'));
    const dataDir = path.join(work, 'data');
    const [first, second, third] = [await freePort(), await freePort(), await freePort()];
    const one = await startVerdict({ DATA_DIR: dataDir, PORT: String(first), HOST: '127.0.0.1' });
    running.push(one);

    const refused = await startVerdict({ DATA_DIR: dataDir, PORT: String(second), HOST: '127.0.0.1' }).then(
      (server) => (running.push(server), ''),
      (error: Error) => error.message,
    );
    expect(refused).toContain('Another Verdict server is running on DATA_DIR');
    expect(refused).not.toContain('    at '); // a message, not a stack trace
    expect(await health(first)).toBe(200);

    await one.kill();
    expect(existsSync(controlSocketPath(dataDir))).toBe(true); // what a killed server leaves
    const three = await startVerdict({ DATA_DIR: dataDir, PORT: String(third), HOST: '127.0.0.1' });
    running.push(three);
    expect(await health(third)).toBe(200);
    await three.stop();
    expect(existsSync(controlSocketPath(dataDir))).toBe(false); // a clean stop leaves nothing
    // three starts of a server on a new embedded database: about 20 s on a busy day (CI's run of
    // 2026-11-30, load 10 on two cores, ran out of the 60 s default)
  }, 240_000);
});
