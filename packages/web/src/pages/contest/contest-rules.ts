import { CONTEST_AUTH, CONTEST_TYPE, GROUP_MEMBER_AUTH, JudgeStatus } from '@verdict/shared';
import { CONTEST_STATUS } from './clock/contest-clock';

/**
 * The contest screens' rules (spec part 1 §2 "Contest shell", "Contest problem list"; reference
 * §7.18, §9.2), pure so the tests can walk every case. The server enforces the same rules; these
 * decide what the screens offer.
 */

export { CONTEST_AUTH, CONTEST_TYPE };

export interface ContestFacts {
  type: number;
  auth: number;
  /** -1 scheduled, 0 running, 1 ended, from the server's clock */
  status: number;
  author: string | null;
  uid?: string;
  openPrint: boolean;
  allowEndSubmit: boolean;
  sealRank: boolean;
  sealRankTime: string | null;
  /** the group the contest belongs to (reference §7.12), or null for a site contest */
  gid?: number | null;
}

export interface Viewer {
  uid: string | null;
  username: string | null;
  superAdmin: boolean;
  /** the viewer's member level in the contest's group (GROUP_MEMBER_AUTH), 0 outside one */
  groupLevel?: number;
}

/**
 * reference §7.18, §7.12: the creator, super admins and, for a group contest, the group's root are
 * contest admins (the server's `isContestAdmin`).
 */
export function isContestAdmin(
  contest: Pick<ContestFacts, 'author' | 'uid' | 'gid'>,
  viewer: Viewer,
): boolean {
  if (viewer.superAdmin) return true;
  if (contest.gid && (viewer.groupLevel ?? 0) >= GROUP_MEMBER_AUTH.root) return true;
  if (contest.uid && viewer.uid) return contest.uid === viewer.uid;
  return !!viewer.username && contest.author === viewer.username;
}

/**
 * Spec part 1 §2: the tabs are disabled while the contest menu is: for non-admins before the start,
 * and in a private contest until the password has been given (reference §7.18).
 */
export function isMenuDisabled(contest: ContestFacts, admin: boolean, registered: boolean): boolean {
  if (admin) return false;
  if (contest.status === CONTEST_STATUS.scheduled) return true;
  return contest.auth === CONTEST_AUTH.private && !registered;
}

/** Spec part 1 §2: private and protected contests show the password form until the user registers. */
export function showsPasswordForm(contest: ContestFacts, admin: boolean, registered: boolean): boolean {
  return contest.auth !== CONTEST_AUTH.public && !registered && !admin;
}

/** reference §6.1: submitting needs registration in private and protected contests (admins pass). */
export function needsRegistrationToSubmit(
  contest: ContestFacts,
  admin: boolean,
  registered: boolean,
): boolean {
  return contest.auth !== CONTEST_AUTH.public && !registered && !admin;
}

export type SubmitBlock = 'scheduled' | 'ended' | 'register' | null;

/** Why the contest problem page cannot submit now (reference §6.1), or null when it can. */
export function submitBlock(contest: ContestFacts, admin: boolean, registered: boolean): SubmitBlock {
  if (contest.status === CONTEST_STATUS.ended && !contest.allowEndSubmit) return 'ended';
  if (admin) return null;
  if (contest.status === CONTEST_STATUS.scheduled) return 'scheduled';
  if (needsRegistrationToSubmit(contest, admin, registered)) return 'register';
  return null;
}

/**
 * reference §9.2 as the screens read it: AC and Total of the problem list are real (not "?") once
 * the contest has ended, for contest admins, and while the board is not sealed.
 */
export function hasRealTimePermission(contest: ContestFacts, admin: boolean, now: number): boolean {
  if (contest.status === CONTEST_STATUS.ended || admin) return true;
  if (!contest.sealRank || !contest.sealRankTime) return true;
  return now < Date.parse(contest.sealRankTime);
}

/**
 * Spec part 1 §2: the 'include submissions after the contest' switch is for users who see contest
 * settings: contest admins, and anyone once a contest that takes submissions after its end has ended
 * (before that there is nothing after the contest to include).
 */
export function showsAfterContestSwitch(contest: ContestFacts, admin: boolean): boolean {
  return admin || (contest.status === CONTEST_STATUS.ended && contest.allowEndSubmit);
}

export type ContestTabKey =
  | 'overview'
  | 'problems'
  | 'submissions'
  | 'rank'
  | 'announcements'
  | 'comment'
  | 'print'
  | 'acInfo'
  | 'adminPrint'
  | 'rejudge'
  | 'scrollBoard';

export interface ContestTab {
  key: ContestTabKey;
  /** the tab's path under /contest/:contestID ('' for the overview) */
  path: string;
  disabled: boolean;
}

export interface TabContext {
  contest: ContestFacts;
  admin: boolean;
  superAdmin: boolean;
  registered: boolean;
  /** the site's contest comment switch (website config) */
  openContestComment: boolean;
}

/**
 * Spec part 1 §2 "Contest shell": which tabs show and which are disabled. Overview is always open;
 * the others follow the menu rule; the staff tabs show only to those who may use them.
 */
