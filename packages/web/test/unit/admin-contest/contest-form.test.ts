import { describe, expect, it } from 'vitest';
import {
  accountRulePreview,
  formatAccountRule,
  parseAccountRule,
} from '../../../src/admin/contest/form/account-rule.ts';
import {
  addStarAccount,
  defaultContestForm,
  dropsRegistrations,
  durationParts,
  durationSeconds,
  formFromContest,
  sealChoiceAllowed,
  sealTimeOf,
  toContestBody,
  validateContestForm,
  withSeal,
  withTimes,
  type ContestFormState,
} from '../../../src/admin/contest/form/contest-form.ts';
import type { AdminContestVO } from '../../../src/api/admin-contest.ts';

const NAMES: [string, string, string] = ['Gold', 'Silver', 'Bronze'];
const START = Date.parse('2026-12-01T08:00:00.000Z');
const HOUR = 3600_000;

/** A form that passes every check: an ACM contest of five hours. */
function validForm(change: Partial<ContestFormState> = {}): ContestFormState {
  return {
    ...defaultContestForm(NAMES),
    title: 'Winter cup',
    description: 'Five problems',
    startTime: START,
    endTime: START + 5 * HOUR,
    ...change,
  };
}

const keys = (form: ContestFormState) => validateContestForm(form).map((e) => e.key);

describe('contest form checks (spec part 2 §5 "Group contest submit")', () => {
  it('a filled form passes', () => {
    expect(validateContestForm(validForm())).toEqual([]);
  });

  it('spec part 2 §5: title, description, start, end are checked in that order', () => {
    const empty = { ...defaultContestForm(NAMES) };
    expect(keys(empty)).toEqual(['titleRequired', 'descriptionRequired', 'startRequired', 'endRequired']);
  });

  it('spec part 2 §5: an end before the start is Contets_Time_Check and the duration is 0', () => {
    const form = validForm({ endTime: START - HOUR });
    expect(keys(form)).toEqual(['timeOrder']);
    expect(durationSeconds(form.startTime, form.endTime)).toBe(0);
    expect(keys(validForm({ endTime: START }))).toEqual(['timeOrder']);
  });

  it('spec part 2 §4: a private or protected contest needs a password; a public one does not', () => {
    expect(keys(validForm({ auth: 1 }))).toEqual(['pwdRequired']);
    expect(keys(validForm({ auth: 2, pwd: '   ' }))).toEqual(['pwdRequired']);
    expect(keys(validForm({ auth: 1, pwd: 'secret' }))).toEqual([]);
    expect(keys(validForm({ auth: 0, pwd: '' }))).toEqual([]);
  });

  it('reference §3.12: a title longer than the column is refused', () => {
    expect(keys(validForm({ title: 'x'.repeat(256) }))).toEqual(['titleTooLong']);
  });

  it('spec part 2 §5: the account rule needs both numbers, the end not below the start', () => {
    const rule = { prefix: 'team', suffix: '', start: 1, end: null, extra: '' };
    expect(keys(validForm({ openAccountLimit: true, accountRule: rule }))).toEqual(['ruleNumbersRequired']);
    expect(keys(validForm({ openAccountLimit: true, accountRule: { ...rule, end: 0, start: 5 } }))).toEqual([
      'ruleRange',
    ]);
    // extra accounts alone are a valid rule
    const extrasOnly = { prefix: '', suffix: '', start: null, end: null, extra: 'alice bob' };
    expect(keys(validForm({ openAccountLimit: true, accountRule: extrasOnly }))).toEqual([]);
    // a rule that is switched off is not checked
    expect(keys(validForm({ openAccountLimit: false, accountRule: rule }))).toEqual([]);
  });

  it('reference §4.4 award_config: names and positive numbers, shares up to 100 percent', () => {
    const tiers = defaultContestForm(NAMES).awardConfigList;
    expect(keys(validForm({ awardType: 2, awardConfigList: tiers }))).toEqual([]);
    expect(keys(validForm({ awardType: 2, awardConfigList: [] }))).toEqual(['awardsRequired']);
    const bad = [{ ...tiers[0]!, name: ' ', num: 0 }];
    expect(keys(validForm({ awardType: 2, awardConfigList: bad }))).toEqual(['awardName', 'awardNum']);
    expect(keys(validForm({ awardType: 1, awardConfigList: [{ ...tiers[0]!, num: 101 }] }))).toEqual([
      'awardPercent',
    ]);
    const shares = tiers.map((tier) => ({ ...tier, num: 40 }));
    expect(keys(validForm({ awardType: 1, awardConfigList: shares }))).toEqual(['awardPercentTotal']);
    // no awards: the tiers are not checked
    expect(keys(validForm({ awardType: 0, awardConfigList: [] }))).toEqual([]);
  });
});

