import { eq } from 'drizzle-orm';
import type { AnnouncementVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import {
  CALLERS,
  createContest,
  createContestWorld,
  outcome,
  tokenOf,
  type ContestWorld,
} from './fixtures.ts';

let w: ContestWorld;
let cid: number;

beforeAll(async () => {
  w = await createContestWorld();
  cid = await createContest(w, { title: 'Announced round' });
});
afterAll(() => w.t.close());

const base = '/api/admin/contest/announcement';
const list = async (token = w.tokens.admin, c = cid) =>
  (await w.call<Page<AnnouncementVO>>('GET', `${base}?cid=${c}&limit=50`, { token })).data;

describe('contest announcements (reference §3.12 /api/admin/contest/announcement, §4.4 contest_announcement)', () => {
  it('create, list (hidden ones too), update and delete as each caller: the creator and root', async () => {
    const outcomes = { create: {}, list: {}, update: {}, remove: {} } as Record<
      string,
      Record<string, string>
    >;
    for (const caller of CALLERS) {
      const token = tokenOf(w, caller);
      const title = `by ${caller}`;
      outcomes.create![caller] = outcome(
        await w.call('POST', base, {
          token,
          payload: { cid, announcement: { title, content: '**hi**', status: 1 } },
        }),
      );
      outcomes.list![caller] = outcome(await w.call('GET', `${base}?cid=${cid}`, { token }));
      // each caller edits and deletes an announcement the creator made
      await w.call('POST', base, {
        token: w.tokens.admin,
        payload: { cid, announcement: { title: `target of ${caller}`, content: 'x', status: 0 } },
      });
      const target = (await list()).records.find((a) => a.title === `target of ${caller}`)!;
      outcomes.update![caller] = outcome(
        await w.call('PUT', base, {
          token,
          payload: {
            cid,
            announcement: { id: target.id, title: `edited by ${caller}`, content: 'y', status: 1 },
          },
        }),
      );
      outcomes.remove![caller] = outcome(await w.call('DELETE', `${base}?aid=${target.id}`, { token }));
    }
    const expected = { anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'policy', root: 'ok' };
    expect(outcomes).toEqual({ create: expected, list: expected, update: expected, remove: expected });

    const titles = (await list()).records.map((a) => a.title).sort();
    expect(titles).toEqual(
      // refused edits and deletes left their targets as they were
      ['by creator', 'by root', 'target of anonymous', 'target of otherAdmin', 'target of user'].sort(),
    );
    const mine = (await list()).records.find((a) => a.title === 'by creator')!;
    expect(mine).toMatchObject({ content: '**hi**', status: 1, username: 'admin' });
  });

  it('stays inside its contest: not a site announcement, not editable through another contest', async () => {
    const site = await w.call<Page<AnnouncementVO>>('GET', '/api/get-common-announcement?limit=50', {});
    expect(site.data.records.map((a) => a.title)).not.toContain('by creator');
    const other = await createContest(w, { title: 'Other' });
    const [one] = (await list()).records;
    const moved = await w.call('PUT', base, {
      token: w.tokens.admin,
      payload: { cid: other, announcement: { id: one!.id, title: 'hijacked', content: '' } },
    });
    expect([moved.status, moved.msg]).toEqual([404, 'The contest announcement does not exist!']);
    expect((await list(w.tokens.admin, other)).records).toEqual([]);
  });

  it('checks the announcement: a title of 1 to 255 characters and status 0 or 1', async () => {
    for (const a of [{ title: '' }, { title: 'x'.repeat(256) }, { title: 'ok', status: 3 }]) {
      const res = await w.call('POST', base, { token: w.tokens.admin, payload: { cid, announcement: a } });
      expect(res.status, JSON.stringify(a)).toBe(400);
    }
    expect(await w.t.db.select().from(announcement).where(eq(announcement.title, 'ok'))).toEqual([]);
  });
});
