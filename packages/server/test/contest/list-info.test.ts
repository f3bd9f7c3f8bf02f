import { and, eq } from 'drizzle-orm';
import type { ContestAccessVO, ContestInfoVO, ContestVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, contestRegister } from '../../src/db/schema/index.ts';
import { createContest, minutesFrom } from '../helpers/contests.ts';
import type { Page } from '../../src/http/envelope.ts';
import { CALLERS, contestWorld, toMinute, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

const list = (query = '') => cw.call<Page<ContestVO>>('anonymous', 'GET', `/api/get-contest-list?${query}`);

describe('reference §3.6 get-contest-list, spec part 1 §2 contest list', () => {
  it('lists visible non-group contests with status from the clock, scheduled → running → ended first, and the registration count', async () => {
    const { w } = cw;
    const a = await cw.contest({ title: 'Alpha round' });
    const b = await cw.contest({
      title: 'Beta cup',
      type: 1,
      auth: 1,
      pwd: 'pw',
      startTime: minutesFrom(w.clock, 30),
    });
    await createContest(w.t.db, w.clock, { uid: w.uids.admin, title: 'Hidden one', visible: false });
    let res = await list('limit=50');
    expect(res.status).toBe(200);
    const titles = res.data.records.map((r) => r.title);
    expect(titles).not.toContain('Hidden one');
    const alpha = res.data.records.find((r) => r.id === a.id)!;
    expect(alpha).toMatchObject({ status: -1, type: 0, auth: 0, count: 1, author: 'admin', openRank: false });
    expect(alpha).not.toHaveProperty('pwd');
    // b starts at +30 min, a at +60: b runs first
    toMinute(w.clock, b, 1);
    res = await list('limit=50');
    expect(res.data.records.find((r) => r.id === b.id)!.status).toBe(0);
    expect(res.data.records.find((r) => r.id === a.id)!.status).toBe(-1);
    // ordered by status ascending: the scheduled a before the running b
    const ids = res.data.records.map((r) => r.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect((await list('status=0&limit=50')).data.records.map((r) => r.id)).toContain(b.id);
    expect((await list('status=0&limit=50')).data.records.map((r) => r.id)).not.toContain(a.id);
    expect((await list('status=-1&limit=50')).data.records.map((r) => r.id)).toContain(a.id);
    toMinute(w.clock, a, 181);
    expect((await list('status=1&limit=50')).data.records.map((r) => r.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });

  it('filters by rule type, auth and a title keyword, and pages 10 by default', async () => {
    const oi = await list('type=1&limit=50');
    expect(oi.data.records.every((r) => r.type === 1)).toBe(true);
    expect(oi.data.records.map((r) => r.title)).toContain('Beta cup');
    const priv = await list('auth=1&limit=50');
    expect(priv.data.records.map((r) => r.title)).toEqual(['Beta cup']);
    const kw = await list('keyword=alpha');
    expect(kw.data.records.map((r) => r.title)).toEqual(['Alpha round']);
    expect(kw.data.total).toBe(1);
    expect((await list()).data.size).toBe(10);
    expect((await list('status=5')).http).toBe(400);
  });
});

describe('reference §3.6 get-contest-info, §7.18 (info readable by any logged-in user)', () => {
  it('answers the contest with the server clock `now` to anyone logged in, private ones too', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'secret', sealRank: true, openPrint: true });
    for (const who of ['alice', 'bob', 'admin', 'root'] as const) {
      const res = await cw.call<ContestInfoVO>(who, 'GET', `/api/get-contest-info?cid=${c.id}`);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        id: c.id,
        auth: 1,
        status: -1,
        openPrint: true,
        sealRank: true,
        count: 1,
      });
      expect(res.data.now).toBe(w.clock.now().toISOString());
      expect(res.data).not.toHaveProperty('pwd');
    }
    expect((await cw.call('anonymous', 'GET', `/api/get-contest-info?cid=${c.id}`)).http).toBe(401);
  });

  it('answers an invisible contest exactly as one that does not exist, except to its admins', async () => {
    const c = await cw.contest({ visible: false });
    const missing = await cw.call('alice', 'GET', '/api/get-contest-info?cid=999999');
    for (const who of ['alice', 'bob'] as const) {
      const res = await cw.call(who, 'GET', `/api/get-contest-info?cid=${c.id}`);
      expect({ status: res.status, msg: res.msg, data: res.data }).toEqual({
        status: missing.status,
        msg: missing.msg,
        data: missing.data,
      });
    }
    expect(missing.status).toBe(404);
    expect((await cw.call('admin', 'GET', `/api/get-contest-info?cid=${c.id}`)).status).toBe(200);
    expect((await cw.call('root', 'GET', `/api/get-contest-info?cid=${c.id}`)).status).toBe(200);
  });
});

