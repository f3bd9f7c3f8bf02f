import { GROUP_AUTH, GROUP_LIMITS, GROUP_MEMBER_AUTH } from '@verdict/shared';

/**
 * The group screens' rules (spec part 2 §2.2, §5, §6; reference §7.12), pure so that they are
 * unit-tested: the list's query, the group form's checks, the tabs, and who may change or remove
 * which member.
 */

export { GROUP_AUTH, GROUP_LIMITS, GROUP_MEMBER_AUTH };

/** Spec part 2 §9: the group list shows 15 a page, with 9/15/30/60/120 to choose from. */
export const GROUP_PAGE_SIZES = [9, 15, 30, 60, 120] as const;
export const GROUP_PAGE_SIZE = 15;
/** Spec part 2 §9: 5 announcements on the home tab; member, announcement lists 10; rank 30. */
export const GROUP_HOME_ANNOUNCEMENTS = 5;
export const GROUP_MEMBER_PAGE_SIZE = 10;
export const GROUP_RANK_PAGE_SIZE = 30;
/** The home tab's ranking table: the top of the group's ACM rank. */
export const GROUP_HOME_RANKING = 10;

export const GROUP_AUTHS = [GROUP_AUTH.public, GROUP_AUTH.protected, GROUP_AUTH.private] as const;

export interface GroupListQuery {
  /** 0 all, 1 public, 2 protected, 3 private */
  auth: number;
  keyword: string;
  /** undefined: not chosen (the list defaults to My Groups once signed in) */
  onlyMine: boolean | undefined;
  currentPage: number;
  limit: number;
}

const integer = (value: string | null): number | undefined =>
  value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;

/** Spec part 2 §2.2: auth, keyword, onlyMine, currentPage and limit from the route's query. */
export function readGroupQuery(params: URLSearchParams): GroupListQuery {
  const auth = integer(params.get('auth'));
  const page = integer(params.get('currentPage'));
  const limit = integer(params.get('limit'));
  const mine = params.get('onlyMine');
  return {
    auth: auth !== undefined && auth >= 0 && auth <= 3 ? auth : 0,
    keyword: params.get('keyword') ?? '',
    onlyMine: mine === 'true' ? true : mine === 'false' ? false : undefined,
    currentPage: page !== undefined && page >= 1 ? page : 1,
    limit: GROUP_PAGE_SIZES.find((size) => size === limit) ?? GROUP_PAGE_SIZE,
  };
}

/** The query string of a list query; defaults are dropped, a chosen My/All toggle kept. */
export function writeGroupQuery(query: GroupListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.auth) next.set('auth', String(query.auth));
  if (query.keyword.trim()) next.set('keyword', query.keyword.trim());
  if (query.onlyMine !== undefined) next.set('onlyMine', String(query.onlyMine));
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  if (query.limit !== GROUP_PAGE_SIZE) next.set('limit', String(query.limit));
  return next;
}

/** Spec part 2 §2.2: signed-in users see their groups unless they chose All; anonymous users all. */
export const showsOnlyMine = (query: GroupListQuery, signedIn: boolean) =>
  signedIn && query.onlyMine !== false;

export interface GroupDraft {
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code: string;
  visible: boolean;
}

export type GroupField = 'name' | 'shortName' | 'brief' | 'description' | 'code';

export type FieldProblem =
  { kind: 'required' } | { kind: 'length'; min: number; max: number } | { kind: 'exact'; n: number };

/** Characters as the server counts them (code points). */
const length = (text: string) => [...text].length;

function ranged(value: string, range: { min: number; max: number }): FieldProblem | null {
  if (value.trim() === '') return { kind: 'required' };
  const n = length(value);
  return n < range.min || n > range.max ? { kind: 'length', ...range } : null;
}

/**
 * Spec part 2 §5 "Group form": name 5–25, short name 5–10, brief 5–50, description 5–1000, all
 * required; the code exactly 6 characters, required unless the group is Public.
 */
