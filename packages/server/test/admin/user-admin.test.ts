import { eq, inArray } from 'drizzle-orm';
import { ROLES } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem, session, userInfo, userRecord, userRole } from '../../src/db/schema/index.ts';
import { createProblem, createWorld, type World } from '../problem/fixtures.ts';
import { createUser } from '../helpers/users.ts';

/** Admin user management: reference §3.12 "Users" (P(user_admin), root only by default, §2). */
let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const base = '/api/admin/user';

async function login(username: string, password: string) {
  return w.call<unknown>('POST', '/api/login', { payload: { username, password } });
}

async function userCount() {
  return (await w.t.db.select({ uid: userInfo.uuid }).from(userInfo)).length;
}

describe('who may manage users (reference §3.12 P(user_admin), §2)', () => {
  const calls: [string, string, unknown][] = [
    ['GET', `${base}/get-user-list`, undefined],
    ['PUT', `${base}/edit-user`, { uid: 'nobody' }],
    ['DELETE', `${base}/delete-user`, { ids: ['nobody'] }],
    ['POST', `${base}/insert-batch-user`, { users: [] }],
  ];
  it.each(calls)(
    '%s %s: root passes, an admin and a user get 403, anonymous 401',
    async (method, url, payload) => {
      const asRoot = await w.call(method as never, url, { token: w.tokens.root, payload });
      expect(asRoot.http).toBe(200);
      expect((await w.call(method as never, url, { token: w.tokens.admin, payload })).http).toBe(403);
      expect((await w.call(method as never, url, { token: w.tokens.alice, payload })).http).toBe(403);
      expect((await w.call(method as never, url, { payload })).http).toBe(401);
    },
  );
});

describe('get-user-list (reference §3.12; §13: no password hash)', () => {
  it('pages users with their roles and never sends a password hash', async () => {
    const res = await w.call<{ records: Record<string, unknown>[]; total: number; size: number }>(
      'GET',
      `${base}/get-user-list?limit=2&currentPage=1`,
      { token: w.tokens.root },
    );
    expect(res.status).toBe(200);
    expect(res.data.size).toBe(2);
    expect(res.data.records).toHaveLength(2);
    expect(res.data.total).toBe(await userCount());
    for (const record of res.data.records) {
      expect(record.password).toBeNull();
      expect(JSON.stringify(record)).not.toContain('scrypt$');
      expect(Array.isArray(record.roles)).toBe(true);
    }
  });

  it('filters by keyword and by admin roles', async () => {
    const byName = await w.call<{ records: { username: string; roles: { role: string }[] }[] }>(
      'GET',
      `${base}/get-user-list?keyword=ali`,
      { token: w.tokens.root },
    );
    expect(byName.data.records.map((r) => r.username)).toEqual(['alice']);
    expect(byName.data.records[0]!.roles.map((r) => r.role)).toEqual(['default_user']);
    const admins = await w.call<{ records: { username: string }[] }>(
      'GET',
      `${base}/get-user-list?onlyAdmin=true&limit=100`,
      { token: w.tokens.root },
    );
    expect(admins.data.records.map((r) => r.username).sort()).toEqual(['admin', 'problemAdmin', 'root']);
  });
});

