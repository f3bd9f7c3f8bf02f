import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { JudgeStatus } from '@verdict/shared';
import type { ContestInfoVO, ContestProblemVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfo } from '../../../src/db/schema/index.ts';
import type { ContestRow } from '../../helpers/contests.ts';
import {
  acmSummary,
  outsideOf,
  play,
  rankContest,
  rankOf,
  rankWorld,
  toSecond,
  updateContest,
  type RankWorld,
} from './support.ts';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

let rw: RankWorld;
let c: ContestRow;
const tiers = [
  { priority: 3, name: 'Bronze', background: '#c73', color: '#fff', num: 100 },
  { priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: 20 },
  { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 40 },
  { priority: 4, name: 'Honour', background: '#eee', color: '#000', num: 10 },
];
beforeAll(async () => {
  rw = await rankWorld();
  c = await rankContest(rw, ['A'], {
    starAccount: { star_account: ['dan'] },
    awardType: 1,
    awardConfig: { config: tiers },
    openRank: true,
  });
  await play(rw, c, [
    { who: 'ann', at: 100, problem: 'A', status: AC },
    { who: 'ben', at: 200, problem: 'A', status: AC },
    { who: 'cat', at: 300, problem: 'A', status: AC },
    { who: 'dan', at: 400, problem: 'A', status: AC },
    { who: 'eve', at: 500, problem: 'A', status: WA },
    { who: 'fay', at: 600, problem: 'A', status: AC },
  ]);
  toSecond(rw, c, 1000);
  const db = rw.cw.w.t.db;
  await db.update(userInfo).set({ school: 'MIT', realname: 'Ann Lee' }).where(eq(userInfo.username, 'ann'));
  await db
    .update(userInfo)
    .set({ school: 'Mit East', realname: 'Cat Wu' })
    .where(eq(userInfo.username, 'cat'));
  await db.update(userInfo).set({ realname: 'Ben Mitchell' }).where(eq(userInfo.username, 'ben'));
});
afterAll(() => rw.cw.w.t.close());

const awards = async (body: Record<string, unknown> = {}) => {
  const res = await outsideOf(rw, undefined, { cid: c.id, ...body });
  expect(res.status, res.msg).toBe(200);
  return res.data.records.map((r) => [r.username, r.rank, r.awardName]);
};

describe('reference §9.5 awards', () => {
  it('percentages of the ranked non-star users, tiers in priority order, eligible rows only', async () => {
    // N = 5 (dan is a star): Gold ⌊20·5/100⌋ = 1, Silver 2, Bronze 5, Honour 0 (dropped)
    expect(await awards()).toEqual([
      ['ann', 1, 'Gold'],
      ['ben', 2, 'Silver'],
      ['cat', 3, 'Silver'],
      ['dan', -1, null],
      ['fay', 4, 'Bronze'],
      ['eve', 5, null], // no accepted problem
    ]);
    const res = await outsideOf(rw, undefined, { cid: c.id });
    expect(res.data.records[0]).toMatchObject({
      isWinAward: true,
      awardBackground: '#fd0',
      awardColor: '#000',
    });
    expect(res.data.records[5]).toMatchObject({ isWinAward: false, awardBackground: null, awardColor: null });
  });

  it('counts: each tier takes its number of rows, until the tiers run out', async () => {
    await updateContest(rw, c.id, {
      awardType: 2,
      awardConfig: { config: tiers.map((t) => ({ ...t, num: t.name === 'Honour' ? 0 : 1 })) },
    });
    expect(await awards()).toEqual([
      ['ann', 1, 'Gold'],
      ['ben', 2, 'Silver'],
      ['cat', 3, 'Bronze'],
      ['dan', -1, null],
      ['fay', 4, null],
      ['eve', 5, null],
    ]);
    await updateContest(rw, c.id, { awardType: 0 });
    expect((await awards()).every(([, , award]) => award === null)).toBe(true);
  });
});

