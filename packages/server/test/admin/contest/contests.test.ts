import { eq } from 'drizzle-orm';
import type { AdminContestVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement, contest, contestAnnouncement, contestProblem } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import { createProblem } from '../../problem/fixtures.ts';
import {
  CALLERS,
  contestForm,
  createContest,
  createContestWorld,
  outcome,
  register,
  registrations,
  tokenOf,
  type Caller,
  type ContestWorld,
} from './fixtures.ts';

let w: ContestWorld;

beforeAll(async () => {
  w = await createContestWorld();
});
afterAll(() => w.t.close());

const contestRow = async (cid: number) =>
  (await w.t.db.select().from(contest).where(eq(contest.id, cid)))[0]!;

/** Each caller's outcome of one call, in CALLERS order. */
async function asEveryCaller(
  call: (token: string | undefined, caller: Caller) => Promise<Parameters<typeof outcome>[0]>,
) {
  const seen: Record<string, string> = {};
  for (const caller of CALLERS) seen[caller] = outcome(await call(tokenOf(w, caller), caller));
  return seen;
}

describe('who manages contests (reference §2, §3.12 "Contests")', () => {
  it('creating: the admin roles; anonymous callers must log in, normal users are refused', async () => {
    const seen = await asEveryCaller((token) =>
      w.call('POST', '/api/admin/contest', { token, payload: contestForm(w, { title: 'who creates' }) }),
    );
    expect(seen).toEqual({ anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'ok', root: 'ok' });
    const mine = await w.t.db.select().from(contest).where(eq(contest.title, 'who creates'));
    expect(mine.map((c) => c.author).sort()).toEqual(['admin', 'admin2', 'root']);
  });

  it('reading, updating, cloning and hiding one contest: its creator and root only', async () => {
    const cid = await createContest(w, { title: 'owned by admin' });
    expect(await asEveryCaller((token) => w.call('GET', `/api/admin/contest?cid=${cid}`, { token }))).toEqual(
      { anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'policy', root: 'ok' },
    );
    expect(
      await asEveryCaller((token) =>
        w.call('PUT', '/api/admin/contest', {
          token,
          payload: contestForm(w, { id: cid, title: 'renamed' }),
        }),
      ),
    ).toEqual({ anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'policy', root: 'ok' });
    expect(
      await asEveryCaller((token) => w.call('GET', `/api/admin/contest/clone?cid=${cid}`, { token })),
    ).toEqual({ anonymous: 'login', user: 'role', creator: 'ok', otherAdmin: 'policy', root: 'ok' });
    // HOJ trusted the uid parameter; here a forged creator uid changes nothing
    const forged = `/api/admin/contest/change-contest-visible?cid=${cid}&uid=${w.uids.admin}&visible=false`;
    expect(await asEveryCaller((token) => w.call('PUT', forged, { token }))).toEqual({
      anonymous: 'login',
      user: 'role',
      creator: 'ok',
      otherAdmin: 'policy',
      root: 'ok',
    });
  });

  it('deleting: root only (R(root)); the contest goes with its links and its announcements', async () => {
    const cid = await createContest(w, { title: 'to delete' });
    const { pid } = await createProblem(w, { problemId: 'DEL-1' });
    await w.call('POST', '/api/admin/contest/add-problem-from-public', {
      token: w.tokens.admin,
      payload: { pid, cid, displayId: 'A' },
    });
    await w.call('POST', '/api/admin/contest/announcement', {
      token: w.tokens.admin,
      payload: { cid, announcement: { title: 'note', content: 'hi', status: 0 } },
    });
    const seen = await asEveryCaller((token) => w.call('DELETE', `/api/admin/contest?cid=${cid}`, { token }));
    expect(seen).toEqual({
      anonymous: 'login',
      user: 'role',
      creator: 'role',
      otherAdmin: 'role',
      root: 'ok',
    });
    expect(await w.t.db.select().from(contest).where(eq(contest.id, cid))).toEqual([]);
    expect(await w.t.db.select().from(contestProblem).where(eq(contestProblem.cid, cid))).toEqual([]);
    // an unlinked contest announcement would read as a site announcement: it is gone too
    expect(await w.t.db.select().from(announcement).where(eq(announcement.title, 'note'))).toEqual([]);
    expect(await w.t.db.select().from(contestAnnouncement).where(eq(contestAnnouncement.cid, cid))).toEqual(
      [],
    );
    expect((await w.call('DELETE', `/api/admin/contest?cid=${cid}`, { token: w.tokens.root })).status).toBe(
      404,
    );
  });

  it('the list: root sees every contest, an admin the contests he created; no passwords (reference §3.12)', async () => {
    const mine = await createContest(w, { title: 'Listed private', auth: 1, pwd: 'secret' });
    const theirs = await createContest(w, { title: 'Listed other' }, w.admin2.token);
    const list = async (token: string, keyword = 'Listed') =>
      (
        await w.call<Page<AdminContestVO>>(
          'GET',
          `/api/admin/contest/get-contest-list?keyword=${keyword}&limit=50`,
          {
            token,
          },
        )
      ).data;
    expect((await list(w.tokens.admin)).records.map((c) => c.id)).toEqual([mine]);
    expect((await list(w.admin2.token)).records.map((c) => c.id)).toEqual([theirs]);
    const all = await list(w.tokens.root);
    expect(all.records.map((c) => c.id).sort()).toEqual([mine, theirs].sort());
    expect(all.records.every((c) => !('pwd' in c))).toBe(true);
    expect((await list(w.tokens.root, String(theirs))).records.map((c) => c.id)).toEqual([theirs]);
    expect((await w.call('GET', '/api/admin/contest/get-contest-list', {})).http).toBe(401);
    expect((await w.call('GET', '/api/admin/contest/get-contest-list', { token: w.tokens.alice })).http).toBe(
      403,
    );
  });
});

