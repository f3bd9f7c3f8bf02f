import ExcelJS from 'exceljs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedAccount, userInfo } from '../../src/db/schema/index.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { deleteExpiredGeneratedAccounts } from '../../src/modules/admin/user/generate.ts';
import { createWorld, type World } from '../problem/fixtures.ts';

/** reference §3.12 generate-user, §3.11 generate-user-excel (R(root)), §5 (the key lives 30 minutes). */
let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const generate = (payload: unknown, token = w.tokens.root) =>
  w.call<{ key: string }>('POST', '/api/admin/user/generate-user', { token, payload });

async function download(key: string, format?: 'csv') {
  const res = await w.t.app.inject({
    method: 'GET',
    url: `/api/file/generate-user-excel?key=${key}${format ? `&format=${format}` : ''}`,
    headers: { authorization: w.tokens.root, 'accept-language': 'en-US' },
  });
  return res;
}

async function login(username: string, password: string) {
  return w.call('POST', '/api/login', { payload: { username, password } });
}

describe('generate-user and its download', () => {
  it('is for root only (P(user_admin) / R(root))', async () => {
    const payload = { prefix: 'x', suffix: '', number_from: 1, number_to: 1, password_length: 8 };
    expect((await generate(payload, w.tokens.admin)).http).toBe(403);
    expect((await generate(payload, w.tokens.alice)).http).toBe(403);
    expect((await w.call('POST', '/api/admin/user/generate-user', { payload })).http).toBe(401);
    const asAdmin = await w.call('GET', '/api/file/generate-user-excel?key=x', { token: w.tokens.admin });
    expect(asAdmin.http).toBe(403);
    expect((await w.call('GET', '/api/file/generate-user-excel?key=x')).http).toBe(401);
  });

  it('makes 30 accounts whose xlsx lists the passwords once; they can log in', async () => {
    const made = await generate({
      prefix: 'room',
      suffix: 'a',
      number_from: 1,
      number_to: 30,
      password_length: 10,
    });
    expect(made.status).toBe(200);
    const res = await download(made.data.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment;filename=${made.data.key}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push([String(row.getCell(1).value), String(row.getCell(2).value)]));
    expect(rows[0]).toEqual(['username', 'password']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 30 }, (_, i) => `room${i + 1}a`));
    for (const [, password] of rows.slice(1)) expect(password).toMatch(/^[A-Za-z2-9]{10}$/);
    expect((await login('room1a', rows[1]![1]!)).status).toBe(200);
    expect((await login('room30a', rows[30]![1]!)).status).toBe(200);
    // shown once: the pairs are gone after the download
    expect(
      await w.t.db.select().from(generatedAccount).where(eq(generatedAccount.key, made.data.key)),
    ).toEqual([]);
    const again = await w.call('GET', `/api/file/generate-user-excel?key=${made.data.key}`, {
      token: w.tokens.root,
    });
    expect(again.http).toBe(200);
    expect(again.status).toBe(404);
  });

  it('offers the same pairs as CSV (Verdict)', async () => {
    const made = await generate({ prefix: 'csv', number_from: 7, number_to: 9, password_length: 6 });
    const res = await download(made.data.key, 'csv');
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('username,password');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['csv7', 'csv8', 'csv9']);
    expect((await login('csv8', lines[2]!.split(',')[1]!)).status).toBe(200);
  });

  it('refuses bad ranges, taken names, overlong names and bad password lengths, creating nobody', async () => {
    const before = (await w.t.db.select().from(userInfo)).length;
    const bad: [unknown, string][] = [
      [
        { prefix: 'b', number_from: 5, number_to: 1, password_length: 8 },
        'number_from must not be greater than number_to!',
      ],
      [
        { prefix: 'b', number_from: 1, number_to: 10_000, password_length: 8 },
        'At most 5000 users can be imported at once!',
      ],
      [
        { prefix: 'b', number_from: 1, number_to: 2, password_length: 5 },
        'The new password must be 6 to 20 characters long!',
      ],
      [
        { prefix: 'b'.repeat(19), number_from: 10, number_to: 11, password_length: 8 },
        'The username must be 1 to 20 characters long!',
      ],
      [
        { prefix: 'room', suffix: 'a', number_from: 29, number_to: 31, password_length: 8 },
        'These usernames are already taken: room29a, room30a',
      ],
    ];
    for (const [payload, msg] of bad) {
      const res = await generate(payload);
      expect(res.status, msg).toBe(400);
      expect(res.msg).toBe(msg);
    }
    expect((await w.t.db.select().from(userInfo)).length).toBe(before);
    expect(await w.t.db.select().from(userInfo).where(like(userInfo.username, 'room31a'))).toEqual([]);
    expect((await generate({ prefix: 'b', number_from: 'x', number_to: 1, password_length: 8 })).http).toBe(
      400,
    );
  });

  it('drops pairs nobody downloaded after 30 minutes (the generated-accounts job)', async () => {
    expect(JOBS.map((j) => j.name)).toContain('generated-accounts');
    const made = await generate({ prefix: 'late', number_from: 1, number_to: 2, password_length: 8 });
    const later = new Date(w.clock.now().getTime() + 1800_000);
    await deleteExpiredGeneratedAccounts(w.t.db, new Date(later.getTime() - 1000));
    expect(
      await w.t.db.select().from(generatedAccount).where(eq(generatedAccount.key, made.data.key)),
    ).toHaveLength(2);
    await deleteExpiredGeneratedAccounts(w.t.db, later);
    expect(
      await w.t.db.select().from(generatedAccount).where(eq(generatedAccount.key, made.data.key)),
    ).toEqual([]);
    // the accounts themselves stay
    expect(await w.t.db.select().from(userInfo).where(eq(userInfo.username, 'late1'))).toHaveLength(1);
  });
});