describe('duration and seal (spec part 2 §4)', () => {
  it('shows the duration in days, hours, minutes and seconds', () => {
    expect(durationSeconds(START, START + 5 * HOUR + 90_000)).toBe(5 * 3600 + 90);
    expect(durationParts(2 * 86400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ d: 2, h: 3, m: 4, s: 5 });
    expect(durationSeconds(null, START)).toBe(0);
  });

  it('spec part 2 §4: seal options are disabled under half an hour / an hour', () => {
    expect(sealChoiceAllowed(0, 1799)).toBe(false);
    expect(sealChoiceAllowed(0, 1800)).toBe(true);
    expect(sealChoiceAllowed(1, 3599)).toBe(false);
    expect(sealChoiceAllowed(1, 3600)).toBe(true);
    expect(sealChoiceAllowed(2, 60)).toBe(true);
  });

  it('spec part 2 §4: turning the seal on picks one hour before the end for an ACM contest of an hour or more', () => {
    expect(withSeal(validForm(), true).sealChoice).toBe(1);
    expect(withSeal(validForm({ endTime: START + 30 * 60_000 }), true).sealChoice).toBe(2);
    expect(withSeal(validForm({ type: 1 }), true).sealChoice).toBe(2);
  });

  it('a shorter contest falls back to sealing from the start', () => {
    const sealed = withSeal(validForm(), true);
    expect(withTimes(sealed, START, START + 40 * 60_000).sealChoice).toBe(2);
  });

  it('the seal time of each choice; on edit the choice comes back from the stored time', () => {
    const end = START + 5 * HOUR;
    expect(sealTimeOf(0, START, end)).toBe(end - HOUR / 2);
    expect(sealTimeOf(1, START, end)).toBe(end - HOUR);
    expect(sealTimeOf(2, START, end)).toBe(START);
    for (const choice of [0, 1, 2] as const) {
      const body = toContestBody(validForm({ sealRank: true, sealChoice: choice }));
      const back = formFromContest({ ...body, id: 1000 }, NAMES);
      expect(back.sealChoice).toBe(choice);
    }
  });
});