describe('edit-user (reference §3.12)', () => {
  it('changes role, titles, real name and e-mail in one call', async () => {
    const uid = await createUser(w.t.db, { username: 'edit1' });
    const res = await w.call('PUT', `${base}/edit-user`, {
      token: w.tokens.root,
      payload: {
        uid,
        type: ROLES.admin.id,
        titleName: 'Coach',
        titleColor: '#ff0000',
        realname: 'Edit One',
        email: 'edit1@example.com',
        status: 0,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await w.t.db.select().from(userInfo).where(eq(userInfo.uuid, uid));
    expect(row).toMatchObject({
      titleName: 'Coach',
      titleColor: '#ff0000',
      realname: 'Edit One',
      email: 'edit1@example.com',
    });
    const roles = await w.t.db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.uid, uid));
    expect(roles.map((r) => Number(r.id))).toEqual([ROLES.admin.id]);
  });

  it('refuses an unknown role id, a bad e-mail, a used e-mail, a short password and overlong fields, changing nothing', async () => {
    const uid = await createUser(w.t.db, { username: 'edit2' });
    const before = await w.t.db.select().from(userInfo).where(eq(userInfo.uuid, uid));
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 4242, realname: 'x' }, 'The role does not exist!'],
      [{ email: 'not-an-address', realname: 'x' }, 'Sorry! The e-mail address is not valid!'],
      [
        { email: 'EDIT1@example.com', realname: 'x' },
        'The e-mail address is already used by another account!',
      ],
      [
        { setNewPwd: true, password: '123', realname: 'x' },
        'The new password must be 6 to 20 characters long!',
      ],
      [{ realname: 'r'.repeat(51) }, 'The real name cannot be longer than 50 characters'],
      [{ titleName: 't'.repeat(256) }, 'The title cannot be longer than 255 characters'],
      [{ titleColor: 'c'.repeat(256) }, 'The title colour cannot be longer than 255 characters'],
      [{ username: ' ', realname: 'x' }, 'The username is required'],
      [{ username: 'u'.repeat(21) }, 'The username cannot be longer than 20 characters!'],
      [{ status: 2 }, 'The user status must be 0 or 1!'],
    ];
    for (const [payload, msg] of bad) {
      const res = await w.call('PUT', `${base}/edit-user`, {
        token: w.tokens.root,
        payload: { uid, ...payload },
      });
      expect(res.status, msg).toBe(400);
      expect(res.msg).toBe(msg);
    }
    expect(await w.t.db.select().from(userInfo).where(eq(userInfo.uuid, uid))).toEqual(before);
    const roles = await w.t.db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.uid, uid));
    expect(roles.map((r) => Number(r.id))).toEqual([ROLES.defaultUser.id]);
    expect(
      (await w.call('PUT', `${base}/edit-user`, { token: w.tokens.root, payload: { uid: 'nobody' } })).status,
    ).toBe(404);
  });

  it('keeps the last root: demoting the only root is refused', async () => {
    const res = await w.call('PUT', `${base}/edit-user`, {
      token: w.tokens.root,
      payload: { uid: w.uids.root, type: ROLES.defaultUser.id },
    });
    expect(res.msg).toBe('The last super administrator cannot be deleted!');
    const roles = await w.t.db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.uid, '1'));
    expect(roles.map((r) => Number(r.id))).toEqual([ROLES.root.id]);
  });

  it('a ban stops the existing token on its next request and refuses the login with a clear message', async () => {
    const uid = await createUser(w.t.db, { username: 'banme', password: 'secret1' });
    const signedIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'banme', password: 'secret1' },
    });
    const token = signedIn.headers.authorization as string;
    expect((await w.call('GET', '/api/get-user-auth-info', { token })).http).toBe(200);

    const ban = await w.call('PUT', `${base}/edit-user`, {
      token: w.tokens.root,
      payload: { uid, status: 1 },
    });
    expect(ban.status).toBe(200);
    const stopped = await w.call('GET', '/api/get-user-auth-info', { token });
    expect(stopped.http).toBe(401);
    // the open page is told why it was signed out, not that its login expired
    expect(stopped.msg).toBe('This account has been banned, please contact the administrator!');
    const refused = await login('banme', 'secret1');
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('This account has been banned, please contact the administrator!');
    expect(await w.t.db.select().from(session).where(eq(session.uid, uid))).toSatisfy(
      (rows: { revokedAt: Date | null }[]) => rows.every((r) => r.revokedAt !== null),
    );

    await w.call('PUT', `${base}/edit-user`, { token: w.tokens.root, payload: { uid, status: 0 } });
    expect((await login('banme', 'secret1')).status).toBe(200);
    // lifting the ban does not revive the logins it ended
    expect((await w.call('GET', '/api/get-user-auth-info', { token })).http).toBe(401);
  });

  it('a new password replaces the old one and ends the sessions', async () => {
    const uid = await createUser(w.t.db, { username: 'newpwd', password: 'oldpass1' });
    const token = await w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
    const res = await w.call('PUT', `${base}/edit-user`, {
      token: w.tokens.root,
      payload: { uid, setNewPwd: true, password: 'newpass1' },
    });
    expect(res.status).toBe(200);
    expect((await w.call('GET', '/api/get-user-auth-info', { token })).http).toBe(401);
    expect((await login('newpwd', 'oldpass1')).status).toBe(400);
    expect((await login('newpwd', 'newpass1')).status).toBe(200);
  });
});