describe('the contest form (reference §3.12 AdminContestVO, §4.4, §9.5)', () => {
  it('stores every field; duration and status come from the times, tiers are sorted by priority', async () => {
    const start = w.clock.now().getTime() - 3600_000;
    const cid = await createContest(w, {
      title: 'Full OI',
      type: 1,
      auth: 2,
      pwd: 'pw',
      startTime: new Date(start).toISOString(),
      endTime: start + 4 * 3600_000,
      duration: 1,
      sealRank: true,
      sealRankTime: new Date(start + 3 * 3600_000).toISOString(),
      autoRealRank: false,
      openPrint: true,
      openAccountLimit: true,
      accountLimitRule:
        '<prefix>team</prefix><suffix></suffix><start>1</start><end>30</end><extra>alice</extra>',
      rankShowName: 'realname',
      starAccount: [' bob ', '', 'noSubmit'],
      openRank: true,
      oiRankScoreType: 'Highest',
      awardType: 2,
      awardConfigList: [
        { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000', num: 3 },
        { priority: 1, name: 'Gold', background: '#ffd700', color: 'rgb(0,0,0)', num: 1 },
      ],
      allowEndSubmit: true,
      visible: false,
    });
    const vo = (
      await w.call<AdminContestVO>('GET', `/api/admin/contest?cid=${cid}`, { token: w.tokens.admin })
    ).data;
    expect(vo).toMatchObject({
      title: 'Full OI',
      type: 1,
      auth: 2,
      pwd: 'pw',
      uid: w.uids.admin,
      author: 'admin',
      source: 0,
      duration: 4 * 3600,
      status: 0,
      sealRank: true,
      sealRankTime: new Date(start + 3 * 3600_000).toISOString(),
      autoRealRank: false,
      openPrint: true,
      openAccountLimit: true,
      rankShowName: 'realname',
      starAccount: ['bob', 'noSubmit'],
      openRank: true,
      oiRankScoreType: 'Highest',
      awardType: 2,
      allowEndSubmit: true,
      visible: false,
      count: 0,
    });
    expect(vo.awardConfigList.map((t) => t.name)).toEqual(['Gold', 'Silver']);
    expect(vo.startTime).toBe(new Date(start).toISOString());
  });

  it('turning the seal off forgets its time', async () => {
    const cid = await createContest(w);
    const form = contestForm(w, { id: cid, sealRank: false, sealRankTime: contestForm(w).startTime });
    expect((await w.call('PUT', '/api/admin/contest', { token: w.tokens.admin, payload: form })).status).toBe(
      200,
    );
    expect((await contestRow(cid)).sealRankTime).toBeNull();
  });

  it('refuses each field with its own message, and a refused save changes nothing', async () => {
    const start = contestForm(w).startTime;
    const end = contestForm(w).endTime;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'The contest title is required!'],
      [{ title: 'x'.repeat(256) }, 'The contest title can be at most 255 characters!'],
      [{ description: 'x'.repeat(65_536) }, 'The contest description can be at most 65535 characters!'],
      [{ type: 2 }, 'The contest type must be ACM (0) or OI (1)!'],
      [{ auth: 3 }, 'The contest access must be public (0), private (1) or protected (2)!'],
      [{ auth: 1, pwd: '' }, 'A private or protected contest needs a password!'],
      [{ auth: 2, pwd: null }, 'A private or protected contest needs a password!'],
      [{ auth: 1, pwd: 'p'.repeat(256) }, 'The contest password can be at most 255 characters!'],
      [
        { startTime: '2030-01-01 10:00:00' },
        'The start time is invalid: an ISO time with its zone or epoch milliseconds!',
      ],
      [{ endTime: 'tomorrow' }, 'The end time is invalid: an ISO time with its zone or epoch milliseconds!'],
      [{ startTime: end, endTime: start }, 'The contest must start before it ends!'],
      [{ endTime: start }, 'The contest must start before it ends!'],
      [{ sealRank: true, sealRankTime: null }, 'A sealed scoreboard needs the time the seal starts!'],
      [
        { sealRank: true, sealRankTime: end },
        'The seal must start between the start and the end of the contest!',
      ],
      [{ sealRank: true, sealRankTime: 'soon' }, 'The seal time is invalid!'],
      [{ rankShowName: 'email' }, 'The rank display name must be username, nickname or realname!'],
      [{ type: 1, oiRankScoreType: 'Best' }, 'The OI score type must be Recent or Highest!'],
      [
        { openAccountLimit: true, accountLimitRule: '' },
        'The account limit needs a rule: a numbered range or extra accounts!',
      ],
      [
        { openAccountLimit: true, accountLimitRule: '<prefix>t</prefix><start>9</start><end>2</end>' },
        'The account rule is invalid: the start and end numbers must be whole numbers ≥ 0, start not above end!',
      ],
      [
        { openAccountLimit: true, accountLimitRule: '<prefix>t</prefix><start>a</start><end>2</end>' },
        'The account rule is invalid: the start and end numbers must be whole numbers ≥ 0, start not above end!',
      ],
      [{ starAccount: ['bob', ' bob'] }, 'A star account is listed twice!'],
      [{ starAccount: ['x'.repeat(21)] }, 'A star account is invalid (a username of 1 to 20 characters)!'],
      [{ awardType: 5 }, 'The award type must be none (0), by percentage (1) or by count (2)!'],
      [{ awardType: 1, awardConfigList: [] }, 'Set at least one award tier!'],
      [
        {
          awardType: 1,
          awardConfigList: [{ priority: 1, name: '', background: '#fff', color: '#000', num: 10 }],
        },
        'An award name must be 1 to 50 characters long!',
      ],
      [
        {
          awardType: 1,
          awardConfigList: [{ priority: 1, name: 'Gold', background: 'gold', color: '#000', num: 10 }],
        },
        'An award colour is invalid (for example #FFD700)!',
      ],
      [
        {
          awardType: 2,
          awardConfigList: [{ priority: 1, name: 'Gold', background: '#fff', color: '#000', num: 0 }],
        },
        'An award tier must take a whole number of users above 0!',
      ],
      [
        {
          awardType: 1,
          awardConfigList: [
            { priority: 1, name: 'Gold', background: '#fff', color: '#000', num: 60 },
            { priority: 2, name: 'Silver', background: '#fff', color: '#000', num: 50 },
          ],
        },
        'By percentage, each tier takes 1 to 100 % and the tiers together at most 100 %!',
      ],
      [{ gid: 5 }, 'Group contests are managed inside their group!'],
    ];
    const cid = await createContest(w, { title: 'Unchanged' });
    const before = await contestRow(cid);
    for (const [overrides, message] of cases) {
      const created = await w.call('POST', '/api/admin/contest', {
        token: w.tokens.admin,
        payload: contestForm(w, { title: 'Refused', ...overrides }),
      });
      expect([created.http, created.status, created.msg], JSON.stringify(overrides)).toEqual([
        200,
        400,
        message,
      ]);
      const updated = await w.call('PUT', '/api/admin/contest', {
        token: w.tokens.admin,
        payload: contestForm(w, { id: cid, title: 'Refused', ...overrides }),
      });
      expect(updated.msg, JSON.stringify(overrides)).toBe(message);
    }
    expect(await w.t.db.select().from(contest).where(eq(contest.title, 'Refused'))).toEqual([]);
    expect(await contestRow(cid)).toEqual(before);
  });

  it('answers the refusal in Chinese for a Chinese client', async () => {
    const res = await w.call('POST', '/api/admin/contest', {
      token: w.tokens.admin,
      payload: contestForm(w, { auth: 1, pwd: '' }),
      lang: 'zh',
    });
    expect(res.msg).toBe('私有赛或保护赛必须设置比赛密码！');
  });

  it('PUT needs the contest id; an unknown contest does not exist', async () => {
    expect(
      (await w.call('PUT', '/api/admin/contest', { token: w.tokens.admin, payload: contestForm(w) })).msg,
    ).toBe('The contest id is missing!');
    const res = await w.call('PUT', '/api/admin/contest', {
      token: w.tokens.root,
      payload: contestForm(w, { id: 999_999 }),
    });
    expect([res.status, res.msg]).toEqual([404, 'The contest does not exist!']);
  });
});

