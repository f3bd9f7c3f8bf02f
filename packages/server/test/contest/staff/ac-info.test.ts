import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLERS,
  contestSubmission,
  createStaffWorld,
  outcome,
  tokenOf,
  type Caller,
  type StaffWorld,
} from './fixtures.ts';

let w: StaffWorld;
const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;

interface AcInfo {
  id: number;
  username: string;
  realname: string | null;
  displayId: string;
  time: number;
  checked: boolean;
  submitId: number;
  firstBlood: boolean;
  color: string | null;
}

const list = (caller: Caller, currentPage = 1, limit = 20) =>
  w.call<{ records: AcInfo[]; total: number }>(
    'GET',
    `/api/get-contest-ac-info?cid=${w.cid}&currentPage=${currentPage}&limit=${limit}`,
    { token: tokenOf(w, caller) },
  );

let firstAliceA: { submitId: number; recordId: number };

beforeAll(async () => {
  w = await createStaffWorld();
  await contestSubmission(w, { user: 'alice', problem: 'A', status: WA, at: 100 });
  firstAliceA = await contestSubmission(w, { user: 'alice', problem: 'A', status: AC, at: 300 });
  await contestSubmission(w, { user: 'alice', problem: 'A', status: AC, at: 900 }); // a second AC: no balloon
  await contestSubmission(w, { user: 'bob', problem: 'A', status: AC, at: 200 }); // first blood of A
  await contestSubmission(w, { user: 'bob', problem: 'B', status: AC, at: 1200 }); // first blood of B
  await contestSubmission(w, { user: 'alice', problem: 'B', status: AC, at: 1500 });
  // neither the creator nor root gets a balloon, however early (reference §9.8)
  await contestSubmission(w, { user: 'admin', problem: 'A', status: AC, at: 10 });
  await contestSubmission(w, { user: 'root', problem: 'B', status: AC, at: 10 });
  // before the start and after the end: outside the window
  await contestSubmission(w, { user: 'bob', problem: 'B', status: AC, at: -60 });
});
afterAll(() => w.t.close());

describe('get-contest-ac-info (reference §3.6, §9.8)', () => {
  it('is for contest admins: the creator and root', async () => {
    const answers: Record<string, number> = {};
    for (const caller of CALLERS) answers[caller] = outcome(await list(caller));
    expect(answers).toEqual({ anonymous: 401, user: 403, participant: 403, creator: 200, root: 200 });
  });

  it('reference §9.8: the first AC per user and problem, without the creator and roots, in submission order, with First Blood', async () => {
    const { data } = await list('creator');
    expect(data.total).toBe(4);
    expect(data.records.map((r) => [r.username, r.displayId, r.time, r.firstBlood])).toEqual([
      ['bob', 'A', 200, true],
      ['alice', 'A', 300, false],
      ['bob', 'B', 1200, true],
      ['alice', 'B', 1500, false],
    ]);
    expect(data.records[1]).toMatchObject({
      id: firstAliceA.recordId,
      submitId: firstAliceA.submitId,
      realname: 'Alice Liddell',
      checked: false,
      color: '#ff0000',
    });
  });

  it('spec part 1 §9: pages of 20; First Blood does not depend on the page', async () => {
    const second = await list('root', 2, 2);
    expect(second.data).toMatchObject({ total: 4 });
    expect(second.data.records.map((r) => [r.username, r.displayId, r.firstBlood])).toEqual([
      ['bob', 'B', true],
      ['alice', 'B', false],
    ]);
  });

  it('reference §3.6 check-contest-ac-info: checked goes as sent, and checked rows go last', async () => {
    const { data } = await list('creator');
    const bobA = data.records[0]!;
    const check = (caller: Caller, checked: boolean, id = bobA.id) =>
      w.call('PUT', '/api/check-contest-ac-info', {
        token: tokenOf(w, caller),
        payload: { id, cid: w.cid, checked },
      });
    expect(outcome(await check('anonymous', true))).toBe(401);
    expect((await check('participant', true)).status).toBe(403);
    expect((await check('user', true)).status).toBe(403);
    expect((await check('creator', true)).status).toBe(200);
    let after = (await list('root')).data.records;
    expect(after.at(-1)).toMatchObject({ id: bobA.id, checked: true, firstBlood: true });
    expect((await check('root', false)).status).toBe(200);
    after = (await list('root')).data.records;
    expect(after[0]).toMatchObject({ id: bobA.id, checked: false });
    expect((await check('root', true, 999_999)).status).toBe(404);
  });
});