describe('delete-user (reference §3.12; cascades per §4)', () => {
  it('deletes several users and what hangs off them', async () => {
    const a = await createUser(w.t.db, { username: 'del1' });
    const b = await createUser(w.t.db, { username: 'del2' });
    await w.t.app.auth.openSession(a, { userAgent: 'vitest', ip: '127.0.0.1' });
    const res = await w.call('DELETE', `${base}/delete-user`, {
      token: w.tokens.root,
      payload: { ids: [a, b] },
    });
    expect(res.status).toBe(200);
    expect(
      await w.t.db
        .select()
        .from(userInfo)
        .where(inArray(userInfo.uuid, [a, b])),
    ).toEqual([]);
    expect(
      await w.t.db
        .select()
        .from(userRole)
        .where(inArray(userRole.uid, [a, b])),
    ).toEqual([]);
    expect(
      await w.t.db
        .select()
        .from(userRecord)
        .where(inArray(userRecord.uid, [a, b])),
    ).toEqual([]);
    expect(
      await w.t.db
        .select()
        .from(session)
        .where(inArray(session.uid, [a, b])),
    ).toEqual([]);
  });

  it('refuses deleting yourself, problem authors and an empty list, deleting nobody', async () => {
    const other = await createUser(w.t.db, { username: 'del3' });
    const author = await createUser(w.t.db, { username: 'author1' });
    const made = await createProblem(w, { problemId: 'U-1' });
    await w.t.db.update(problem).set({ author: 'author1' }).where(eq(problem.id, made.pid));
    const count = await userCount();
    const self = await w.call('DELETE', `${base}/delete-user`, {
      token: w.tokens.root,
      payload: { ids: [other, '1'] },
    });
    expect(self.msg).toBe('You cannot delete your own account!');
    const byAuthor = await w.call('DELETE', `${base}/delete-user`, {
      token: w.tokens.root,
      payload: { ids: [other, author] },
    });
    expect(byAuthor.msg).toBe(
      'Some of these users are problem authors: hand their problems over to someone else first!',
    );
    const none = await w.call('DELETE', `${base}/delete-user`, {
      token: w.tokens.root,
      payload: { ids: [] },
    });
    expect(none.status).toBe(400);
    expect(await userCount()).toBe(count);
  });
});

