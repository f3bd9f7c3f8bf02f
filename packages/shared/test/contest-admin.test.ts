import { describe, expect, it } from 'vitest';
import {
  accountLimitRuleProblem,
  adminContestBody,
  CONTEST_ADMIN_MESSAGES,
  isContestColor,
  parseContestTime,
} from '../src/index.ts';

const form = {
  title: 'Round',
  type: 0,
  auth: 0,
  startTime: '2030-01-01T10:00:00Z',
  endTime: '2030-01-01T15:00:00+08:00',
};

describe('the contest form shared by the admin screen and the server (reference §3.12 AdminContestVO)', () => {
  it('takes ISO times with their zone and epoch milliseconds, nothing ambiguous', () => {
    expect(parseContestTime('2030-01-01T10:00:00.123+08:00')?.toISOString()).toBe('2030-01-01T02:00:00.123Z');
    expect(parseContestTime(Date.UTC(2030, 0, 1))?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseContestTime('2030-01-01 10:00:00')).toBeNull();
    expect(parseContestTime('2030-01-01T10:00:00')).toBeNull();
  });

  it('fills reference §4.4 defaults and checks start before end across zones', () => {
    const ok = adminContestBody.parse({ ...form, endTime: '2030-01-01T20:00:00+08:00' });
    expect(ok).toMatchObject({ autoRealRank: true, visible: true, rankShowName: 'username', awardType: 0 });
    const refused = adminContestBody.safeParse(form);
    expect(refused.success ? [] : refused.error.issues.map((i) => i.message)).toEqual(['timeOrder']);
  });

  it('reference §7.18 account rule: a range with start ≤ end, or extra accounts', () => {
    expect(
      accountLimitRuleProblem('<prefix>t</prefix><suffix>x</suffix><start>1</start><end>9</end>'),
    ).toBeNull();
    expect(accountLimitRuleProblem('<extra>alice bob</extra>')).toBeNull();
    expect(accountLimitRuleProblem('<start>3</start><end>1</end>')).toBe('accountLimitRuleInvalid');
    expect(accountLimitRuleProblem('<start>1</start>')).toBe('accountLimitRuleInvalid');
    expect(accountLimitRuleProblem('')).toBe('accountLimitRuleRequired');
  });

  it('balloon and award colours: hex or rgb()/rgba()', () => {
    expect(['#f00', '#FF0000', '#ff000080', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)'].every(isContestColor)).toBe(
      true,
    );
    expect(['red', '#ff00000', 'rgb(1,2)', 'url(x)'].some(isContestColor)).toBe(false);
  });

  it('has both languages for every message', () => {
    for (const text of Object.values(CONTEST_ADMIN_MESSAGES)) {
      expect(text.zh.length).toBeGreaterThan(0);
      expect(text.en.length).toBeGreaterThan(0);
    }
  });
});
