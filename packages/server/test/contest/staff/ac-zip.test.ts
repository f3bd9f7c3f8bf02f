import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLERS,
  contestSubmission,
  createStaffWorld,
  tokenOf,
  type Caller,
  type StaffWorld,
} from './fixtures.ts';
import { readZip } from '../../helpers/zip-contents.ts';

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;

async function download(w: StaffWorld, caller: Caller, query: string) {
  const token = tokenOf(w, caller);
  return w.t.app.inject({
    method: 'GET',
    url: `/api/file/download-contest-ac-submission?cid=${w.cid}${query}`,
    headers: token ? { authorization: token } : {},
  });
}

/** `yyyyMMddHHmmss` of `start + seconds` (UTC). */
const stamp = (w: StaffWorld, seconds: number) =>
  new Date(w.start.getTime() + seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

describe('download-contest-ac-submission, ACM (reference §3.6)', () => {
  let w: StaffWorld;
  beforeAll(async () => {
    w = await createStaffWorld({ type: 0 });
    await contestSubmission(w, { user: 'alice', problem: 'A', status: WA, at: 100, code: 'wrong' });
    await contestSubmission(w, { user: 'alice', problem: 'A', status: AC, at: 300, code: 'alice A 1' });
    await contestSubmission(w, { user: 'alice', problem: 'A', status: AC, at: 900, code: 'alice A 2' });
    await contestSubmission(w, {
      user: 'bob',
      problem: 'B',
      status: AC,
      at: 200,
      code: 'bob B',
      language: 'Python3',
    });
    await contestSubmission(w, {
      user: 'admin',
      problem: 'B',
      status: AC,
      at: 50,
      code: 'creator B',
      language: 'Java',
    });
    await contestSubmission(w, { user: 'bob', problem: 'A', status: AC, at: -30, code: 'before start' });
  });
  afterAll(() => w.t.close());

  it('is for contest admins: the creator and root', async () => {
    const answers: Record<string, number> = {};
    for (const caller of CALLERS) {
      const res = await download(w, caller, '');
      const isZip = String(res.headers['content-type']).includes('zip');
      answers[caller] =
        res.statusCode === 401 ? 401 : isZip ? 200 : (res.json() as { status: number }).status;
    }
    expect(answers).toEqual({ anonymous: 401, user: 403, participant: 403, creator: 200, root: 200 });
  });

  it('reference §3.6: split by user, every accepted submission between start and end', async () => {
    const res = await download(w, 'creator', '&splitType=user');
    expect(res.headers['content-disposition']).toBe(
      `attachment;filename=contest_${w.cid}_${w.clock.now().getTime()}.zip`,
    );
    const files = await readZip(res.rawPayload);
    expect(Object.fromEntries(files)).toEqual({
      [`alice/A_(${stamp(w, 900)}).cpp`]: 'alice A 2',
      [`alice/A_(${stamp(w, 300)}).cpp`]: 'alice A 1',
      [`bob/B_(${stamp(w, 200)}).py`]: 'bob B',
      [`admin/B_(${stamp(w, 50)}).java`]: 'creator B',
    });
  });

  it('reference §3.6: split by problem, a folder per problem; excludeAdmin drops the creator', async () => {
    const res = await download(w, 'root', '&splitType=problem&excludeAdmin=true');
    const files = await readZip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'A/',
        'B/',
        `A/alice_(${stamp(w, 300)}).cpp`,
        `A/alice_(${stamp(w, 900)}).cpp`,
        `B/bob_(${stamp(w, 200)}).py`,
      ].sort(),
    );
  });

  it('refuses a split type it does not know', async () => {
    expect((await download(w, 'root', '&splitType=team')).json()).toMatchObject({ status: 400 });
  });
});

describe('download-contest-ac-submission, OI (reference §3.6)', () => {
  let w: StaffWorld;
  beforeAll(async () => {
    w = await createStaffWorld({ type: 1 });
    await contestSubmission(w, {
      user: 'alice',
      problem: 'A',
      status: 8,
      score: 40,
      at: 100,
      code: 'alice 40',
    });
    await contestSubmission(w, {
      user: 'alice',
      problem: 'A',
      status: AC,
      score: 100,
      at: 200,
      code: 'alice 100',
    });
    // the latest scored submission counts, even when lower
    await contestSubmission(w, {
      user: 'alice',
      problem: 'A',
      status: WA,
      score: 10,
      at: 300,
      code: 'alice 10',
    });
    await contestSubmission(w, { user: 'bob', problem: 'B', status: WA, score: 0, at: 400, code: 'bob 0' });
    // not judged yet (no score): left out
    await contestSubmission(w, {
      user: 'bob',
      problem: 'A',
      status: JudgeStatus.PENDING,
      at: 500,
      code: 'pending',
    });
  });
  afterAll(() => w.t.close());

  it('reference §3.6: the latest scored submission per user and problem, with its score in the name', async () => {
    const byUser = await readZip((await download(w, 'creator', '')).rawPayload);
    expect(Object.fromEntries(byUser)).toEqual({
      [`alice/A_10_(${stamp(w, 300)}).cpp`]: 'alice 10',
      [`bob/B_0_(${stamp(w, 400)}).cpp`]: 'bob 0',
    });
    const byProblem = await readZip((await download(w, 'creator', '&splitType=problem')).rawPayload);
    expect(byProblem.get(`A/alice_10_(${stamp(w, 300)}).cpp`)).toBe('alice 10');
    expect(byProblem.get(`B/bob_0_(${stamp(w, 400)}).cpp`)).toBe('bob 0');
  });
});