export function groupFormProblems(draft: GroupDraft): Partial<Record<GroupField, FieldProblem>> {
  const problems: Partial<Record<GroupField, FieldProblem>> = {};
  const check = (field: GroupField, problem: FieldProblem | null) => {
    if (problem) problems[field] = problem;
  };
  check('name', ranged(draft.name, GROUP_LIMITS.name));
  check('shortName', ranged(draft.shortName, GROUP_LIMITS.shortName));
  check('brief', ranged(draft.brief, GROUP_LIMITS.brief));
  check('description', ranged(draft.description, GROUP_LIMITS.description));
  if (draft.auth !== GROUP_AUTH.public) {
    if (draft.code.trim() === '') check('code', { kind: 'required' });
    else if (length(draft.code) !== GROUP_LIMITS.codeLength)
      check('code', { kind: 'exact', n: GROUP_LIMITS.codeLength });
  }
  return problems;
}

/** The body of `POST|PUT /api/group` from a draft; a Public group sends no code. */
export function groupFormBody(draft: GroupDraft) {
  return {
    name: draft.name.trim(),
    shortName: draft.shortName.trim(),
    brief: draft.brief.trim(),
    description: draft.description,
    auth: draft.auth,
    code: draft.auth === GROUP_AUTH.public ? null : draft.code,
    visible: draft.visible,
  };
}

export type ApplyField = 'code' | 'reason';

/**
 * Spec part 2 §5 "Apply dialog": a Private group's code is required and exactly 6 characters; a
 * non-public group's reason is required, 5–100 characters.
 */
export function applyProblems(
  groupAuth: number,
  code: string,
  reason: string,
): Partial<Record<ApplyField, FieldProblem>> {
  const problems: Partial<Record<ApplyField, FieldProblem>> = {};
  if (groupAuth === GROUP_AUTH.private) {
    if (code.trim() === '') problems.code = { kind: 'required' };
    else if (length(code) !== GROUP_LIMITS.codeLength)
      problems.code = { kind: 'exact', n: GROUP_LIMITS.codeLength };
  }
  if (groupAuth !== GROUP_AUTH.public) {
    const problem = ranged(reason.trim(), GROUP_LIMITS.reason);
    if (problem) problems.reason = problem;
  }
  return problems;
}

export type GroupTabKey =
  | 'home'
  | 'problem'
  | 'training'
  | 'contest'
  | 'status'
  | 'discussion'
  | 'member'
  | 'announcement'
  | 'setting'
  | 'rank';

export interface GroupTab {
  key: GroupTabKey;
  path: string;
  disabled: boolean;
}

/** The viewer in one group: their member level and whether they are the site's super admin. */
export interface GroupViewer {
  /** group_member.auth (0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 root) */
  level: number;
  superAdmin: boolean;
  /** the group's owner */
  owner: boolean;
}

export const isGroupMember = (v: GroupViewer) => v.superAdmin || v.level >= GROUP_MEMBER_AUTH.member;
export const isGroupAdmin = (v: GroupViewer) => v.superAdmin || v.level >= GROUP_MEMBER_AUTH.admin;
export const isGroupRoot = (v: GroupViewer) => v.superAdmin || v.owner || v.level >= GROUP_MEMBER_AUTH.root;
/**
 * Spec part 2 §2.2 "Add Group Member": group admins and site root, in an active group (the server's
 * policy `group.addMember`).
 */
export const canAddMember = (v: GroupViewer, group: { status: number } | undefined) =>
  isGroupAdmin(v) && group?.status === 0;
/** Spec part 2 §2.2: the Add Group Member dialog's page sizes. */
export const ADD_MEMBER_PAGE_SIZES = [10, 30, 50, 100] as const;
/** A user found in the dialog is in the group already (member, admin or root): "Joined", no Add. */
export const isInGroup = (groupAuth: number) => groupAuth >= GROUP_MEMBER_AUTH.member;
/** reference §7.12: the owner or site root disbands a group. */
export const canDisband = (v: GroupViewer) => v.superAdmin || v.owner;
/** reference §7.12: every member but the owner may leave. */
export const canExit = (v: GroupViewer) => !v.owner && v.level >= GROUP_MEMBER_AUTH.member;

/**
 * Spec part 2 §2.2: home, problems, trainings, contests, status, discussions (only while the site's
 * openGroupDiscussion is on), members, announcements (group admins), setting (group root), rank;
 * all but home, announcements and setting are disabled for a non-member.
 */
