import { describe, expect, it } from 'vitest';
import { accountAllowedByRule, contestListQuery, parseAccountLimitRule } from '../src/contest.ts';

describe('reference §4.4, §7.18: the account-limit rule', () => {
  const rule =
    '<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>30</end><extra>judge1 guest</extra>';

  it('parses the tagged rule text', () => {
    expect(parseAccountLimitRule(rule)).toEqual({
      prefix: 'team',
      suffix: '_a',
      start: 1,
      end: 30,
      extra: ['judge1', 'guest'],
    });
    expect(parseAccountLimitRule(null)).toEqual({
      prefix: '',
      suffix: '',
      start: null,
      end: null,
      extra: [],
    });
  });

  it('allows prefix + i + suffix for i in [start, end] and the extra names, nothing else', () => {
    expect(accountAllowedByRule(rule, 'team1_a')).toBe(true);
    expect(accountAllowedByRule(rule, 'team30_a')).toBe(true);
    expect(accountAllowedByRule(rule, 'guest')).toBe(true);
    expect(accountAllowedByRule(rule, 'team31_a')).toBe(false);
    expect(accountAllowedByRule(rule, 'team0_a')).toBe(false);
    // HOJ builds prefix + i + suffix: no leading zeros, no sign tricks
    expect(accountAllowedByRule(rule, 'team01_a')).toBe(false);
    expect(accountAllowedByRule(rule, 'team1')).toBe(false);
    expect(accountAllowedByRule(rule, 'alice')).toBe(false);
    expect(accountAllowedByRule('<extra></extra>', '')).toBe(false);
  });
});

describe('reference §3.6 get-contest-list query', () => {
  it('takes status -1/0/1, type 0/1, auth 0/1/2 and pages 10 by default', () => {
    expect(contestListQuery.parse({ status: '-1', type: '1', keyword: ' x ' })).toMatchObject({
      status: -1,
      type: 1,
      keyword: 'x',
      limit: 10,
      currentPage: 1,
    });
    expect(contestListQuery.parse({ status: '' }).status).toBeUndefined();
    expect(contestListQuery.safeParse({ status: '2' }).success).toBe(false);
    expect(contestListQuery.safeParse({ auth: '3' }).success).toBe(false);
  });
});
