import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, contestPrint } from '../../../src/db/schema/index.ts';
import { CALLERS, createStaffWorld, outcome, tokenOf, type Caller, type StaffWorld } from './fixtures.ts';

let w: StaffWorld;
const TEXT = '#include <cstdio>\nint main() { puts("please print me, I am long enough"); }\n';

beforeAll(async () => {
  w = await createStaffWorld();
});
afterAll(() => w.t.close());

const print = (caller: Caller, content = TEXT, cid = w.cid) =>
  w.call('POST', '/api/submit-print-text', { token: tokenOf(w, caller), payload: { cid, content } });
const prints = () => w.t.db.select().from(contestPrint).where(eq(contestPrint.cid, w.cid));

describe('submit-print-text (reference §3.6, §7.6, §7.18)', () => {
  it('reference §7.18: the participant, the creator and root print; anonymous and an unregistered user cannot', async () => {
    const answers: Record<Caller, number> = {} as never;
    for (const caller of CALLERS) {
      w.clock.advance(31_000);
      answers[caller] = outcome(await print(caller));
    }
    expect(answers).toEqual({ anonymous: 401, user: 403, participant: 200, creator: 200, root: 200 });
  });

  it('reference §3.6: stored with the username and real name, not printed yet', async () => {
    w.clock.advance(31_000);
    expect((await print('participant')).status).toBe(200);
    const rows = (await prints()).filter((p) => p.username === 'alice');
    expect(rows.at(-1)).toMatchObject({ realname: 'Alice Liddell', content: TEXT, status: 0 });
  });

  it('reference §7.6: one print per user per 30 s, counted on the injected clock', async () => {
    w.clock.advance(31_000);
    expect((await print('participant')).status).toBe(200);
    w.clock.advance(29_000);
    const early = await print('participant');
    expect(early.status).toBe(403);
    expect(early.msg).toMatch(/1 s/);
    // another user is not held back
    expect((await print('creator')).status).toBe(200);
    w.clock.advance(1_000);
    expect((await print('participant')).status).toBe(200);
  });

  it('spec part 1 §9: at least 50 characters, not blank; a refused print stores nothing', async () => {
    w.clock.advance(31_000);
    const before = (await prints()).length;
    expect((await print('participant', 'x'.repeat(49))).status).toBe(400);
    expect((await print('participant', ' '.repeat(60))).status).toBe(400);
    expect((await print('participant', 'x'.repeat(70_000))).status).toBe(400);
    expect((await prints()).length).toBe(before);
    expect((await print('participant', 'x'.repeat(50))).status).toBe(200);
  });

  it('needs a contest that opened printing', async () => {
    await w.t.db.update(contest).set({ openPrint: false }).where(eq(contest.id, w.cid));
    w.clock.advance(31_000);
    const res = await print('participant');
    await w.t.db.update(contest).set({ openPrint: true }).where(eq(contest.id, w.cid));
    expect(res.status).toBe(403);
    expect(res.msg).toMatch(/Printing is not open/);
  });

  it('reference §7.18: an invisible contest answers as a missing one', async () => {
    await w.t.db.update(contest).set({ visible: false }).where(eq(contest.id, w.cid));
    w.clock.advance(31_000);
    const hidden = await print('participant');
    await w.t.db.update(contest).set({ visible: true }).where(eq(contest.id, w.cid));
    const missing = await print('participant', TEXT, 999_999);
    expect(hidden).toMatchObject({ status: 404, msg: missing.msg });
  });
});

describe('the admin print list (reference §3.6 get-contest-print, check-contest-print-status, download-contest-print-text)', () => {
  const list = (caller: Caller) =>
    w.call<{
      records: { id: number; username: string; realname: string | null; status: number }[];
      total: number;
    }>('GET', `/api/get-contest-print?cid=${w.cid}&currentPage=1&limit=15`, { token: tokenOf(w, caller) });

  it('is for contest admins: the creator and root', async () => {
    const answers: Record<string, number> = {};
    for (const caller of CALLERS) answers[caller] = outcome(await list(caller));
    expect(answers).toEqual({ anonymous: 401, user: 403, participant: 403, creator: 200, root: 200 });
  });

  it('lists not printed first, newest first; OK marks one printed; the text downloads as a file', async () => {
    const all = await list('creator');
    expect(all.data.total).toBe((await prints()).length);
    const first = all.data.records[0]!;
    expect(first).toMatchObject({ status: 0 });
    expect(Object.keys(first).sort()).toEqual(['cid', 'gmtCreate', 'id', 'realname', 'status', 'username']);

    const mark = (caller: Caller) =>
      w.call('PUT', `/api/check-contest-print-status?id=${first.id}&cid=${w.cid}`, {
        token: tokenOf(w, caller),
      });
    expect((await mark('participant')).status).toBe(403);
    expect((await mark('creator')).status).toBe(200);
    const after = await list('root');
    expect(after.data.records.at(-1)).toMatchObject({ id: first.id, status: 1 });

    const download = (caller: Caller) =>
      w.t.app.inject({
        method: 'GET',
        url: `/api/file/download-contest-print-text?id=${first.id}`,
        headers: tokenOf(w, caller) ? { authorization: tokenOf(w, caller)! } : {},
      });
    const file = await download('creator');
    expect(file.headers['content-disposition']).toBe(
      `attachment;filename=${first.username}_Contest_Print.txt`,
    );
    const [stored] = await w.t.db.select().from(contestPrint).where(eq(contestPrint.id, first.id));
    expect(file.body).toBe(stored!.content);
    // Changed from HOJ: the print's contest decides who may read it
    expect((await download('participant')).json()).toMatchObject({ status: 403 });
    expect((await download('anonymous')).statusCode).toBe(401);
    expect((await download('root')).statusCode).toBe(200);
  });

  it('a print of another contest or a missing one is not found', async () => {
    const res = await w.call('PUT', `/api/check-contest-print-status?id=999999&cid=${w.cid}`, {
      token: w.tokens.root,
    });
    expect(res.status).toBe(404);
  });
});
