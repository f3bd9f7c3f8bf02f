import { z } from 'zod';
import { rankListQuery } from './home.ts';
import { announcementBody } from './site-content.ts';
import { trainingListQuery } from './training.ts';
import { adminTrainingListQuery } from './training-admin.ts';
import { contestListQuery } from './contest.ts';
import { discussionListQuery } from './discussion.ts';
import { adminContestListQuery } from './contest-admin.ts';
import { intOneOf, optionalInt, positiveId } from './numbers.ts';
import {
  adminProblemListQuery,
  booleanParam,
  currentPageParam,
  limitParam,
  problemListQuery,
  textParam,
} from './problem.ts';

/**
 * Groups (spec part 2 §2.2, §3, §5, §7 "Groups"; reference §3.10, §4.7, §7.12): enums, limits,
 * the zod schemas of the group and membership calls (their answers: responses/group.ts).
 */

/** reference §4.7 group.auth (the code's 1–3). */
export const GROUP_AUTH = { public: 1, protected: 2, private: 3 } as const;

/** reference §4.7 group_member.auth. */
export const GROUP_MEMBER_AUTH = { applying: 1, refused: 2, member: 3, admin: 4, root: 5 } as const;

/** reference §7.12, spec part 2 §5 "Group form" and "Apply dialog". */
export const GROUP_LIMITS = {
  name: { min: 5, max: 25 },
  shortName: { min: 5, max: 10 },
  brief: { min: 5, max: 50 },
  description: { min: 5, max: 1000 },
  codeLength: 6,
  reason: { min: 5, max: 100 },
  keywordMax: 255,
} as const;

export const GROUP_PAGE = {
  /** reference §3.10 get-group-list `limit=10` (the screen sends 15) */
  listDefault: 10,
  /** spec part 2 §9: member lists 10 */
  memberDefault: 10,
  /** spec part 2 §9: a group's announcements 10 */
  announcementDefault: 10,
} as const;

/** A text field of a form: any string (or null); the server applies §7.12's rules with their messages. */
const formText = z.string().max(100_000).nullish();

// ---- requests (reference §3.10) --------------------------------------------------------------

/** `GET /api/get-group-list`: keyword (name, owner or short name), auth (0 = all), onlyMine. */
export const groupListQuery = z.object({
  limit: limitParam(GROUP_PAGE.listDefault),
  currentPage: currentPageParam,
  keyword: textParam(GROUP_LIMITS.keywordMax),
  auth: optionalInt({ min: 0, max: 3 }),
  onlyMine: booleanParam,
});
export type GroupListQuery = z.output<typeof groupListQuery>;

/** `gid` of the group calls (HOJ's client may send it as a string). */
export const gidQuery = z.object({ gid: positiveId });

/** `POST|PUT /api/group`: reference §4.7 group as the form sends it; `id` names the group to update. */
export const groupBody = z.object({
  id: optionalInt({ min: 1 }),
  name: formText,
  shortName: formText,
  brief: formText,
  description: formText,
  auth: optionalInt({ min: 0, max: 10 }),
  code: formText,
  visible: z.boolean().nullish(),
  avatar: z.string().max(255).nullish(),
});
export type GroupBody = z.output<typeof groupBody>;

/** `GET /api/group/get-member-list`, `get-apply-list`. */
export const groupMemberListQuery = z.object({
  gid: positiveId,
  limit: limitParam(GROUP_PAGE.memberDefault),
  currentPage: currentPageParam,
  keyword: textParam(GROUP_LIMITS.keywordMax),
  auth: optionalInt({ min: 1, max: 5 }),
});
export type GroupMemberListQuery = z.output<typeof groupMemberListQuery>;

/** A user's id (`user_info.uuid`: 32 hex characters, root's is '1') in a member call. */
const memberUid = z.string().min(1).max(64);

/**
 * `POST /api/group/member?gid&code&reason` (query parameters, as HOJ's client sends them): the caller
 * joins or applies. With `uid` (spec part 2 §7 "add member (groupID, code, reason; admin add with
 * uid)") a group admin adds that user instead, and `code` and `reason` are not read; an empty `uid`
 * is none.
 */
export const joinGroupQuery = z.object({
  gid: positiveId,
  code: z.string().max(255).optional(),
  reason: z.string().max(1000).optional(),
  uid: z.preprocess((v) => (v === '' ? undefined : v), memberUid.optional()),
});
export type JoinGroupQuery = z.output<typeof joinGroupQuery>;

/**
 * `GET /api/group/get-user-list?gid&keyword&currentPage&limit` (Verdict; spec part 2 §2.2 "Add Group
 * Member" dialog's user search): the site's active users by username, nickname, real name or school.
 */
export const groupUserSearchQuery = z.object({
  gid: positiveId,
  keyword: textParam(GROUP_LIMITS.keywordMax),
  currentPage: currentPageParam,
  limit: limitParam(GROUP_PAGE.memberDefault),
});
export type GroupUserSearchQuery = z.output<typeof groupUserSearchQuery>;

