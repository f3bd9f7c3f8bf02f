import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  contestTabs,
  hasRealTimePermission,
  isContestAdmin,
  isMenuDisabled,
  problemStatusIcon,
  scrollBoardBlock,
  showsAfterContestSwitch,
  showsPasswordForm,
  submitBlock,
  tabAccess,
  tabOfPath,
  type ContestFacts,
  type TabContext,
} from '../../../src/pages/contest/contest-rules.ts';
import { neighbours } from '../../../src/pages/contest/problem-navigation.ts';

const contest = (over: Partial<ContestFacts> = {}): ContestFacts => ({
  type: 0,
  auth: 0,
  status: 0,
  author: 'creator',
  uid: 'u-creator',
  openPrint: false,
  allowEndSubmit: false,
  sealRank: false,
  sealRankTime: null,
  ...over,
});

const ctx = (over: Partial<TabContext> = {}): TabContext => ({
  contest: contest(),
  admin: false,
  superAdmin: false,
  registered: false,
  openContestComment: false,
  ...over,
});

const keys = (c: TabContext) => contestTabs(c).map((tab) => tab.key);
const disabled = (c: TabContext) =>
  contestTabs(c)
    .filter((tab) => tab.disabled)
    .map((tab) => tab.key);

describe('contest tabs and their enabling rules (spec part 1 §2 "Contest shell")', () => {
  it('spec part 1 §2: a participant sees Overview, Problems, Submissions, Rank and Announcements', () => {
    expect(keys(ctx())).toEqual(['overview', 'problems', 'submissions', 'rank', 'announcements']);
    expect(disabled(ctx())).toEqual([]);
  });

  it('spec part 1 §2: Comment only with the site switch, Print only when the contest prints', () => {
    expect(keys(ctx({ openContestComment: true }))).toContain('comment');
    expect(keys(ctx({ contest: contest({ openPrint: true }) }))).toContain('print');
    expect(keys(ctx({ contest: contest({ openPrint: true }) }))).not.toContain('adminPrint');
  });

  it('spec part 1 §2: AC Info and Scroll Board for contest admins of ACM contests, Admin Print with printing', () => {
    const acm = ctx({ admin: true, contest: contest({ openPrint: true }) });
    expect(keys(acm)).toEqual(expect.arrayContaining(['acInfo', 'adminPrint', 'scrollBoard']));
    const oi = ctx({ admin: true, contest: contest({ type: 1 }) });
    expect(keys(oi)).not.toContain('acInfo');
    expect(keys(oi)).not.toContain('scrollBoard');
    expect(keys(oi)).not.toContain('adminPrint');
  });

  it('spec part 1 §2: Rejudge for super admins only in a site contest', () => {
    expect(keys(ctx({ admin: true }))).not.toContain('rejudge');
    expect(keys(ctx({ admin: true, superAdmin: true }))).toContain('rejudge');
  });

  it("issue 27: in a group contest, Rejudge for its contest admins too (the group's root, the creator)", () => {
    const grouped = contest({ gid: 7 });
    expect(keys(ctx({ contest: grouped, admin: true }))).toContain('rejudge');
    expect(keys(ctx({ contest: grouped, registered: true }))).not.toContain('rejudge');
    expect(tabAccess(ctx({ contest: grouped, registered: true }), 'rejudge')).toBe('staffOnly');
  });

  it('spec part 1 §2, reference §7.18: a private contest disables every tab but Overview until registered', () => {
    const privateOne = contest({ auth: 1 });
    expect(disabled(ctx({ contest: privateOne }))).toEqual([
      'problems',
      'submissions',
      'rank',
      'announcements',
    ]);
    expect(disabled(ctx({ contest: privateOne, registered: true }))).toEqual([]);
    expect(disabled(ctx({ contest: privateOne, admin: true }))).toEqual([]);
  });

  it('reference §7.18: a protected contest is readable without registering', () => {
    expect(disabled(ctx({ contest: contest({ auth: 2 }) }))).toEqual([]);
  });

  it('reference §7.18: before the start only contest admins get past the overview', () => {
    const scheduled = contest({ status: -1 });
    expect(isMenuDisabled(scheduled, false, true)).toBe(true);
    expect(isMenuDisabled(scheduled, true, false)).toBe(false);
  });

  it("every path under the shell belongs to its tab (a problem page to Problems, a submission's details to Submissions)", () => {
    expect(tabOfPath('')).toBe('overview');
    expect(tabOfPath('/problem/A')).toBe('problems');
    expect(tabOfPath('/problem/A/submission-detail/9')).toBe('submissions');
    expect(tabOfPath('/submissions')).toBe('submissions');
    expect(tabOfPath('/announcement')).toBe('announcements');
    expect(tabOfPath('/ac-info')).toBe('acInfo');
  });
});

