import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite, remoteChecks } from '../../src/remote/doctor-lines.ts';
import { FakeCodeforces } from '../remote-fakes/codeforces.ts';

let cf: FakeCodeforces;

beforeAll(async () => {
  cf = await new FakeCodeforces().start();
  cf.accounts.set('club-1', 'secret-1');
});
afterAll(() => cf.close());

describe('verdict-judge doctor: a line per remote site (issue 30)', () => {
  it('says the site is reachable and which accounts log in', async () => {
    const env = {
      VERDICT_REMOTE_CF_URL: cf.url,
      CF_ACCOUNT_USERNAME_LIST: 'club-1,club-2',
      CF_ACCOUNT_PASSWORD_LIST: 'secret-1,wrong',
    };
    const outcome = await checkSite('CF', env);
    expect(outcome.status).toBe('fail');
    expect(outcome.summary).toContain('1 of 2 accounts log in');
    expect(outcome.summary).toContain('ok  club-1');
    expect(outcome.summary).toMatch(/-- {2}club-2: \[Codeforces\] Failed to Login/);
    expect(outcome.summary).not.toContain('secret-1');
    const good = await checkSite('CF', {
      ...env,
      CF_ACCOUNT_USERNAME_LIST: 'club-1',
      CF_ACCOUNT_PASSWORD_LIST: 'secret-1',
    });
    expect(good.status).toBe('ok');
  });

  it('says when the site cannot be reached, and has no line without the role', async () => {
    const outcome = await checkSite('CF', { VERDICT_REMOTE_CF_URL: 'http://127.0.0.1:1' });
    expect(outcome).toMatchObject({ status: 'fail' });
    expect(outcome.summary).toContain('unreachable');
    expect(remoteChecks({})).toEqual([]);
    expect(remoteChecks({ VERDICT_JUDGE_REMOTE: 'CF' }).map((c) => c.name)).toEqual(['remote judge CF']);
  });
});