describe('changing the password of a non-public contest (reference §3.12 PUT /api/admin/contest)', () => {
  it('drops its registrations in the same save and says how many', async () => {
    const cid = await createContest(w, { auth: 1, pwd: 'old' });
    await register(w, cid, w.uids.alice);
    await register(w, cid, w.uids.bob);
    const vo = (
      await w.call<AdminContestVO>('GET', `/api/admin/contest?cid=${cid}`, { token: w.tokens.admin })
    ).data;
    expect(vo.count).toBe(2); // what the form warns with before saving

    const same = await w.call('PUT', '/api/admin/contest', {
      token: w.tokens.admin,
      payload: contestForm(w, { id: cid, auth: 1, pwd: 'old', title: 'same password' }),
    });
    expect(same.data).toEqual({ registrationsDropped: 0 });
    expect(await registrations(w, cid)).toHaveLength(2);

    const changed = await w.call('PUT', '/api/admin/contest', {
      token: w.tokens.admin,
      payload: contestForm(w, { id: cid, auth: 1, pwd: 'new' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toEqual({ registrationsDropped: 2 });
    expect(changed.msg).toBe('Saved! The password changed, so 2 registration(s) were removed.');
    expect(await registrations(w, cid)).toEqual([]);
    expect((await contestRow(cid)).pwd).toBe('new');
  });

  it('keeps them when the contest is public, and when the save is refused', async () => {
    const open = await createContest(w, { auth: 0, pwd: null });
    await register(w, open, w.uids.alice);
    await w.call('PUT', '/api/admin/contest', {
      token: w.tokens.admin,
      payload: contestForm(w, { id: open, auth: 0, pwd: 'whatever' }),
    });
    expect(await registrations(w, open)).toHaveLength(1);

    const closed = await createContest(w, { auth: 2, pwd: 'old' });
    await register(w, closed, w.uids.alice);
    const refused = await w.call('PUT', '/api/admin/contest', {
      token: w.tokens.admin,
      payload: contestForm(w, { id: closed, auth: 2, pwd: 'new', title: '' }),
    });
    expect(refused.status).toBe(400);
    const foreign = await w.call('PUT', '/api/admin/contest', {
      token: w.admin2.token,
      payload: contestForm(w, { id: closed, auth: 2, pwd: 'new' }),
    });
    expect(foreign.status).toBe(403);
    expect(await registrations(w, closed)).toHaveLength(1);
    expect((await contestRow(closed)).pwd).toBe('old');
  });
});

describe('clone and visibility (reference §3.12)', () => {
  it('clone: a copy owned by the caller, "[Cloned]", source = the original; problems are not copied', async () => {
    const cid = await createContest(w, { title: 'Original', auth: 1, pwd: 'pw', openPrint: true });
    const { pid } = await createProblem(w, { problemId: 'CLONE-1' });
    await w.call('POST', '/api/admin/contest/add-problem-from-public', {
      token: w.tokens.admin,
      payload: { pid, cid, displayId: 'A' },
    });
    const res = await w.call<{ cid: number }>('GET', `/api/admin/contest/clone?cid=${cid}`, {
      token: w.tokens.root,
    });
    const copy = await contestRow(res.data.cid);
    expect(copy).toMatchObject({
      title: 'Original [Cloned]',
      source: cid,
      uid: '1',
      author: 'root',
      auth: 1,
      pwd: 'pw',
      openPrint: true,
    });
    expect(await w.t.db.select().from(contestProblem).where(eq(contestProblem.cid, copy.id))).toEqual([]);
  });

  it('change-contest-visible flips `visible`', async () => {
    const cid = await createContest(w);
    await w.call('PUT', `/api/admin/contest/change-contest-visible?cid=${cid}&visible=false`, {
      token: w.tokens.admin,
    });
    expect((await contestRow(cid)).visible).toBe(false);
    await w.call('PUT', `/api/admin/contest/change-contest-visible?cid=${cid}&visible=true`, {
      token: w.tokens.admin,
    });
    expect((await contestRow(cid)).visible).toBe(true);
    const missing = await w.call('PUT', `/api/admin/contest/change-contest-visible?cid=${cid}`, {
      token: w.tokens.admin,
    });
    expect(missing.status).toBe(400);
  });
});
