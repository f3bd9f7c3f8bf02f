import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { JudgeStatus, type SubmissionTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { judge, systemConfig } from '../../src/db/schema/index.ts';
import { RestoreError, restoreBackup } from '../../src/modules/ops/backup/restore.ts';
import { tableEntry } from '../../src/modules/ops/backup/format.ts';
import { blockRange, writeBackup } from '../../src/modules/ops/backup/write.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { readZip } from '../helpers/zip-contents.ts';
import { CPP, createWorld, type World } from '../problem/fixtures.ts';

/**
 * Issue 28 "Backups": a backup taken while people submit holds every submission the site had
 * acknowledged when it started, and restores into an empty database, with the stored files, as the
 * same site (rows, counters, ids that go on).
 */
let w: World;
let work: string;
const targets: TestDatabase[] = [];

beforeAll(async () => {
  w = await createWorld();
  work = await mkdtemp(path.join(tmpdir(), 'verdict-backup-'));
  const [row] = await w.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await w.t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0 } })
    .where(eq(systemConfig.name, 'switch'));
});
afterAll(async () => {
  await Promise.all(targets.map((t) => t.close()));
  await w.t.close();
  await rm(work, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<TestDatabase> {
  const target = await createTestDatabase();
  targets.push(target);
  return target;
}

/** Every row of a table as PostgreSQL's JSON text, in key order. */
const rowsOf = (db: Db, table: string, key: string) =>
  queryRows<{ row: string }>(
    db,
    sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by ${sql.identifier(key)}`,
  ).then((rows) => rows.map((r) => r.row));

describe('backup and restore (issue 28 "Backups")', () => {
  it('restores a backup taken during a submit burst with every acknowledged submission, its files and counters', async () => {
    // enough people that nobody submits often enough to be asked for a captcha (spec part 1 §8)
    const users = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const uid = await createUser(w.t.db, { username: `burst${i}` });
        return w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
      }),
    );
    // stored files: an avatar and a test-data file
    await mkdir(path.join(w.t.dataDir, 'files', 'avatar'), { recursive: true });
    await writeFile(
      path.join(w.t.dataDir, 'files', 'avatar', 'a.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]),
    );
    await mkdir(path.join(w.t.dataDir, 'testdata', 'ab'), { recursive: true });
    await writeFile(path.join(w.t.dataDir, 'testdata', 'ab', 'abcdef.in'), '1 2\n');
    // some judged already, so that the counters have something to say
    const judgedFirst = [];
    for (let i = 0; i < 4; i++) {
      const r = await w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
        token: users[i]!,
        payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0 },
      });
      judgedFirst.push(r.data.submitId);
    }
    for (const id of judgedFirst) {
      const task = (await w.judge.claim()) as SubmissionTask;
      expect(task.submitId).toBe(id);
      await w.judge.finish(task, { status: id % 2 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER });
    }

    // the burst: 60 submissions; the backup starts once 20 are acknowledged
    const acknowledged: number[] = [];
    let backupStarted = false;
    const before = new Set<number>();
    let startBackup!: () => void;
    const halfway = new Promise<void>((resolve) => (startBackup = resolve));
    const burst = Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const r = await w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
          token: users[i % users.length]!,
          payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0 },
        });
        expect(r.status, r.msg).toBe(200);
        acknowledged.push(r.data.submitId);
        if (!backupStarted) before.add(r.data.submitId);
        if (acknowledged.length === 20) startBackup();
      }),
    );
    await halfway;
    backupStarted = true;
    const file = path.join(work, 'site.zip');
    const manifest = await writeBackup(w.t.db, { dataDir: w.t.dataDir, file, database: 'pglite' });
    await burst;
    expect(acknowledged).toHaveLength(60);
    // the two above and the sample problem's test data
    expect(manifest.files.count).toBeGreaterThan(2);
    expect(manifest.files.skipped).toEqual([]);

    const target = await emptyDatabase();
    const dataDir = await mkdtemp(path.join(work, 'restored-'));
    await restoreBackup(target.db, { file, dataDir });

    // every submission acknowledged before the backup started is there, row for row
    expect(before.size).toBeGreaterThanOrEqual(20);
    const restored = await rowsOf(target.db, 'judge', 'submit_id');
    const restoredIds = new Set(restored.map((r) => (JSON.parse(r) as { submit_id: number }).submit_id));
    for (const id of [...judgedFirst, ...before]) expect(restoredIds.has(id)).toBe(true);
    const source = new Map(
      (await rowsOf(w.t.db, 'judge', 'submit_id')).map((r) => [
        (JSON.parse(r) as { submit_id: number }).submit_id,
        r,
      ]),
    );
    for (const row of restored) {
      const id = (JSON.parse(row) as { submit_id: number }).submit_id;
      if (judgedFirst.includes(id)) expect(row).toBe(source.get(id));
    }
    expect(restored.length).toBe(manifest.tables.find((t) => t.name === 'judge')!.rows);
    // the whole site: users, problems and their cases as they were
    for (const [table, key] of [
      ['user_info', 'uuid'],
      ['problem', 'id'],
      ['problem_case', 'id'],
    ] as const) {
      expect(await rowsOf(target.db, table, key)).toEqual(await rowsOf(w.t.db, table, key));
    }
    // the counters the triggers keep agree with the restored rows
    const counted = await queryRows<{ status: number; n: number }>(
      target.db,
      sql`select status, count(*)::int as n from judge where cid = 0 and gid is null group by status order by status`,
    );
    const kept = await queryRows<{ status: number; n: number }>(
      target.db,
      sql`select status, n::int as n from judge_status_count where n <> 0 order by status`,
    );
    expect(kept).toEqual(counted);
    // the files, byte for byte
    for (const file of ['files/avatar/a.png', 'testdata/ab/abcdef.in']) {
      expect(await readFile(path.join(dataDir, file))).toEqual(await readFile(path.join(w.t.dataDir, file)));
    }
    // ids go on after the restored ones, and the triggers are on again
    const [next] = await target.db
      .insert(judge)
      .values({
        pid: w.p1000,
        displayPid: 'P1000',
        uid: w.uids.alice,
        username: 'alice',
        code: CPP,
        language: 'C++',
      })
      .returning({ submitId: judge.submitId });
    expect(next!.submitId).toBeGreaterThan(Math.max(...restoredIds));
    const [pending] = await queryRows<{ n: number }>(
      target.db,
      sql`select n::int as n from judge_status_count where status = ${JudgeStatus.PENDING}`,
    );
    expect(pending!.n).toBe(counted.find((c) => c.status === JudgeStatus.PENDING)!.n + 1);
  }, 180_000);

  it('reads a table of many blocks whole, a range of blocks at a time, without sorting it', async () => {
    // a table of ~3,000 rows of 1 KB: about 400 blocks, several reads. Paging by `order by ctid
    // limit n` sorted the rest of the table for every page: hours for a million submissions.
    const target = await emptyDatabase();
    await target.db.execute(sql`create table backup_probe (n int, pad text)`);
    await target.db.execute(
      sql`insert into backup_probe select n, repeat('x', 1000) from generate_series(1, 3000) n`,
    );
    const file = path.join(work, 'probe.zip');
    const dataDir = await mkdtemp(path.join(work, 'probe-data-'));
    const manifest = await writeBackup(target.db, { dataDir, file, database: 'pglite' });
    expect(manifest.tables.find((t) => t.name === 'backup_probe')?.rows).toBe(3000);
    const text = (await readZip(await readFile(file))).get(tableEntry('backup_probe'))!;
    const seen = text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      target.db,
      sql`explain ${blockRange('backup_probe', 0, 64)}`,
    );
    const lines = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(lines).toContain('Tid Range Scan');
    expect(lines).not.toContain('Sort');
  });

  it('refuses a database that already holds a site, and leaves it as it was', async () => {
    const file = path.join(work, 'again.zip');
    await writeBackup(w.t.db, { dataDir: w.t.dataDir, file, database: 'pglite' });
    const before = await rowsOf(w.t.db, 'judge', 'submit_id');
    await expect(
      restoreBackup(w.t.db, { file, dataDir: await mkdtemp(path.join(work, 'x-')) }),
    ).rejects.toThrow(/already holds a site/);
    expect(await rowsOf(w.t.db, 'judge', 'submit_id')).toEqual(before);
  });

  it('refuses what is not a backup: not a zip, no manifest, an entry outside the stored folders', async () => {
    const target = await emptyDatabase();
    const dataDir = await mkdtemp(path.join(work, 'refused-'));
    const notZip = path.join(work, 'not.zip');
    await writeFile(notZip, 'hello');
    await expect(restoreBackup(target.db, { file: notZip, dataDir })).rejects.toThrow(RestoreError);

    const zipOf = async (name: string, entries: Record<string, string>) => {
      const zip = new yazl.ZipFile();
      for (const [entry, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), entry);
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      await writeFile(path.join(work, name), Buffer.concat(chunks));
      return path.join(work, name);
    };
    await expect(
      restoreBackup(target.db, { file: await zipOf('bare.zip', { 'database/judge.ndjson': '' }), dataDir }),
    ).rejects.toThrow(/verdict-backup\.json is missing/);
    const manifest = JSON.stringify({
      format: 1,
      migrations: 0,
      tables: [],
      files: { count: 0, bytes: 0, skipped: [] },
    });
    await expect(
      restoreBackup(target.db, {
        file: await zipOf('stray.zip', { 'verdict-backup.json': manifest, 'judge/run/x': 'x' }),
        dataDir,
      }),
    ).rejects.toThrow(/unexpected entry: judge\/run\/x/);
    // nothing went in
    const [users] = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from user_info`);
    expect(users!.n).toBe(0);
  });
});
