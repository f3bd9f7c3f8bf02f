import { PROBLEM_AUTH } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import type { ContestFacts, SubmissionFacts } from '../../src/policy/resources.ts';
import {
  admin,
  allScopes,
  anonymous,
  answer,
  other,
  problemAdmin,
  root,
  today,
  user,
  userOf,
  type Row,
} from './support.ts';

type P = { policy?: typeof today };
const problem = { auth: PROBLEM_AUTH.public, isGroup: false, codeShare: true, openCaseResult: true };
const mine: SubmissionFacts = { uid: user.uid, cid: 0, gid: null, share: false, problem };
const shared: SubmissionFacts = { ...mine, share: true };
const ofHidden: SubmissionFacts = { ...mine, problem: { ...problem, auth: PROBLEM_AUTH.hidden } };
const running: ContestFacts = { uid: 'creator', auth: 1, status: 0, visible: true, type: 0 };
const inContest = (contest: ContestFacts): SubmissionFacts => ({ ...mine, cid: 1000, contest });
const inGroup = (level?: number): SubmissionFacts => ({
  ...mine,
  gid: 7,
  group: { gid: 7, owner: 'zz', level },
});

describe('reference §7.10, §7.7: who opens a submission (submission.view)', () => {
  const rows: (Row<'submission.view'> & P)[] = [
    { name: 'a public problem’s submission: anyone', user: anonymous, resource: mine, expected: 'allow' },
    {
      name: 'of a hidden problem: not others',
      user: other,
      resource: ofHidden,
      expected: m.problemNotPublic,
    },
    { name: 'of a hidden problem: its author', user: user, resource: ofHidden, expected: 'allow' },
    { name: 'of a hidden problem: the admin roles', user: admin, resource: ofHidden, expected: 'allow' },
    {
      name: 'contest: anonymous → 401-status',
      user: anonymous,
      resource: inContest(running),
      expected: m.loginFirst,
    },
    {
      name: '§7.18 contest: the contest’s access rule (private, not registered)',
      user: user,
      resource: inContest(running),
      expected: pm.contestNotRegistered,
    },
    {
      name: '§7.18 contest that is not described (deleted): root only',
      user: user,
      resource: { ...mine, cid: 1000 },
      expected: m.contestNotFound,
    },
    { name: 'contest: root', user: root, resource: inContest(running), expected: 'allow' },
    {
      name: 'issue 27 group: members (the scope is on)',
      user: other,
      resource: inGroup(3),
      expected: 'allow',
    },
    {
      name: '§7.18 private contest, not registered',
      user: other,
      resource: inContest(running),
      expected: pm.contestNotRegistered,
      policy: allScopes,
    },
    {
      name: '§7.18 private contest, registered',
      user: other,
      resource: inContest({ ...running, registered: true }),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: '§7.18 the contest creator',
      user: { ...other, uid: 'creator' },
      resource: inContest(running),
      expected: 'allow',
      policy: allScopes,
    },
    { name: '§7.12 group: members', user: other, resource: inGroup(3), expected: 'allow', policy: allScopes },
    {
      name: '§7.12 group: not members',
      user: other,
      resource: inGroup(undefined),
      expected: pm.groupMembersOnly,
      policy: allScopes,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'submission.view', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §7.10, spec part 1 §5: who sees the code (submission.code)', () => {
  const rows: (Row<'submission.code'> & P)[] = [
    { name: 'its author', user: user, resource: mine, expected: 'allow' },
    { name: 'others, not shared', user: other, resource: mine, expected: 'refuse' },
    {
      name: 'anyone, shared on a problem that allows sharing',
      user: anonymous,
      resource: shared,
      expected: 'allow',
    },
    {
      name: 'others, shared on a problem that does not',
      user: other,
      resource: { ...shared, problem: { ...problem, codeShare: false } },
      expected: 'refuse',
    },
    { name: 'an admin (not a code admin), not shared', user: admin, resource: mine, expected: 'refuse' },
    { name: 'problem_admin', user: problemAdmin, resource: mine, expected: 'allow' },
    {
      name: '§7.14 hideNonContestSubmissionCode: not even the author',
      user: user,
      resource: { ...mine, hideCode: true },
      expected: m.codeHidden,
    },
    {
      name: '§7.14 hideNonContestSubmissionCode: root still',
      user: root,
      resource: { ...mine, hideCode: true },
      expected: 'allow',
    },
    {
      name: 'group root of the submission’s group',
      user: other,
      resource: inGroup(5),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: 'contest: others during the contest',
      user: other,
      resource: inContest(running),
      expected: 'refuse',
      policy: allScopes,
    },
    {
      name: 'contest: the creator',
      user: { ...other, uid: 'creator' },
      resource: inContest(running),
      expected: 'allow',
      policy: allScopes,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'submission.code', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §7.10: case results (submission.caseResults, submission.caseFiles)', () => {
  const closed = { ...mine, problem: { ...problem, openCaseResult: false } };
  const rows: (Row<'submission.caseResults'> & P)[] = [
    { name: 'open case results: anyone', user: anonymous, resource: mine, expected: 'allow' },
    { name: 'closed: not the author', user: user, resource: closed, expected: 'refuse' },
    { name: 'closed: root and problem admins', user: problemAdmin, resource: closed, expected: 'allow' },
    {
      name: 'ACM contest running: not others',
      user: other,
      resource: inContest(running),
      expected: 'refuse',
      policy: allScopes,
    },
    {
      name: 'ACM contest ended: others',
      user: other,
      resource: inContest({ ...running, status: 1 }),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: 'OI contest running, not sealed',
      user: other,
      resource: inContest({ ...running, type: 1 }),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: 'OI contest running and sealed',
      user: other,
      resource: inContest({ ...running, type: 1, sealed: true }),
      expected: 'refuse',
      policy: allScopes,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'submission.caseResults', row, row.expected)).toEqual(row.expected);
  });

  it('test file names and the IP address: file names for code admins, the IP for root', () => {
    expect(today.can(problemAdmin, 'submission.caseFiles')).toBe(true);
    expect(today.can(admin, 'submission.caseFiles')).toBe(false);
    expect(today.can(root, 'submission.ip')).toBe(true);
    expect(today.can(problemAdmin, 'submission.ip')).toBe(false);
    expect(today.can(root, 'submission.listHidden')).toBe(true);
    expect(today.can(admin, 'submission.listHidden')).toBe(false);
  });
});

describe('issue 24 item 6: the program’s own output in case messages (submission.programOutput)', () => {
  const rows: (Row<'submission.programOutput'> & P)[] = [
    { name: 'the submitter', user: user, resource: mine, expected: 'allow' },
    { name: 'not anonymous', user: anonymous, resource: mine, expected: 'refuse' },
    { name: 'not another user', user: other, resource: mine, expected: 'refuse' },
    { name: 'not another user, shared code or not', user: other, resource: shared, expected: 'refuse' },
    { name: 'the admin roles', user: admin, resource: mine, expected: 'allow' },
    { name: 'problem admins', user: problemAdmin, resource: mine, expected: 'allow' },
    { name: 'root', user: root, resource: mine, expected: 'allow' },
    {
      name: 'contest: its creator',
      user: userOf('defaultUser', 'creator'),
      resource: inContest({ ...running, status: 1 }),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: 'contest: not another participant, even after the end',
      user: other,
      resource: inContest({ ...running, status: 1, registered: true }),
      expected: 'refuse',
      policy: allScopes,
    },
    {
      name: 'group: its group root',
      user: other,
      resource: inGroup(5),
      expected: 'allow',
      policy: allScopes,
    },
    { name: 'group: not a member', user: other, resource: inGroup(3), expected: 'refuse', policy: allScopes },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'submission.programOutput', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §3.4: sharing and resubmitting (submission.share, submission.resubmit)', () => {
  it.each([
    { name: 'the author shares', user: user, resource: mine, expected: 'allow' },
    { name: 'others may not', user: other, resource: mine, expected: m.notYourSubmission },
    {
      name: 'contest submissions never',
      user: user,
      resource: { ...mine, cid: 1000 },
      expected: m.contestCannotShare,
    },
  ] as Row<'submission.share'>[])('share: $name', (row) => {
    expect(answer(today, 'submission.share', row, row.expected)).toEqual(row.expected);
  });
  it.each([
    { name: 'the author resubmits', user: user, resource: mine, expected: 'allow' },
    { name: 'others may not', user: root, resource: mine, expected: m.notYourSubmission },
    {
      name: '§6.4 contest: only remote problems',
      user: user,
      resource: { ...mine, cid: 1000, contest: { ...running, registered: true }, remote: false },
      expected: m.contestResubmitRemoteOnly,
    },
    {
      name: '§6.4 contest: a remote problem, while the author may enter the contest',
      user: user,
      resource: { ...mine, cid: 1000, contest: { ...running, registered: true }, remote: true },
      expected: 'allow',
    },
    {
      name: '§6.4 contest: a remote problem, but the contest is closed to the author',
      user: user,
      resource: { ...mine, cid: 1000, contest: running, remote: true },
      expected: pm.contestNotRegistered,
    },
    { name: 'issue 27 group: their own', user: user, resource: { ...mine, gid: 7 }, expected: 'allow' },
  ] as Row<'submission.resubmit'>[])('resubmit: $name', (row) => {
    expect(answer(today, 'submission.resubmit', row, row.expected)).toEqual(row.expected);
  });
  it('§3.3 get-last-ac-code: own code unless the switch hides codes from all but code admins', () => {
    expect(today.refusal(user, 'submission.ownCode', { hideCode: true })?.msg).toBe(m.codeHidden);
    expect(today.can(user, 'submission.ownCode', { hideCode: false })).toBe(true);
    expect(today.can(problemAdmin, 'submission.ownCode', { hideCode: true })).toBe(true);
  });
});