describe('reference §9.6 search, current and followed users, paging', () => {
  it('the caller first, then followed users in board order, then the whole board; paging over the lot', async () => {
    const body = { cid: c.id, concernedList: [rw.uid.cat, rw.uid.fay, rw.uid.ann] };
    const all = await rankOf(rw, 'fay', body);
    expect(acmSummary(all).map((r) => r[0])).toEqual([
      'fay',
      'ann',
      'cat',
      'ann',
      'ben',
      'cat',
      'dan',
      'fay',
      'eve',
    ]);
    expect(all.data.total).toBe(9);
    // fay's own row, then the followed ann and cat (fay follows herself: once): six people (issue 24 item 16)
    expect(all.data.pinned).toBe(3);
    const second = await rankOf(rw, 'fay', { ...body, limit: 3, currentPage: 2 });
    expect(acmSummary(second).map((r) => r[0])).toEqual(['ann', 'ben', 'cat']);
    expect(second.data).toMatchObject({ total: 9, size: 3, current: 2, pages: 3, pinned: 3 });
    // page sizes up to 300
    expect((await rankOf(rw, 'fay', { ...body, limit: 1000 })).data.size).toBe(300);
    // the outside board puts nobody's own row first
    const outside = await outsideOf(rw, 'fay', body);
    expect(acmSummary(outside).map((r) => r[0])).toEqual([
      'ann',
      'cat',
      'fay',
      'ann',
      'ben',
      'cat',
      'dan',
      'fay',
      'eve',
    ]);
    // the outside board pins the three followed users
    expect(outside.data.pinned).toBe(3);
  });

  it('keyword: school or the shown name (rankShowName), case-insensitive', async () => {
    const names = async (keyword: string) =>
      acmSummary(await rankOf(rw, 'eve', { cid: c.id, keyword })).map((r) => r[0]);
    expect(await names('mit')).toEqual(['ann', 'cat']);
    expect(await names('BE')).toEqual(['ben']);
    await updateContest(rw, c.id, { rankShowName: 'realname' });
    expect(await names('mit')).toEqual(['ann', 'ben', 'cat']);
    expect(await names('eve')).toEqual([]);
    await updateContest(rw, c.id, { rankShowName: 'username' });
  });

  it('removeStar with the caller first: a star caller is not prepended', async () => {
    const res = await rankOf(rw, 'dan', { cid: c.id, removeStar: true });
    expect(acmSummary(res).map((r) => r[0])).toEqual(['ann', 'ben', 'cat', 'fay', 'eve']);
  });
});

describe('reference §3.6, §7.18, §9.6: who reads which board', () => {
  it('the in-contest board needs a login and the contest access rule', async () => {
    const anon = await rw.cw.w.call('POST', '/api/get-contest-rank', { payload: { cid: c.id } });
    expect(anon.http).toBe(401);
    await updateContest(rw, c.id, { auth: 1, pwd: 'secret' });
    expect((await rankOf(rw, 'eve', { cid: c.id })).status).toBe(403);
    expect((await rankOf(rw, 'admin', { cid: c.id })).status).toBe(200);
    await updateContest(rw, c.id, { auth: 0, pwd: null });
    const bad = await rankOf(rw, 'eve', { cid: c.id, limit: 'ten' });
    expect(bad.status).toBe(400);
  });

  it('the outside board and its info: openRank and started, anonymous callers welcome', async () => {
    const info = await rw.cw.w.call<{ contest: ContestInfoVO; problemList: ContestProblemVO[] }>(
      'GET',
      `/api/get-contest-outsize-info?cid=${c.id}`,
    );
    expect(info.status, info.msg).toBe(200);
    expect(info.data.contest).toMatchObject({ id: c.id, openRank: true, type: 0 });
    expect(info.data.problemList.map((p) => p.displayId)).toEqual(['A']);
    await updateContest(rw, c.id, { openRank: false });
    const closed = await outsideOf(rw, undefined, { cid: c.id });
    expect([closed.status, closed.msg]).toEqual([403, 'This contest has not opened its public scoreboard!']);
    expect((await rw.cw.w.call('GET', `/api/get-contest-outsize-info?cid=${c.id}`)).status).toBe(403);
    // contest admins always
    expect((await outsideOf(rw, 'admin', { cid: c.id })).status).toBe(200);
    await updateContest(rw, c.id, { openRank: true, visible: false });
    expect((await outsideOf(rw, undefined, { cid: c.id })).status).toBe(404);
    await updateContest(rw, c.id, { visible: true });
    const scheduled = await rankContest(rw, ['A'], { openRank: true });
    expect((await outsideOf(rw, undefined, { cid: scheduled.id })).status).toBe(403);
  });

  it('reference §3.11 download-contest-rank: contest admins get the board as xlsx or CSV', async () => {
    const refused = await rw.cw.w.call('GET', `/api/file/download-contest-rank?cid=${c.id}`, {
      token: rw.token.ann,
    });
    expect(refused.status).toBe(403);
    const csv = await rw.cw.w.call<Buffer>(
      'GET',
      `/api/file/download-contest-rank?cid=${c.id}&format=csv&removeStar=true`,
      {
        token: rw.token.admin,
      },
    );
    expect(csv.http).toBe(200);
    const lines = Buffer.from(csv.data).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Rank,Username,Nickname,Realname,School,Award,AC,Total,Total Time (min),A');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' '))).toEqual([
      '1 ann',
      '2 ben',
      '3 cat',
      '4 fay',
      '5 eve',
    ]);
    expect(lines[1]).toBe('1,ann,,Ann Lee,MIT,,1,1,1,00:01:40');
    const xlsx = await rw.cw.w.t.app.inject({
      method: 'GET',
      url: `/api/file/download-contest-rank?cid=${c.id}`,
      headers: { authorization: rw.token.admin! },
    });
    expect(xlsx.headers['content-disposition']).toBe(`attachment;filename=contest_${c.id}_rank.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('rank')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(5).getCell(1).value).toBe('*');
    expect(sheet.getRow(5).getCell(2).value).toBe('dan');
  });
});