describe('a tab opened by its address (issue 24 item 13)', () => {
  const printing = contest({ openPrint: true });

  it('a participant who opens a staff tab gets the 403 page, not the staff screen', () => {
    const participant = ctx({ contest: printing, registered: true });
    expect(tabAccess(participant, 'acInfo')).toBe('staffOnly');
    expect(tabAccess(participant, 'adminPrint')).toBe('staffOnly');
    expect(tabAccess(participant, 'scrollBoard')).toBe('staffOnly');
    expect(tabAccess(participant, 'rejudge')).toBe('superAdminOnly');
    expect(tabAccess(participant, 'print')).toBe('open');
    expect(tabAccess(participant, 'rank')).toBe('open');
  });

  it("the contest's admin has its staff tabs; Rejudge stays the super admin's", () => {
    const creator = ctx({ contest: printing, admin: true });
    expect(tabAccess(creator, 'acInfo')).toBe('open');
    expect(tabAccess(creator, 'adminPrint')).toBe('open');
    expect(tabAccess(creator, 'scrollBoard')).toBe('open');
    expect(tabAccess(creator, 'rejudge')).toBe('superAdminOnly');
    expect(tabAccess({ ...creator, superAdmin: true }, 'rejudge')).toBe('open');
  });

  it('a tab the contest does not offer is refused as such, even to its admin', () => {
    expect(tabAccess(ctx(), 'print')).toBe('notOffered');
    expect(tabAccess(ctx({ admin: true }), 'adminPrint')).toBe('notOffered');
    expect(tabAccess(ctx({ admin: true, contest: contest({ type: 1 }) }), 'scrollBoard')).toBe('notOffered');
  });

  it('a closed menu (private, not registered) still shows "not yet" for the tabs the user has', () => {
    expect(tabAccess(ctx({ contest: contest({ auth: 1 }) }), 'problems')).toBe('closed');
    expect(tabAccess(ctx({ contest: contest({ auth: 1 }) }), 'acInfo')).toBe('staffOnly');
  });
});

describe('when the scroll board can be rolled (reference §9.7, issue 24 item 13)', () => {
  const sealed = { sealRank: true, sealRankTime: '2030-01-01T11:00:00Z' };

  it('an ended ACM contest with a sealed board rolls', () => {
    expect(scrollBoardBlock(contest({ ...sealed, status: 1 }))).toBeNull();
  });

  it('a running or scheduled one says it waits for the end', () => {
    expect(scrollBoardBlock(contest({ ...sealed, status: 0 }))).toBe('notEnded');
    expect(scrollBoardBlock(contest({ ...sealed, status: -1 }))).toBe('notEnded');
  });

  it('a board that is not sealed, or an OI contest, has nothing to roll', () => {
    expect(scrollBoardBlock(contest({ status: 1 }))).toBe('notSealed');
    expect(scrollBoardBlock(contest({ ...sealed, status: 1, type: 1 }))).toBe('notAcm');
  });
});

