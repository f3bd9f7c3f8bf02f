import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import {
  contest,
  contestProblem,
  contestRecord,
  judge,
  problem,
  problemCase,
  session,
  tag,
  trainingProblem,
  training,
  userInfo,
} from '../../src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** Every table of reference §4, plus Verdict's own (sessions, test runs, config, login lockout, mail codes). */
// prettier-ignore
const EXPECTED_TABLES = [
  // §4.1
  'user_info', 'user_record', 'user_role', 'role', 'auth', 'role_auth', 'session', 'user_acproblem',
  // §4.2
  'problem', 'problem_case', 'problem_language', 'problem_tag', 'code_template', 'tag', 'tag_classification', 'language',
  // §4.3
  'judge', 'judge_case', 'judge_server', 'remote_judge_account',
  // §4.4
  'contest', 'contest_problem', 'contest_record', 'contest_register', 'contest_announcement', 'contest_explanation',
  'contest_print', 'contest_score',
  // §4.5
  'training', 'training_category', 'mapping_training_category', 'training_problem', 'training_register', 'training_record',
  // §4.6
  'discussion', 'discussion_like', 'discussion_report', 'category', 'comment', 'comment_like', 'reply', 'announcement',
  'admin_sys_notice', 'user_sys_notice', 'msg_remind',
  // §4.7
  'group', 'group_member', 'file',
  // Verdict
  'test_run', 'system_config', 'login_failure', 'email_code', 'account_lock', 'captcha', 'rate_limit',
  'judge_problem_count', 'judge_status_count', 'problem_kind_count', 'judge_compile_check',
  'judge_hidden_status_count', 'scheduled_job_run', 'generated_account', 'user_import_progress',
  'user_problem_stat', 'ranked_user_count', 'contest_rank_version', 'contest_rank_change', 'user_rank_bucket',
  'training_rank_row', 'training_rank_size',
];

