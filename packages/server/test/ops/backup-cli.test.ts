import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { judge, userInfo } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/modules/account/password.ts';
import { readiness } from '../../src/modules/ops/readiness.ts';
import { signIn } from '../helpers/api-client.ts';
import { TEST_NODE_FLAGS } from '../helpers/node-flags.ts';
import { freePort, startVerdict } from '../helpers/verdict-process.ts';
import { CPP } from '../problem/fixtures.ts';

/**
 * Issue 28 "Backups", as an operator does it: `verdict backup` while the server runs on its
 * embedded database (the running process writes it), then `verdict restore` into a fresh DATA_DIR,
 * which then holds the same site. Embedded database only: the server-database
 * path is backup.test.ts's, run on both databases.
 */
const run = promisify(execFile);
const verdict = path.resolve(import.meta.dirname, '../../bin/verdict.js');
const ROOT_PASSWORD = 'backup-root-1';
let work: string;

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const cli = (args: string[], dataDir: string) =>
  run(process.execPath, [...TEST_NODE_FLAGS, verdict, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);

// embedded only: the PostgreSQL phase of CI would run the same thing again
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'verdict backup and verdict restore (issue 28 "Backups")',
  () => {
    it('backs up a running embedded site and restores it on a fresh DATA_DIR as the same site', async () => {
      work = await mkdtemp(path.join(tmpdir(), 'verdict-backup-cli-'));
      const first = path.join(work, 'first');
      const second = path.join(work, 'second');
      const file = path.join(work, 'site.zip');
      const port = await freePort();
      const env = { PORT: String(port), HOST: '127.0.0.1', VERDICT_ROOT_PASSWORD: ROOT_PASSWORD };
      const server = await startVerdict({ ...env, DATA_DIR: first });
      let submitId: number;
      try {
        const url = `http://127.0.0.1:${port}`;
        const token = await signIn(url, 'root', ROOT_PASSWORD);
        const submitted = (await (
          await fetch(`${url}/api/submit-problem-judge`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ pid: 'P1000', language: 'C++', code: CPP, cid: 0 }),
          })
        ).json()) as { status: number; data: { submitId: number } };
        expect(submitted.status).toBe(200);
        submitId = submitted.data.submitId;

        const backup = await cli(['backup', file], first);
        expect(backup.stderr).toBe('');
        expect(backup.stdout).toMatch(/^Wrote .*site\.zip: \d+ rows in \d+ tables, \d+ files/);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      // stopped: the CLI reads the closed database itself
      const offline = await cli(['backup', path.join(work, 'offline.zip')], first);
      expect(offline.stdout).toMatch(/^Wrote .*offline\.zip: /);

      // a DATA_DIR that holds a database is refused, and nothing is touched
      const refused = await cli(['restore', file], first);
      expect('code' in refused && refused.code).toBe(1);
      expect(refused.stderr).toContain('already holds a database');

      const restore = await cli(['restore', file], second);
      expect(restore.stdout).toMatch(/^Restored .*site\.zip: /);
      // the restored site, as the next `npm start` opens it: the submission and root's login came back
      const restored = await openDatabase({ dataDir: second });
      try {
        const [row] = await restored.db.select().from(judge).where(eq(judge.submitId, submitId));
        expect(row).toMatchObject({ submitId, code: CPP, pid: expect.any(Number) });
        const [root] = await restored.db.select().from(userInfo).where(eq(userInfo.username, 'root'));
        expect((await verifyPassword(ROOT_PASSWORD, root!.password)).valid).toBe(true);
        expect((await readiness(restored.db)).ready).toBe(true);
      } finally {
        await restored.close();
      }
    }, 420_000);

    it('answers usage for a wrong command', async () => {
      const wrong = await cli(['backpu', 'x.zip'], path.join(tmpdir(), 'never-made'));
      expect('code' in wrong && wrong.code).toBe(2);
      expect(wrong.stderr).toContain('verdict backup FILE');
    });
  },
);