export function groupTabs(viewer: GroupViewer, openGroupDiscussion: boolean): GroupTab[] {
  const closed = !isGroupMember(viewer);
  const tabs: GroupTab[] = [
    { key: 'home', path: '', disabled: false },
    { key: 'problem', path: 'problem', disabled: closed },
    { key: 'training', path: 'training', disabled: closed },
    { key: 'contest', path: 'contest', disabled: closed },
    { key: 'status', path: 'status', disabled: closed },
  ];
  if (openGroupDiscussion) tabs.push({ key: 'discussion', path: 'discussion', disabled: closed });
  tabs.push({ key: 'member', path: 'member', disabled: closed });
  if (isGroupAdmin(viewer)) tabs.push({ key: 'announcement', path: 'announcement', disabled: false });
  if (isGroupRoot(viewer)) tabs.push({ key: 'setting', path: 'setting', disabled: false });
  tabs.push({ key: 'rank', path: 'rank', disabled: closed });
  return tabs;
}

/** Which tab a path under /group/:gid shows; a related page keeps its parent tab (spec part 2 §2.2). */
export function groupTabOfPath(rest: string): GroupTabKey {
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  if (first === 'submission-detail') return 'status';
  if (first.startsWith('discussion')) return 'discussion';
  const direct: GroupTabKey[] = [
    'problem',
    'training',
    'contest',
    'status',
    'member',
    'announcement',
    'setting',
    'rank',
  ];
  return direct.find((key) => key === first) ?? 'home';
}

export interface MemberRow {
  uid: string;
  auth: number;
}

/** The member levels a select offers (spec part 2 §6: 1 to 5). */
export const MEMBER_LEVELS = [1, 2, 3, 4, 5] as const;

/**
 * Spec part 2 §6 "Member auth select": disabled unless the viewer is super admin, the group owner,
 * or the member's level is below the viewer's. Verdict also disables it on the owner's own row,
 * which the server never changes (reference §7.12).
 */
export function memberAuthSelectDisabled(viewer: GroupViewer, member: MemberRow, ownerUid: string): boolean {
  if (member.uid === ownerUid) return true;
  if (viewer.superAdmin || viewer.owner) return false;
  return !(member.auth < viewer.level);
}

/**
 * Spec part 2 §6: an option is disabled for a viewer who is neither the owner nor super admin
 * when their level is not above it. A member (3+) is never set back to applying or refused
 * (reference §7.12), so those options are disabled for members whoever looks.
 */
export function memberAuthOptionDisabled(viewer: GroupViewer, member: MemberRow, option: number): boolean {
  if (member.auth >= GROUP_MEMBER_AUTH.member && option <= GROUP_MEMBER_AUTH.refused) return true;
  if (viewer.superAdmin || viewer.owner) return false;
  return viewer.level <= option;
}

/**
 * Spec part 2 §6: the owner, a super admin or a member of a higher level may remove a member;
 * never oneself nor the owner.
 */
export function canRemoveMember(
  viewer: GroupViewer,
  member: MemberRow,
  selfUid: string | undefined,
  ownerUid: string,
): boolean {
  if (member.uid === selfUid || member.uid === ownerUid) return false;
  if (viewer.superAdmin || viewer.owner) return true;
  return viewer.level >= GROUP_MEMBER_AUTH.admin && member.auth < viewer.level;
}

/** Who made a group's problem, training, contest or announcement: their uid, their username, or both. */
export interface GroupContentAuthor {
  uid?: string | null;
  author?: string | null;
}

/** The signed-in viewer's own uid and username (none when signed out). */
export interface GroupSelf {
  uid?: string;
  username?: string;
}

/**
 * Reference §7.12 (spec part 2 §6): editing or deleting a group's problem, training, contest or
 * announcement is for its author (its creator), the group's root and owner, and site root; the
 * group's other admins are offered the buttons disabled.
 */
export function canChangeGroupContent(
  viewer: GroupViewer,
  self: GroupSelf | null | undefined,
  item: GroupContentAuthor,
): boolean {
  if (isGroupRoot(viewer)) return true;
  if (!self) return false;
  return (!!item.uid && item.uid === self.uid) || (!!item.author && item.author === self.username);
}