/**
 * `PUT /api/group/member` body GroupMember {gid, uid, auth} (HOJ's client sends the whole member row;
 * its `reason` is the applicant's and is ignored). Verdict also takes `refusalReason`, told to a
 * refused applicant.
 */
export const groupMemberBody = z.object({
  gid: positiveId,
  uid: memberUid,
  auth: intOneOf([1, 2, 3, 4, 5]),
  refusalReason: z.string().max(GROUP_LIMITS.reason.max).nullish(),
});
export type GroupMemberBody = z.output<typeof groupMemberBody>;

/** `DELETE /api/group/member?uid&gid`. */
export const removeGroupMemberQuery = z.object({ gid: positiveId, uid: memberUid });

/** `GET /api/group/get-problem-list` (reference §3.10): the public list's filters inside one group. */
export const groupProblemListQuery = problemListQuery.extend({ gid: positiveId });

/** `GET /api/group/get-admin-problem-list` (reference §3.10): the admin list's filters inside one group. */
export const groupAdminProblemListQuery = adminProblemListQuery.extend({ gid: positiveId });

/** `GET /api/group/get-training-list` (reference §3.10): the public list's filters inside one group. */
export const groupTrainingListQuery = trainingListQuery.extend({ gid: positiveId });

/** `GET /api/group/get-admin-training-list` (reference §3.10). */
export const groupAdminTrainingListQuery = adminTrainingListQuery.extend({ gid: positiveId });

/** `POST /api/group/add-training-problem-from-group?problemId&tid` (query parameters, reference §3.10). */
export const groupTrainingProblemFromGroupQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  tid: positiveId,
});

/** `GET /api/group/get-contest-list` (reference §3.10): the public list's filters inside one group. */
export const groupContestListQuery = contestListQuery.extend({ gid: positiveId });

/** `GET /api/group/get-admin-contest-list` (reference §3.10). */
export const groupAdminContestListQuery = adminContestListQuery.extend({ gid: positiveId });

/** `POST /api/group/add-contest-problem-from-group?problemId&cid&displayId` (query parameters, reference §3.10). */
export const groupContestProblemFromGroupQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  cid: positiveId,
  displayId: z.string().trim().min(1).max(255),
});

/** `DELETE /api/group/contest-announcement?aid&cid` (reference §3.10). */
export const groupContestAnnouncementIdQuery = z.object({ aid: positiveId, cid: positiveId });

/** `GET /api/group/get-discussion-list` and `get-admin-discussion-list` (reference §3.10). */
export const groupDiscussionListQuery = discussionListQuery
  .pick({ limit: true, currentPage: true, pid: true })
  .extend({ gid: positiveId });

/** `PUT /api/group/change-problem-auth?pid&auth` (query parameters, reference §3.10). */
export const groupProblemAuthQuery = z.object({ pid: positiveId, auth: intOneOf([1, 2, 3]) });

/** `PUT /api/group/apply-public?pid&isApplied` (reference §3.10). */
export const groupApplyPublicQuery = z.object({ pid: positiveId, isApplied: booleanParam });

/** `apply_public_progress` (reference §4.2): null not applied, 1 applying, 2 approved, 3 refused. */
export const APPLY_PUBLIC = { applying: 1, approved: 2, refused: 3 } as const;

/** `GET /api/admin/group-problem/list` (reference §3.12 group-problem approval). */
export const groupProblemApplyListQuery = z.object({
  limit: limitParam(10),
  currentPage: currentPageParam,
  keyword: textParam(GROUP_LIMITS.keywordMax),
  gid: positiveId.optional(),
});
export type GroupProblemApplyListQuery = z.output<typeof groupProblemApplyListQuery>;

/** `PUT /api/admin/group-problem/change-progress` body `{pid, progress}`. */
export const groupProblemProgressBody = z.object({ pid: positiveId, progress: intOneOf([1, 2, 3]) });

/** `GET /api/get-group-rank-list` (reference §3.10, §7.11): the rank list's paging, search and type in one group. */
export const groupRankListQuery = rankListQuery.extend({ gid: positiveId });
export type GroupRankListQuery = z.output<typeof groupRankListQuery>;

/** `GET /api/group/get-announcement-list` and `get-admin-announcement-list` (reference §3.10). */
export const groupAnnouncementListQuery = z.object({
  gid: positiveId,
  limit: limitParam(GROUP_PAGE.announcementDefault),
  currentPage: currentPageParam,
});
export type GroupAnnouncementListQuery = z.output<typeof groupAnnouncementListQuery>;

/** `POST / PUT /api/group/announcement` body `Announcement` with its group (reference §3.10). */
export const groupAnnouncementBody = announcementBody.extend({ gid: positiveId.nullish() });
export type GroupAnnouncementBody = z.output<typeof groupAnnouncementBody>;