describe('the AdminContestVO body (reference §3.12)', () => {
  it('carries every field with the duration in seconds and ISO times', () => {
    const body = toContestBody(
      validForm({
        auth: 1,
        pwd: 'pw',
        sealRank: true,
        sealChoice: 1,
        openAccountLimit: true,
        accountRule: { prefix: 'team', suffix: '_a', start: 1, end: 20, extra: 'alice\nbob  alice' },
        starAccount: ['judge'],
        awardType: 2,
        openPrint: true,
        allowEndSubmit: true,
        openRank: true,
        rankShowName: 'realname',
      }),
    );
    expect(body).toMatchObject({
      title: 'Winter cup',
      type: 0,
      auth: 1,
      pwd: 'pw',
      startTime: '2026-12-01T08:00:00.000Z',
      endTime: '2026-12-01T13:00:00.000Z',
      duration: 5 * 3600,
      sealRank: true,
      sealRankTime: '2026-12-01T12:00:00.000Z',
      autoRealRank: true,
      openAccountLimit: true,
      accountLimitRule:
        '<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>20</end><extra>alice bob</extra>',
      starAccount: ['judge'],
      openRank: true,
      openPrint: true,
      allowEndSubmit: true,
      rankShowName: 'realname',
      oiRankScoreType: 'Recent',
      awardType: 2,
      visible: true,
    });
    expect(body.awardConfigList.map((a) => a.priority)).toEqual([1, 2, 3]);
    expect(body).not.toHaveProperty('id');
  });

  it('a public contest sends no password; no seal sends no seal time; no awards send no tiers', () => {
    const body = toContestBody(validForm({ auth: 0, pwd: 'left over' }));
    expect(body.pwd).toBeNull();
    expect(body.sealRankTime).toBeNull();
    expect(body.awardConfigList).toEqual([]);
    expect(body.accountLimitRule).toBeNull();
  });

  it('an edited contest keeps its id, creator and fields through the form', () => {
    const stored: AdminContestVO = {
      ...toContestBody(validForm({ type: 1, oiRankScoreType: 'Highest', awardType: 1 })),
      id: 1001,
      uid: 'u-1',
      author: 'root',
    };
    const form = formFromContest(stored, NAMES);
    const again = toContestBody(form);
    expect(again).toEqual({ ...stored });
  });
});

describe('reference §3.12 PUT /api/admin/contest: a new password of a non-public contest drops registrations', () => {
  const stored = { ...validForm({ auth: 1, pwd: 'old' }), id: 1000 };
  it('warns when the password of a private or protected contest changes', () => {
    expect(dropsRegistrations({ ...stored, pwd: 'new' }, 'old')).toBe(true);
    expect(dropsRegistrations({ ...stored, auth: 2, pwd: 'new' }, 'old')).toBe(true);
  });
  it('does not warn for the same password, a public contest or a new contest', () => {
    expect(dropsRegistrations(stored, 'old')).toBe(false);
    expect(dropsRegistrations({ ...stored, auth: 0, pwd: '' }, 'old')).toBe(false);
    expect(dropsRegistrations({ ...stored, id: null, pwd: 'new' }, null)).toBe(false);
  });
  it('a public contest made private gets a password: warned, as the server drops registrations then too', () => {
    expect(dropsRegistrations({ ...stored, auth: 1, pwd: 'pw' }, null)).toBe(true);
  });
});

describe('star accounts (spec part 2 §5: trimmed, empty ignored, duplicates warned)', () => {
  it('adds a trimmed name, ignores an empty one and refuses a repeat', () => {
    expect(addStarAccount([], '  judge ')).toEqual({ list: ['judge'], error: null });
    expect(addStarAccount(['judge'], '   ')).toEqual({ list: ['judge'], error: null });
    expect(addStarAccount(['judge'], 'judge ')).toEqual({ list: ['judge'], error: 'duplicate' });
  });
});

describe('account-limit rule text (reference §4.4 account_limit_rule)', () => {
  it('reads and writes the tagged string', () => {
    const text = '<prefix>t</prefix><suffix>x</suffix><start>3</start><end>12</end><extra>a b</extra>';
    const rule = parseAccountRule(text);
    expect(rule).toEqual({ prefix: 't', suffix: 'x', start: 3, end: 12, extra: 'a\nb' });
    expect(formatAccountRule(rule)).toBe(text);
    expect(parseAccountRule(null)).toEqual({ prefix: '', suffix: '', start: null, end: null, extra: '' });
  });

  it('spec part 2 §5: the preview shows only when the start is not above the end', () => {
    expect(accountRulePreview({ prefix: 'team', suffix: '', start: 1, end: 3, extra: '' })).toEqual([
      'team1',
      'team2',
      'team3',
    ]);
    expect(accountRulePreview({ prefix: 'team', suffix: 'x', start: 1, end: 50, extra: '' })).toEqual([
      'team1x',
      'team2x',
      'team3x',
      '…',
      'team50x',
    ]);
    expect(accountRulePreview({ prefix: 'team', suffix: '', start: 5, end: 1, extra: '' })).toEqual([]);
  });
});
