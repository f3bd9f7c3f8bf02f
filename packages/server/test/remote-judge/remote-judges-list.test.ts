import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceAccounts } from '../../src/modules/remote-judge/accounts.ts';
import { body } from '../account/support.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Spec part 1 (home page, "supported remote judges"), issue 30: GET /api/get-remote-judges lists the
 * remote judges a submission can be judged on now, the sites with at least one account in the pool
 * (GYM with Codeforces' accounts, reference §10.1), to anyone.
 */
let t: TestApp;
const listed = async () =>
  body(await t.app.inject({ url: '/api/get-remote-judges' })).data as unknown as string[];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the remote judges with accounts (issue 30)', () => {
  it('lists none without accounts, then exactly the sites that have one, in the site order', async () => {
    expect(await listed()).toEqual([]);
    await replaceAccounts(t.db, { SPOJ: { usernames: ['sp'], passwords: ['p1'] } });
    expect(await listed()).toEqual(['SPOJ']);
    await replaceAccounts(t.db, {
      CF: { usernames: ['cf-a', 'cf-b'], passwords: ['p2', 'p3'] },
      LIBRE: { usernames: ['lo'], passwords: ['p4'] },
    });
    expect(await listed()).toEqual(['CF', 'GYM', 'SPOJ', 'LIBRE']);
    await replaceAccounts(t.db, {
      SPOJ: { usernames: [], passwords: [] },
      CF: { usernames: [], passwords: [] },
    });
    expect(await listed()).toEqual(['LIBRE']);
  });
});