export function contestTabs(ctx: TabContext): ContestTab[] {
  const { contest, admin } = ctx;
  const disabled = isMenuDisabled(contest, admin, ctx.registered);
  const acm = contest.type === CONTEST_TYPE.acm;
  const tabs: { key: ContestTabKey; path: string; shown: boolean }[] = [
    { key: 'overview', path: '', shown: true },
    { key: 'problems', path: 'problems', shown: true },
    { key: 'submissions', path: 'submissions?onlyMine=true', shown: true },
    { key: 'rank', path: 'rank', shown: true },
    { key: 'announcements', path: 'announcement', shown: true },
    { key: 'comment', path: 'comment', shown: ctx.openContestComment },
    { key: 'print', path: 'print', shown: contest.openPrint },
    { key: 'acInfo', path: 'ac-info', shown: admin && acm },
    { key: 'adminPrint', path: 'admin-print', shown: admin && contest.openPrint },
    // reference §3.4: the super admin's; Verdict: also a group contest's admins (issue 27)
    { key: 'rejudge', path: 'rejudge', shown: ctx.superAdmin || (admin && !!contest.gid) },
    { key: 'scrollBoard', path: 'scroll-board', shown: admin && acm },
  ];
  return tabs
    .filter((tab) => tab.shown)
    .map(({ key, path }) => ({ key, path, disabled: key === 'overview' ? false : disabled }));
}

/**
 * What the shell shows for the tab a path opens (issue 24 item 13): the tab's page when the viewer
 * has it, the "not yet" page when the menu is closed, and a 403 page when the tab is not the
 * viewer's at all (opened by its address): the staff tabs (AC Info, Admin Print, Scroll Board) for
 * those who are not contest admins, Rejudge for all but super admins (and a group contest's admins), Print and Comment when the
 * contest or the site does not offer them. The server refuses their calls too; the 403 page keeps
 * the staff screen with its "no permission" errors from showing.
 */
export type TabAccess = 'open' | 'closed' | 'staffOnly' | 'superAdminOnly' | 'notOffered';

export function tabAccess(ctx: TabContext, key: ContestTabKey): TabAccess {
  const tab = contestTabs(ctx).find((item) => item.key === key);
  if (tab) return tab.disabled ? 'closed' : 'open';
  if (key === 'rejudge') return ctx.contest.gid ? 'staffOnly' : 'superAdminOnly';
  if (key === 'acInfo' || key === 'adminPrint' || key === 'scrollBoard') {
    // an admin without the tab: the contest does not print, or is not ACM
    return ctx.admin ? 'notOffered' : 'staffOnly';
  }
  return 'notOffered';
}

export type ScrollBoardBlock = 'notAcm' | 'notSealed' | 'notEnded' | null;

/**
 * Why the scroll board of this contest cannot be rolled now (reference §9.7: ACM contests with a
 * sealed board, once they have ended; the server refuses the board's calls otherwise), or null.
 * Checked before the board is opened, so a running contest says why instead of opening a board
 * that then fails (issue 24 item 13).
 */
export function scrollBoardBlock(
  contest: Pick<ContestFacts, 'type' | 'status' | 'sealRank' | 'sealRankTime'>,
): ScrollBoardBlock {
  if (contest.type !== CONTEST_TYPE.acm) return 'notAcm';
  if (!contest.sealRank || !contest.sealRankTime) return 'notSealed';
  if (contest.status !== CONTEST_STATUS.ended) return 'notEnded';
  return null;
}

/**
 * The tab a path under the shell belongs to: a problem page to Problems, a submission's details
 * (under its problem's path) to Submissions.
 */
export function tabOfPath(rest: string): ContestTabKey {
  if (rest.split('/').includes('submission-detail')) return 'submissions';
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  const byPath: Record<string, ContestTabKey> = {
    problems: 'problems',
    problem: 'problems',
    submissions: 'submissions',
    'submission-detail': 'submissions',
    rank: 'rank',
    announcement: 'announcements',
    announcements: 'announcements',
    comment: 'comment',
    print: 'print',
    'ac-info': 'acInfo',
    'admin-print': 'adminPrint',
    rejudge: 'rejudge',
    'scroll-board': 'scrollBoard',
  };
  return byPath[first] ?? 'overview';
}

export type StatusIcon =
  | { kind: 'none' }
  | { kind: 'accepted' }
  | { kind: 'tried' }
  | { kind: 'unknown' }
  | { kind: 'score'; score: number; full: boolean };

/**
 * Spec part 1 §2 "Contest problem list": OI shows the score, a question mark for -5 (sealed), a
 * minus otherwise; ACM a check for Accepted, a minus otherwise; nothing for -10 (never submitted).
 */
export function problemStatusIcon(
  type: number,
  entry: { status: number; score?: number | null } | undefined,
): StatusIcon {
  if (!entry || entry.status === JudgeStatus.NOT_SUBMITTED) return { kind: 'none' };
  if (type === CONTEST_TYPE.oi) {
    if (entry.score !== null && entry.score !== undefined) {
      return { kind: 'score', score: entry.score, full: entry.status === JudgeStatus.ACCEPTED };
    }
    if (entry.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT) return { kind: 'unknown' };
    return { kind: 'tried' };
  }
  return entry.status === JudgeStatus.ACCEPTED ? { kind: 'accepted' } : { kind: 'tried' };
}
