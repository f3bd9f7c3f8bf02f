import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWITCH_DEFAULTS } from '@verdict/shared';
import { seedDatabase } from '../../src/db/seed.ts';
import {
  auth,
  category,
  language,
  problem,
  problemCase,
  problemLanguage,
  role,
  roleAuth,
  systemConfig,
  userInfo,
  userRecord,
  userRole,
} from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** The seed only needs some function from password to stored string; a readable fake keeps tests fast. */
const fakeHash = async (plain: string) => `hashed:${plain}`;

/** ref §8.4 and §6.1: every language a local problem can be submitted in. */
// prettier-ignore
const LOCAL_LANGUAGES = [
  'C', 'C With O2', 'C++', 'C++ With O2', 'C++ 17', 'C++ 17 With O2', 'C++ 20', 'C++ 20 With O2',
  'Java', 'Python3', 'Python2', 'PyPy3', 'PyPy2', 'Golang', 'C#', 'PHP', 'JavaScript Node', 'JavaScript V8',
  'Ruby', 'Rust',
];

async function permissionsOf(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ permission: auth.permission })
    .from(roleAuth)
    .innerJoin(auth, eq(auth.id, roleAuth.authId))
    .where(eq(roleAuth.roleId, roleId))
    .orderBy(asc(auth.id));
  return rows.map((row) => row.permission);
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    const [row] = await queryRows<{ count: string | number }>(
      db,
      sql`select count(*) as count from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row!.count);
  }
  return counts;
}

describe('seeding a fresh database', () => {
  let database: TestDatabase;
  let db: Db;
  let createdRootPassword: string | null;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    ({ createdRootPassword } = await seedDatabase(db, { hashPassword: fakeHash }));
  });
  afterAll(async () => {
    await database.close();
  });

  it('reference §2: roles 1000–1008 with HOJ role strings', async () => {
    const roles = await db.select({ id: role.id, role: role.role }).from(role).orderBy(asc(role.id));
    expect(roles).toEqual([
      { id: 1000, role: 'root' },
      { id: 1001, role: 'admin' },
      { id: 1002, role: 'default_user' },
      { id: 1003, role: 'no_subimit_user' },
      { id: 1004, role: 'no_discuss_user' },
      { id: 1005, role: 'mute_user' },
      { id: 1006, role: 'no_submit_no_discuss_user' },
      { id: 1007, role: 'no_submit_mute_user' },
      { id: 1008, role: 'problem_admin' },
    ]);
  });

  it('reference §2: permissions 1–14 and the role → permission table', async () => {
    const permissions = await db
      .select({ id: auth.id, permission: auth.permission })
      .from(auth)
      .orderBy(asc(auth.id));
    expect(permissions.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(permissions[0]!.permission).toBe('problem_admin');
    expect(permissions[13]!.permission).toBe('group_del');

    expect(await permissionsOf(db, 1000)).toHaveLength(14);
    expect(await permissionsOf(db, 1003)).toEqual([
      'discussion_add',
      'discussion_del',
      'discussion_edit',
      'comment_add',
      'reply_add',
    ]);
    expect(await permissionsOf(db, 1003)).not.toContain('submit');
    expect(await permissionsOf(db, 1005)).toEqual(['submit', 'discussion_del', 'discussion_edit']);
    expect(await permissionsOf(db, 1007)).toEqual(['discussion_del', 'discussion_edit']);
    expect(await permissionsOf(db, 1008)).toEqual(await permissionsOf(db, 1001));
    expect(await permissionsOf(db, 1002)).toEqual([
      'submit',
      'discussion_add',
      'discussion_del',
      'discussion_edit',
      'comment_add',
      'reply_add',
      'group_add',
      'group_del',
    ]);
  });

  it('reference §4.8: the root user (uuid 1, role 1000, user_record) with a generated password', async () => {
    expect(createdRootPassword).toMatch(/^[\w-]{16}$/);
    const [root] = await db.select().from(userInfo).where(eq(userInfo.username, 'root'));
    expect(root).toMatchObject({ uuid: '1', password: `hashed:${createdRootPassword}`, status: 0 });
    expect(await db.select({ roleId: userRole.roleId }).from(userRole).where(eq(userRole.uid, '1'))).toEqual([
      { roleId: 1000 },
    ]);
    expect(await db.select().from(userRecord).where(eq(userRecord.uid, '1'))).toHaveLength(1);
  });

  it('reference §7.14: web and switch config with their defaults', async () => {
    const rows = await db.select().from(systemConfig).orderBy(asc(systemConfig.name));
    expect(rows.map((row) => row.name)).toEqual(['switch', 'web']);
    const [switches, web] = rows.map((row) => row.value as Record<string, unknown>);
    expect(web).toMatchObject({
      name: 'Verdict Online Judge',
      shortName: 'Verdict',
      baseUrl: 'http://localhost:8080',
      register: true,
      projectName: 'Verdict',
      emailUsername: '',
    });
    expect(switches).toEqual({
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      openContestComment: true,
      openPublicJudge: true,
      openGroupJudge: true,
      openContestJudge: true,
      hideNonContestSubmissionCode: false,
      defaultSubmitInterval: 8,
      defaultCreateGroupDailyLimit: 2,
      defaultCreateGroupLimit: 5,
      defaultCreateGroupACInitValue: 20,
      defaultCreateDiscussionDailyLimit: 5,
      defaultCreateDiscussionACInitValue: 10,
      defaultCreateCommentACInitValue: 10,
      defaultCreateCommentDailyLimit: 100,
      submitCaptchaThreshold: 10,
      submitCaptchaWindow: 60,
    });
    // seeded from the one list the switch calls read, so a switch added there is seeded too; but not
    // one whose default follows the site (issue 24 item 7: registerNeedsEmailCode follows the mail)
    const { registerNeedsEmailCode, ...fixed } = SWITCH_DEFAULTS;
    expect(registerNeedsEmailCode).toBe(true);
    expect(switches).toEqual(fixed);
  });

  it('reference §8.4/§10.1: local languages with A+B templates, and the HDU/POJ/CF languages', async () => {
    const local = await db.select().from(language).where(eq(language.oj, 'ME'));
    expect(local.map((row) => row.name).sort()).toEqual([...LOCAL_LANGUAGES].sort());
    for (const row of local) {
      expect(row.template, row.name).toBeTruthy();
      expect(row.contentType, row.name).toMatch(/^text\//);
    }
    expect(
      local
        .filter((row) => row.isSpj)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['C', 'C++']);
    const cpp = local.find((row) => row.name === 'C++')!;
    expect(cpp.contentType).toBe('text/x-c++src');

    const remote = await db.select({ oj: language.oj }).from(language);
    const perOj = (oj: string) => remote.filter((row) => row.oj === oj).length;
    // reference §10.1: SPOJ's full language list (HOJ's 83 names)
    expect([perOj('HDU'), perOj('POJ'), perOj('CF'), perOj('SPOJ')]).toEqual([7, 7, 29, 83]);

    const listed = await db
      .select({ name: language.name })
      .from(language)
      .orderBy(sql`${language.seq} desc`)
      .limit(3);
    expect(listed.map((row) => row.name)).toEqual(['C', 'C With O2', 'C++']);
  });

  it('reference §4.6: discussion categories', async () => {
    const rows = await db.select({ name: category.name }).from(category).orderBy(asc(category.id));
    expect(rows.map((row) => row.name)).toEqual(['闲聊', '题解', '求助', '建议', '记录']);
  });

  it('the sample problem P1000 "A + B Problem" with two typed cases and every local language', async () => {
    const [sample] = await db.select().from(problem).where(eq(problem.problemId, 'P1000'));
    expect(sample).toMatchObject({
      id: 1000,
      title: 'A + B Problem',
      author: 'root',
      auth: 1,
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      isUploadCase: false,
      isRemote: false,
    });
    expect(sample!.examples).toMatch(/^(<input>[^<]*<\/input><output>[^<]*<\/output>){2}$/);
    expect(sample!.description).toContain('$a + b$');

    const cases = await db
      .select()
      .from(problemCase)
      .where(eq(problemCase.pid, 1000))
      .orderBy(asc(problemCase.id));
    expect(cases.map((c) => [c.input, c.output])).toEqual([
      ['1 2\n', '3\n'],
      ['1000000000 999999999\n', '1999999999\n'],
    ]);
    const languages = await db
      .select({ name: language.name })
      .from(problemLanguage)
      .innerJoin(language, eq(language.id, problemLanguage.lid))
      .where(eq(problemLanguage.pid, 1000));
    expect(languages.map((row) => row.name).sort()).toEqual([...LOCAL_LANGUAGES].sort());
  });

  it('seeding again changes nothing and keeps a changed root password', async () => {
    await db.update(userInfo).set({ password: 'changed-by-root' }).where(eq(userInfo.uuid, '1'));
    const before = await rowCounts(db);

    const again = await seedDatabase(db, { hashPassword: fakeHash, rootPassword: 'ignored-now' });

    expect(again.createdRootPassword).toBeNull();
    expect(await rowCounts(db)).toEqual(before);
    const [root] = await db
      .select({ password: userInfo.password })
      .from(userInfo)
      .where(eq(userInfo.uuid, '1'));
    expect(root!.password).toBe('changed-by-root');
  });

  it('starter content an admin deleted is not brought back by the next start', async () => {
    await db.delete(problem).where(eq(problem.problemId, 'P1000'));
    await db.delete(roleAuth).where(eq(roleAuth.roleId, 1002));
    await seedDatabase(db, { hashPassword: fakeHash });
    expect(await db.select().from(problem).where(eq(problem.problemId, 'P1000'))).toEqual([]);
    expect(await permissionsOf(db, 1002)).toEqual([]);
  });
});

describe('seeding with a given root password', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reference §4.8: uses the given password and reports none as created', async () => {
    const result = await seedDatabase(database.db, { hashPassword: fakeHash, rootPassword: 'secret-123' });
    expect(result.createdRootPassword).toBeNull();
    const [root] = await database.db.select().from(userInfo).where(eq(userInfo.username, 'root'));
    expect(root!.password).toBe('hashed:secret-123');
  });

  it('creates a new root when the old one was renamed, without taking its uuid', async () => {
    await database.db.update(userInfo).set({ username: 'old-root' }).where(eq(userInfo.uuid, '1'));
    const result = await seedDatabase(database.db, { hashPassword: fakeHash });
    expect(result.createdRootPassword).not.toBeNull();
    const [root] = await database.db.select().from(userInfo).where(eq(userInfo.username, 'root'));
    expect(root!.uuid).toMatch(/^[0-9a-f]{32}$/);
  });
});
