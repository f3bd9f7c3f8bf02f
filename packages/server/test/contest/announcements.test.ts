import type { ContestAnnouncementVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/http/envelope.ts';
import { addContestAnnouncement } from '../helpers/contests.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

const page = (who: Caller, cid: number, query = '') =>
  cw.call<Page<ContestAnnouncementVO>>(who, 'GET', `/api/get-contest-announcement?cid=${cid}${query}`);
const unread = (who: Caller, cid: number, readAnnouncementList: number[]) =>
  cw.call<ContestAnnouncementVO[]>(who, 'POST', '/api/get-contest-not-read-announcement', {
    cid,
    readAnnouncementList,
  });

describe('reference §3.6 get-contest-announcement and get-contest-not-read-announcement, §7.18', () => {
  it('lists the contest’s shown announcements newest first, and the ones the client has not read', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'pw' });
    const t0 = w.clock.now().getTime();
    const first = await addContestAnnouncement(w.t.db, {
      cid: c.id,
      uid: w.uids.admin,
      title: 'Welcome',
      gmtCreate: new Date(t0),
    });
    const second = await addContestAnnouncement(w.t.db, {
      cid: c.id,
      uid: w.uids.admin,
      title: 'Problem A clarified',
      gmtCreate: new Date(t0 + 1000),
    });
    await addContestAnnouncement(w.t.db, { cid: c.id, uid: w.uids.admin, title: 'Draft', status: 1 });
    const other = await cw.contest();
    await addContestAnnouncement(w.t.db, { cid: other.id, uid: w.uids.admin, title: 'Elsewhere' });
    toMinute(w.clock, c, 1);
    const res = await page('bob', c.id);
    expect(res.status).toBe(200);
    expect(res.data.records.map((a) => a.title)).toEqual(['Problem A clarified', 'Welcome']);
    expect(res.data.records[0]).toMatchObject({ username: 'admin', content: 'text' });
    expect(res.data.total).toBe(2);
    expect((await page('bob', c.id, '&limit=1&currentPage=2')).data.records.map((a) => a.id)).toEqual([
      first.id,
    ]);
    expect((await unread('bob', c.id, [])).data.map((a) => a.id)).toEqual([second.id, first.id]);
    expect((await unread('bob', c.id, [first.id])).data.map((a) => a.title)).toEqual(['Problem A clarified']);
    expect((await unread('bob', c.id, [first.id, second.id])).data).toEqual([]);
    // the site's announcement list does not show them
    const site = await cw.call<Page<{ title: string }>>('anonymous', 'GET', '/api/get-common-announcement');
    expect(site.data.records.map((a) => a.title)).not.toContain('Welcome');
  });

  it('follows the access rule: private needs registration, scheduled is closed, anonymous logs in', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'pw' });
    await addContestAnnouncement(w.t.db, { cid: c.id, uid: w.uids.admin, title: 'Soon' });
    const statuses = async () => {
      const out: Partial<Record<Caller, number>> = {};
      for (const who of ['anonymous', 'alice', 'bob', 'admin', 'root'] as const) {
        const a = await page(who, c.id);
        const b = await unread(who, c.id, []);
        expect(b.status).toBe(a.status);
        out[who] = a.http === 401 ? 401 : a.status;
      }
      return out;
    };
    expect(await statuses()).toEqual({ anonymous: 401, alice: 403, bob: 403, admin: 200, root: 200 });
    toMinute(w.clock, c, 1);
    expect(await statuses()).toEqual({ anonymous: 401, alice: 403, bob: 200, admin: 200, root: 200 });
  });
});