describe('insert-batch-user (reference §3.12)', () => {
  it('reports every bad row by number and reason and writes nothing', async () => {
    const count = await userCount();
    const users = [
      ['imp1', 'password1', 'imp1@example.com'],
      ['imp1', 'password2'],
      ['alice', 'password3'],
      ['imp4', '123'],
      ['imp5', 'password5', 'nope'],
      'not a row',
      ['i'.repeat(21), 'password7'],
      ['imp8', 'password8', null, 'r'.repeat(51), 'male', 'n'.repeat(21), 's'.repeat(101)],
      ['imp9', 'password9', 'IMP1@example.com'],
      ['imp10', 'password10', null, null, 'robot'],
    ];
    const res = await w.call<{ errors: { row: number; username: string | null; reasons: string[] }[] }>(
      'POST',
      `${base}/insert-batch-user`,
      { token: w.tokens.root, payload: { users } },
    );
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Import refused: 9 row(s) are invalid, no user was written!');
    expect(res.data.errors).toEqual([
      { row: 2, username: 'imp1', reasons: ['the username repeats row 1'] },
      { row: 3, username: 'alice', reasons: ['the username is already taken'] },
      { row: 4, username: 'imp4', reasons: ['the password must be 6 to 20 characters long'] },
      { row: 5, username: 'imp5', reasons: ['the e-mail address is invalid'] },
      {
        row: 6,
        username: null,
        reasons: [
          'Malformed row: expected [username, password, email?, realname?, gender?, nickname?, school?]',
        ],
      },
      { row: 7, username: 'i'.repeat(21), reasons: ['the username must be 1 to 20 characters long'] },
      {
        row: 8,
        username: 'imp8',
        reasons: [
          'realname must be at most 50 characters long',
          'nickname must be at most 20 characters long',
          'school must be at most 100 characters long',
        ],
      },
      { row: 9, username: 'imp9', reasons: ['the e-mail address repeats row 1'] },
      { row: 10, username: 'imp10', reasons: ['gender must be male, female or secrecy'] },
    ]);
    const zh = await w.call<{ errors: { reasons: string[] }[] }>('POST', `${base}/insert-batch-user`, {
      token: w.tokens.root,
      payload: { users },
      lang: 'zh',
    });
    expect(zh.msg).toBe('导入失败：有9行数据不合法，没有写入任何用户！');
    expect(zh.data.errors[0]!.reasons).toEqual(['用户名与第1行重复']);
    expect(await userCount()).toBe(count);
  });

  it('refuses a 10,000-row import outright', async () => {
    const count = await userCount();
    const users = Array.from({ length: 10_000 }, (_, i) => [`bulk${i}`, 'password1']);
    const res = await w.call('POST', `${base}/insert-batch-user`, {
      token: w.tokens.root,
      payload: { users },
    });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('At most 5000 users can be imported at once!');
    expect(await userCount()).toBe(count);
    expect(
      (await w.call('POST', `${base}/insert-batch-user`, { token: w.tokens.root, payload: { users: 'x' } }))
        .http,
    ).toBe(400);
  });

  it('imports a clean batch in one go; the imported users can log in', async () => {
    const users = [
      ['stu1', 'pass0001', 'stu1@example.com', 'Student One', 'female', 'One', 'Verdict High'],
      ['stu2', 'pass0002'],
      [' stu3 ', ' pass0003 ', '', '', '', '', ''],
    ];
    const res = await w.call('POST', `${base}/insert-batch-user`, {
      token: w.tokens.root,
      payload: { users },
    });
    expect(res.status).toBe(200);
    expect(res.msg).toBe('3 user(s) imported!');
    const [stu1] = await w.t.db.select().from(userInfo).where(eq(userInfo.username, 'stu1'));
    expect(stu1).toMatchObject({
      email: 'stu1@example.com',
      realname: 'Student One',
      gender: 'female',
      nickname: 'One',
      school: 'Verdict High',
    });
    const roles = await w.t.db
      .select({ id: userRole.roleId })
      .from(userRole)
      .where(eq(userRole.uid, stu1!.uuid));
    expect(roles.map((r) => Number(r.id))).toEqual([ROLES.defaultUser.id]);
    expect((await login('stu1', 'pass0001')).status).toBe(200);
    expect((await login('stu2', 'pass0002')).status).toBe(200);
    expect((await login('stu3', 'pass0003')).status).toBe(200);
    const again = await w.call<{ errors: unknown[] }>('POST', `${base}/insert-batch-user`, {
      token: w.tokens.root,
      payload: { users: [['stu1', 'pass0001']] },
    });
    expect(again.data.errors).toEqual([
      { row: 1, username: 'stu1', reasons: ['the username is already taken'] },
    ]);
  });
});