/** Every migration committed in the journal. */
const journal = JSON.parse(
  readFileSync(new URL('../../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

async function publicTables(database: TestDatabase): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function insertUser(database: TestDatabase, uuid: string, username: string) {
  await database.db.insert(userInfo).values({ uuid, username, password: 'x' });
}

async function insertProblem(database: TestDatabase, problemId: string, author: string | null = null) {
  const [row] = await database.db
    .insert(problem)
    .values({ problemId, title: problemId, author })
    .returning({ id: problem.id });
  return row!.id;
}

describe('database migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ fromScratch: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it('reference §4: a fresh database gets every table of the data model', async () => {
    expect(await publicTables(database)).toEqual([...EXPECTED_TABLES].sort());
  });

  it('migrating an up-to-date database again changes nothing', async () => {
    await migrateDatabase(database);
    await migrateDatabase(database);
    expect(await publicTables(database)).toHaveLength(EXPECTED_TABLES.length);
    const [applied] = await queryRows<{ count: string | number }>(
      database.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied!.count)).toBe(journal.entries.length);
  });

  it('reference §4.2/§4.4: problem and contest ids start at 1000 like HOJ', async () => {
    await insertUser(database, 'u-ids', 'ids');
    const pid = await insertProblem(database, 'IDS-1');
    const now = new Date();
    const [created] = await database.db
      .insert(contest)
      .values({ uid: 'u-ids', title: 'c', startTime: now, endTime: now })
      .returning({ id: contest.id });
    expect(pid).toBeGreaterThanOrEqual(1000);
    expect(created!.id).toBeGreaterThanOrEqual(1000);
  });

  it('reference §4: deleting a problem deletes its test cases (ON DELETE CASCADE)', async () => {
    const pid = await insertProblem(database, 'CASCADE-1');
    await database.db.insert(problemCase).values([
      { pid, input: '1', output: '1' },
      { pid, input: '2', output: '2' },
    ]);
    await database.db.delete(problem).where(eq(problem.id, pid));
    expect(await database.db.select().from(problemCase).where(eq(problemCase.pid, pid))).toEqual([]);
  });

  it('reference §4: deleting a contest removes its contest_* rows but keeps its judge rows', async () => {
    await insertUser(database, 'u-contest', 'contestant');
    const pid = await insertProblem(database, 'CASCADE-2');
    const now = new Date();
    const [c] = await database.db
      .insert(contest)
      .values({ uid: 'u-contest', title: 'c', startTime: now, endTime: now })
      .returning({ id: contest.id });
    const cid = c!.id;
    const [cp] = await database.db
      .insert(contestProblem)
      .values({ cid, pid, displayId: 'A', displayTitle: 'A' })
      .returning({ id: contestProblem.id });
    const [submission] = await database.db
      .insert(judge)
      .values({
        pid,
        displayPid: 'CASCADE-2',
        uid: 'u-contest',
        username: 'contestant',
        code: 'x',
        cid,
        cpid: cp!.id,
      })
      .returning({ submitId: judge.submitId });
    await database.db
      .insert(contestRecord)
      .values({ cid, uid: 'u-contest', pid, cpid: cp!.id, submitId: submission!.submitId, submitTime: now });

    await database.db.delete(contest).where(eq(contest.id, cid));

    expect(await database.db.select().from(contestProblem).where(eq(contestProblem.cid, cid))).toEqual([]);
    expect(await database.db.select().from(contestRecord).where(eq(contestRecord.cid, cid))).toEqual([]);
    expect(await database.db.select().from(judge).where(eq(judge.cid, cid))).toHaveLength(1);
  });

  it('reference §4: deleting a user deletes their sessions and submissions', async () => {
    await insertUser(database, 'u-gone', 'gone');
    const pid = await insertProblem(database, 'CASCADE-3');
    await database.db.insert(session).values({ uid: 'u-gone', expiresAt: new Date(Date.now() + 60_000) });
    await database.db
      .insert(judge)
      .values({ pid, displayPid: 'CASCADE-3', uid: 'u-gone', username: 'gone', code: 'x' });
    await database.db.delete(userInfo).where(eq(userInfo.uuid, 'u-gone'));
    expect(await database.db.select().from(session).where(eq(session.uid, 'u-gone'))).toEqual([]);
    expect(await database.db.select().from(judge).where(eq(judge.uid, 'u-gone'))).toEqual([]);
  });

  it('reference §4: renaming a user or a problem id cascades through ON UPDATE CASCADE', async () => {
    await insertUser(database, 'u-rename', 'before');
    const pid = await insertProblem(database, 'RENAME-1', 'before');
    const [t] = await database.db.insert(training).values({ author: 'before', auth: 'Public' }).returning();
    await database.db.insert(trainingProblem).values({ tid: t!.id, pid, displayId: 'RENAME-1' });

    await database.db.update(userInfo).set({ username: 'after' }).where(eq(userInfo.uuid, 'u-rename'));
    await database.db.update(problem).set({ problemId: 'RENAME-2' }).where(eq(problem.id, pid));

    const [renamed] = await database.db.select().from(problem).where(eq(problem.id, pid));
    expect(renamed!.author).toBe('after');
    const [link] = await database.db.select().from(trainingProblem).where(eq(trainingProblem.pid, pid));
    expect(link!.displayId).toBe('RENAME-2');
  });

  it('keeps the counter of submissions to problems that are not public equal to a live count', async () => {
    const hidden = async () =>
      queryRows<{ status: number; n: number }>(
        database.db,
        sql`select status, n::int as n from judge_hidden_status_count where n <> 0 order by status`,
      );
    const live = async () =>
      queryRows<{ status: number; n: number }>(
        database.db,
        sql`select j.status, count(*)::int as n from judge j join problem p on p.id = j.pid
          where j.cid = 0 and j.gid is null and (p.auth <> 1 or p.is_group) group by j.status order by j.status`,
      );
    await insertUser(database, 'u-hidden', 'hider');
    const open = await insertProblem(database, 'HIDDEN-OPEN');
    const secret = await insertProblem(database, 'HIDDEN-SECRET');
    const other = await insertProblem(database, 'HIDDEN-OTHER');
    await database.db.update(problem).set({ auth: 2 }).where(eq(problem.id, secret));
    const row = (pid: number, cid = 0) => ({
      pid,
      displayPid: 'X',
      uid: 'u-hidden',
      username: 'hider',
      code: 'x',
      cid,
    });
    await database.db
      .insert(judge)
      .values([row(open), row(open), row(secret), row(secret), row(secret, 1000)]);
    await database.db.insert(judge).values([row(other), row(other)]);
    expect(await hidden()).toEqual([{ status: 5, n: 2 }]);

    // status changes, in one statement over several problems
    await database.db.update(judge).set({ status: 0 }).where(eq(judge.uid, 'u-hidden'));
    await database.db.update(judge).set({ status: -1 }).where(eq(judge.pid, open));
    expect(await hidden()).toEqual(await live());
    // problems becoming hidden, contest-only, a group's or public again, one or several at a time
    await database.db.update(problem).set({ auth: 3 }).where(eq(problem.id, open));
    expect(await hidden()).toEqual([
      { status: -1, n: 2 },
      { status: 0, n: 2 },
    ]);
    await database.db
      .update(problem)
      .set({ auth: sql`case when ${problem.id} = ${secret} then 1 else 2 end` })
      .where(sql`${problem.id} in (${secret}, ${other})`);
    expect(await hidden()).toEqual(await live());
    await database.db.update(problem).set({ isGroup: true }).where(eq(problem.id, secret));
    await database.db.update(problem).set({ title: 'renamed' }).where(eq(problem.id, secret));
    expect(await hidden()).toEqual(await live());
    // deletes: a submission, a problem whose submissions cascade, a problem emptied first
    await database.db
      .delete(judge)
      .where(sql`${judge.submitId} = (select min(submit_id) from judge where pid = ${open})`);
    expect(await hidden()).toEqual(await live());
    await database.db.delete(problem).where(eq(problem.id, open));
    expect(await hidden()).toEqual(await live());
    await database.db.delete(judge).where(eq(judge.pid, other));
    await database.db.delete(problem).where(eq(problem.id, other));
    expect(await hidden()).toEqual(await live());
    await database.db.delete(problem).where(eq(problem.id, secret));
    expect(await hidden()).toEqual([]);
  });

  it('reference §4.2: a public tag name is unique per OJ (gid null counts as one group)', async () => {
    await database.db.insert(tag).values({ name: 'dp', oj: 'ME' });
    await expect(database.db.insert(tag).values({ name: 'dp', oj: 'ME' })).rejects.toThrow();
    await database.db.insert(tag).values({ name: 'dp', oj: 'CF' });
  });

  it('a failed transaction leaves nothing behind', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(userInfo).values({ uuid: 'u-tx', username: 'in-transaction', password: 'x' });
        await tx.insert(problem).values({ problemId: 'TX-1', title: 'TX-1', author: 'in-transaction' });
        // duplicate primary key: the whole transaction must roll back
        await tx.insert(userInfo).values({ uuid: 'u-tx', username: 'another', password: 'x' });
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(userInfo).where(eq(userInfo.uuid, 'u-tx'))).toEqual([]);
    expect(await database.db.select().from(problem).where(eq(problem.problemId, 'TX-1'))).toEqual([]);
  });

  it('gmt_modified moves forward on update', async () => {
    await insertUser(database, 'u-modified', 'modified');
    const old = new Date('2020-01-01T00:00:00Z');
    await database.db.update(userInfo).set({ gmtModified: old }).where(eq(userInfo.uuid, 'u-modified'));
    await database.db.update(userInfo).set({ nickname: 'n' }).where(eq(userInfo.uuid, 'u-modified'));
    const [row] = await database.db.select().from(userInfo).where(eq(userInfo.uuid, 'u-modified'));
    expect(row!.gmtModified.getTime()).toBeGreaterThan(old.getTime());
    expect(row!.gmtCreate).toBeInstanceOf(Date);
  });
});

describe('embedded database (PGlite) on disk', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'verdict-pglite-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('ARCHITECTURE "one machine": a data directory keeps its data across close and reopen', async () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(userInfo).values({ uuid: 'persist', username: 'persisted', password: 'x' });
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      await migrateDatabase(second);
      const rows = await second.db.select().from(userInfo).where(eq(userInfo.uuid, 'persist'));
      expect(rows.map((row) => row.username)).toEqual(['persisted']);
    } finally {
      await second.close();
    }
  });
});