describe('who is a contest admin and what the contest lets the user do (reference §6.1, §7.18)', () => {
  const viewer = { uid: 'u-1', username: 'alice', superAdmin: false };

  it('reference §7.18: the creator and super admins are contest admins', () => {
    expect(isContestAdmin({ author: 'creator', uid: 'u-creator' }, viewer)).toBe(false);
    expect(isContestAdmin({ author: 'alice', uid: 'u-1' }, viewer)).toBe(true);
    expect(isContestAdmin({ author: 'creator', uid: 'u-creator' }, { ...viewer, superAdmin: true })).toBe(
      true,
    );
    // the uid decides when the server sends it: a renamed creator stays the creator
    expect(isContestAdmin({ author: 'someone-else', uid: 'u-1' }, viewer)).toBe(true);
  });

  it("reference §7.12: a group contest's admins include the group's root, not its admins or members", () => {
    const grouped = { author: 'creator', uid: 'u-creator', gid: 7 };
    expect(isContestAdmin(grouped, { ...viewer, groupLevel: 5 })).toBe(true);
    expect(isContestAdmin(grouped, { ...viewer, groupLevel: 4 })).toBe(false);
    expect(isContestAdmin(grouped, { ...viewer, groupLevel: 3 })).toBe(false);
    // a level in some group says nothing about a site contest
    expect(isContestAdmin({ author: 'creator', uid: 'u-creator' }, { ...viewer, groupLevel: 5 })).toBe(false);
  });

  it('spec part 1 §2: the password form shows for private and protected contests until registered', () => {
    expect(showsPasswordForm(contest({ auth: 0 }), false, false)).toBe(false);
    expect(showsPasswordForm(contest({ auth: 1 }), false, false)).toBe(true);
    expect(showsPasswordForm(contest({ auth: 2 }), false, false)).toBe(true);
    expect(showsPasswordForm(contest({ auth: 2 }), false, true)).toBe(false);
    expect(showsPasswordForm(contest({ auth: 1 }), true, false)).toBe(false);
  });

  it('reference §6.1: scheduled refuses, ended refuses unless allowEndSubmit, private/protected need registration', () => {
    expect(submitBlock(contest({ status: -1 }), false, true)).toBe('scheduled');
    expect(submitBlock(contest({ status: -1 }), true, false)).toBeNull();
    expect(submitBlock(contest({ status: 1 }), false, true)).toBe('ended');
    expect(submitBlock(contest({ status: 1 }), true, true)).toBe('ended');
    expect(submitBlock(contest({ status: 1, allowEndSubmit: true }), false, true)).toBeNull();
    expect(submitBlock(contest({ auth: 2 }), false, false)).toBe('register');
    expect(submitBlock(contest({ auth: 2 }), false, true)).toBeNull();
    expect(submitBlock(contest({ auth: 0 }), false, false)).toBeNull();
  });

  it('spec part 1 §2, reference §9.2: AC and Total are real unless the board is sealed for the viewer', () => {
    const sealAt = '2026-11-25T14:00:00.000Z';
    const sealed = contest({ sealRank: true, sealRankTime: sealAt });
    const before = Date.parse(sealAt) - 1;
    const after = Date.parse(sealAt) + 1;
    expect(hasRealTimePermission(sealed, false, before)).toBe(true);
    expect(hasRealTimePermission(sealed, false, after)).toBe(false);
    expect(hasRealTimePermission(sealed, true, after)).toBe(true);
    expect(hasRealTimePermission({ ...sealed, status: 1 }, false, after)).toBe(true);
    expect(hasRealTimePermission(contest(), false, after)).toBe(true);
  });

  it("spec part 1 §2: the 'include submissions after the contest' switch is for those who see contest settings", () => {
    expect(showsAfterContestSwitch(contest(), true)).toBe(true);
    expect(showsAfterContestSwitch(contest({ status: 1, allowEndSubmit: true }), false)).toBe(true);
    expect(showsAfterContestSwitch(contest({ status: 1 }), false)).toBe(false);
    expect(showsAfterContestSwitch(contest({ allowEndSubmit: true }), false)).toBe(false);
  });
});

describe('status icons of the contest problem list (spec part 1 §2 "Contest problem list")', () => {
  const ACM = 0;
  const OI = 1;

  it('spec part 1 §2: ACM shows a check for Accepted, a minus otherwise, nothing for -10', () => {
    expect(problemStatusIcon(ACM, { status: JudgeStatus.ACCEPTED })).toEqual({ kind: 'accepted' });
    expect(problemStatusIcon(ACM, { status: JudgeStatus.WRONG_ANSWER })).toEqual({ kind: 'tried' });
    expect(problemStatusIcon(ACM, { status: JudgeStatus.PENDING })).toEqual({ kind: 'tried' });
    expect(problemStatusIcon(ACM, { status: JudgeStatus.NOT_SUBMITTED })).toEqual({ kind: 'none' });
    expect(problemStatusIcon(ACM, undefined)).toEqual({ kind: 'none' });
  });

  it('spec part 1 §2: OI shows the score, a question mark for -5, a minus otherwise, nothing for -10', () => {
    expect(problemStatusIcon(OI, { status: JudgeStatus.ACCEPTED, score: 100 })).toEqual({
      kind: 'score',
      score: 100,
      full: true,
    });
    expect(problemStatusIcon(OI, { status: JudgeStatus.PARTIAL_ACCEPTED, score: 40 })).toEqual({
      kind: 'score',
      score: 40,
      full: false,
    });
    expect(problemStatusIcon(OI, { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null })).toEqual({
      kind: 'unknown',
    });
    expect(problemStatusIcon(OI, { status: JudgeStatus.COMPILE_ERROR, score: null })).toEqual({
      kind: 'tried',
    });
    expect(problemStatusIcon(OI, { status: JudgeStatus.NOT_SUBMITTED, score: null })).toEqual({
      kind: 'none',
    });
  });
});

describe("focus mode's footer navigator (spec part 1 §2 'Problem page')", () => {
  const problems = [{ problemId: 'A' }, { problemId: 'B' }, { problemId: 'C' }];

  it('offers the previous and next problem of the contest, none past either end', () => {
    expect(neighbours(problems, 'A')).toEqual({ previous: null, next: { problemId: 'B' }, index: 0 });
    expect(neighbours(problems, 'B')).toEqual({
      previous: { problemId: 'A' },
      next: { problemId: 'C' },
      index: 1,
    });
    expect(neighbours(problems, 'C')).toEqual({ previous: { problemId: 'B' }, next: null, index: 2 });
    expect(neighbours(problems, 'Z')).toEqual({ previous: null, next: null, index: -1 });
  });
});