describe('reference §3.6 register-contest and get-contest-access, §7.18 account-limit rule', () => {
  const register = (who: 'alice' | 'bob' | 'admin' | 'root', cid: number, password?: string) =>
    cw.call(who, 'POST', '/api/register-contest', { cid, password });
  const access = (who: 'alice' | 'bob', cid: number) =>
    cw.call<ContestAccessVO>(who, 'GET', `/api/get-contest-access?cid=${cid}`);

  it('needs the right password, once; then access is true (spec part 1 §5: password required)', async () => {
    const c = await cw.contest({ auth: 1, pwd: 'open sesame' });
    expect((await access('alice', c.id)).data).toEqual({ access: false });
    const empty = await register('alice', c.id, '');
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('Enter the contest password');
    const wrong = await register('alice', c.id, 'open');
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('Wrong contest password, please try again!');
    expect((await access('alice', c.id)).data).toEqual({ access: false });
    expect((await register('alice', c.id, 'open sesame')).status).toBe(200);
    expect((await access('alice', c.id)).data).toEqual({ access: true });
    const again = await register('alice', c.id, 'open sesame');
    expect(again.status).toBe(400);
    expect(again.msg).toBe('You have already registered for this contest!');
    const info = await cw.call<ContestInfoVO>('alice', 'GET', `/api/get-contest-info?cid=${c.id}`);
    expect(info.data.count).toBe(2);
    expect(
      (await cw.call('anonymous', 'POST', '/api/register-contest', { cid: c.id, password: 'x' })).http,
    ).toBe(401);
  });

  it('refuses a public contest (nothing to register) and an invisible one as nonexistent', async () => {
    const pub = await cw.contest();
    expect((await register('alice', pub.id, 'x')).msg).toBe(
      'This contest is public: no registration is needed!',
    );
    const hidden = await cw.contest({ auth: 1, pwd: 'p', visible: false });
    const res = await register('alice', hidden.id, 'p');
    expect(res.status).toBe(404);
    expect(res.msg).toBe('The contest does not exist!');
  });

  it('reference §7.18: the account-limit rule refuses other usernames, and access drops a registration the rule no longer allows', async () => {
    const { w } = cw;
    const rule = '<prefix>team</prefix><suffix></suffix><start>1</start><end>20</end><extra>bob</extra>';
    const c = await cw.contest({ auth: 2, pwd: 'pw', openAccountLimit: true, accountLimitRule: rule });
    const refused = await register('alice', c.id, 'pw');
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe("Sorry, only accounts that match this contest's account rule may take part!");
    // bob is registered by the fixture and allowed as an extra name
    expect((await access('bob', c.id)).data).toEqual({ access: true });
    await w.t.db
      .update(contest)
      .set({
        accountLimitRule:
          '<prefix>team</prefix><suffix></suffix><start>1</start><end>20</end><extra></extra>',
      })
      .where(eq(contest.id, c.id));
    expect((await access('bob', c.id)).data).toEqual({ access: false });
    const rows = await w.t.db
      .select()
      .from(contestRegister)
      .where(and(eq(contestRegister.cid, c.id), eq(contestRegister.uid, w.uids.bob)));
    expect(rows).toEqual([]);
  });

  it('every caller kind gets an answer from each info call (table of issue 11)', async () => {
    const c = await cw.contest({ auth: 1, pwd: 'pw' });
    const answers: Record<string, number> = {};
    for (const who of CALLERS)
      answers[who] = (await cw.call(who, 'GET', `/api/get-contest-access?cid=${c.id}`)).status;
    expect(answers).toEqual({ anonymous: 401, alice: 200, bob: 200, admin: 200, root: 200 });
  });
});
