import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JUDGE_TOKEN_HEADER } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesWithAccess } from '../../src/http/auth/plugin.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';
import { createUser, type RoleKey } from '../helpers/users.ts';

/**
 * Every route called by every kind of caller, compared with the table below: 401 (no or wrong
 * login), 403 (role or permission missing) or 'pass' (the route gate let the call through; what
 * the handler then answers does not matter here). Roles and permissions are reference §2's seeds;
 * the route rules are reference §3's annotations (§3.4 submit and admin judge, §3.11 files,
 * §3.12 admin area, §3.13 judge server).
 */
type Outcome = 401 | 403 | 'pass';
const CALLERS = ['anonymous', 'user', 'restricted', 'admin', 'problemAdmin', 'root', 'judge'] as const;
type Caller = (typeof CALLERS)[number];

/** The role of each signed-in caller; `restricted` is 1007, which lacks submit (reference §2). */
const ROLE_OF: Partial<Record<Caller, RoleKey>> = {
  user: 'defaultUser',
  restricted: 'noSubmitMuteUser',
  admin: 'admin',
  problemAdmin: 'problemAdmin',
  root: 'root',
};

// Outcomes in CALLERS order: anonymous, user, restricted (1007), admin, problem_admin, root, judge worker.
const ANYONE: Outcome[] = ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'];
const LOGIN: Outcome[] = [401, 'pass', 'pass', 'pass', 'pass', 'pass', 401];
/** permission `submit` (2): 1003, 1006, 1007 lack it */
const SUBMIT: Outcome[] = [401, 'pass', 403, 'pass', 'pass', 'pass', 401];
/** permission discussion_add, comment_add or reply_add (reference §3.8): 1007 lacks them */
const POSTING: Outcome[] = [401, 'pass', 403, 'pass', 'pass', 'pass', 401];
/** permission group_add or group_del (reference §2, §3.10): 1007 lacks them */
const GROUP_PERMISSION: Outcome[] = [401, 'pass', 403, 'pass', 'pass', 'pass', 401];
/** role root, admin or problem_admin (the admin area) */
const ADMIN_AREA: Outcome[] = [401, 403, 403, 'pass', 'pass', 'pass', 401];
/** role root or problem_admin */
const PROBLEM_ADMINS: Outcome[] = [401, 403, 403, 403, 'pass', 'pass', 401];
/** role root and permission rejudge (4) */
const ROOT_REJUDGE: Outcome[] = [401, 403, 403, 403, 403, 'pass', 401];
/** permission system_info_admin (7): root only among the seeded roles */
const SYSTEM_INFO: Outcome[] = [401, 403, 403, 403, 403, 'pass', 401];
/** permission user_admin (6): root only among the seeded roles */
const USER_ADMIN: Outcome[] = [401, 403, 403, 403, 403, 'pass', 401];
/** role root (reference §3.12 system notices); permission announcement_admin (5) is root's alone too */
const ROOT_ONLY: Outcome[] = [401, 403, 403, 403, 403, 'pass', 401];
/** X-Judge-Token; user logins are neither needed nor accepted */
const JUDGE: Outcome[] = [401, 401, 401, 401, 401, 401, 'pass'];

/** The expected table: every route but the HEAD twins of GET routes, which share their GET's rule. */
const EXPECTED: Record<string, Outcome[]> = {
  'GET /*': ANYONE,
  // issue 28: liveness and readiness; /metrics checks its own token (off in this app: 404 to all)
  'GET /api/health': ANYONE,
  'GET /api/ready': ANYONE,
  'GET /metrics': ANYONE,
  // issue 28: the API document
  'GET /api/openapi.json': ANYONE,
  'GET /api/get-website-config': ANYONE,
  'GET /api/languages': ANYONE,
  'GET /api/get-common-announcement': ANYONE,
  // issue 13: the home page, rank lists and user home (reference §3.1, §3.2, §3.7)
  'GET /api/get-recent-contest': ANYONE,
  'GET /api/get-recent-seven-ac-rank': ANYONE,
  'GET /api/get-recent-other-contest': ANYONE,
  'GET /api/get-remote-judges': ANYONE,
  'GET /api/get-last-week-submission-statistics': ANYONE,
  'GET /api/get-rank-list': ANYONE,
  'GET /api/get-user-home-info': ANYONE,
  'GET /api/get-user-calendar-heatmap': ANYONE,
  'POST /api/login': ANYONE,
  'POST /api/admin/login': ANYONE,
  'GET /api/logout': LOGIN,
  'GET /api/admin/logout': ADMIN_AREA,
  'GET /api/get-user-auth-info': LOGIN,
  'GET /api/captcha': ANYONE,
  'GET /api/slide-captcha': ANYONE,
  'GET /api/get-register-code': ANYONE,
  'POST /api/register': ANYONE,
  'POST /api/check-username-or-email': ANYONE,
  'POST /api/apply-reset-password': ANYONE,
  'POST /api/reset-password': ANYONE,
  'POST /api/change-password': LOGIN,
  'GET /api/get-change-email-code': LOGIN,
  'POST /api/change-email': LOGIN,
  'POST /api/change-userInfo': LOGIN,
  'POST /api/update-cfSession': LOGIN,
  'DELETE /api/delete-cfSession': LOGIN,
  'POST /api/file/upload-avatar': LOGIN,
  'GET /api/public/img/:name': ANYONE,
  'GET /api/get-problem-list': ANYONE,
  'GET /api/get-random-problem': ANYONE,
  'GET /api/get-recent-updated-problem': ANYONE,
  'GET /api/get-problem-detail': ANYONE,
  'GET /api/get-all-problem-tags': ANYONE,
  'GET /api/get-problem-tags-and-classification': ANYONE,
  'GET /api/get-problem-tags': ANYONE,
  'GET /api/get-problem-languages': ANYONE,
  'GET /api/get-problem-code-template': ANYONE,
  'POST /api/get-user-problem-status': LOGIN,
  'GET /api/get-full-screen-problem-list': LOGIN,
  'POST /api/submit-problem-judge': SUBMIT,
  'GET /api/resubmit': LOGIN,
  'POST /api/submit-problem-test-judge': SUBMIT,
  'GET /api/get-test-judge-result': LOGIN,
  'GET /api/get-submission-list': ANYONE,
  'GET /api/get-submission-detail': ANYONE,
  'GET /api/get-all-case-result': ANYONE,
  'POST /api/check-submissions-status': ANYONE,
  'POST /api/check-contest-submissions-status': LOGIN,
  // reference §3.6 contests (participant side)
  'GET /api/get-contest-list': ANYONE,
  'GET /api/get-contest-info': LOGIN,
  'POST /api/register-contest': LOGIN,
  'GET /api/get-contest-access': LOGIN,
  'GET /api/get-contest-problem': ANYONE,
  'POST /api/get-contest-rank': LOGIN,
  'POST /api/get-contest-outside-scoreboard': ANYONE,
  'GET /api/get-contest-outsize-info': ANYONE,
  'GET /api/file/download-contest-rank': LOGIN,
  'GET /api/get-contest-problem-details': LOGIN,
  'GET /api/contest-submissions': LOGIN,
  'GET /api/get-contest-announcement': LOGIN,
  'POST /api/get-contest-not-read-announcement': LOGIN,
  'PUT /api/submission': LOGIN,
  'GET /api/get-last-ac-code': LOGIN,
  // reference §3.10 groups and their members; which group and member is the policy's (test/group/*)
  'GET /api/get-group-list': ANYONE,
  'GET /api/get-group-detail': LOGIN,
  'GET /api/get-group-access': LOGIN,
  'GET /api/get-group-auth': LOGIN,
  'POST /api/group': GROUP_PERMISSION,
  'PUT /api/group': LOGIN,
  'DELETE /api/group': GROUP_PERMISSION,
  'GET /api/group/get-member-list': LOGIN,
  'GET /api/group/get-apply-list': LOGIN,
  // HOJ's join (gid, code, reason) and issue 27's admin add (gid, uid): group.join / group.addMember (test/group/members-add)
  'POST /api/group/member': LOGIN,
  'GET /api/group/get-user-list': LOGIN,
  'PUT /api/group/member': LOGIN,
  'DELETE /api/group/member': LOGIN,
  'DELETE /api/group/member/exit': LOGIN,
  // issue 27: a group's rank and announcements (reference §3.10); members and admins as the policy says
  'GET /api/get-group-rank-list': LOGIN,
  'GET /api/group/get-announcement-list': LOGIN,
  'GET /api/group/get-admin-announcement-list': LOGIN,
  'POST /api/group/announcement': LOGIN,
  'PUT /api/group/announcement': LOGIN,
  'DELETE /api/group/announcement': LOGIN,
  // issue 27: a group's problems (reference §3.10); the group and its levels decide (test/group/problems)
  'GET /api/group/get-problem-list': LOGIN,
  'GET /api/group/get-admin-problem-list': LOGIN,
  'GET /api/group/problem': LOGIN,
  'POST /api/group/problem': LOGIN,
  'PUT /api/group/problem': LOGIN,
  'DELETE /api/group/problem': LOGIN,
  'GET /api/group/get-problem-cases': LOGIN,
  'GET /api/group/get-all-problem-tags': LOGIN,
  'PUT /api/group/change-problem-auth': LOGIN,
  'PUT /api/group/apply-public': LOGIN,
  'POST /api/group/compile-spj': LOGIN,
  'POST /api/group/compile-interactive': LOGIN,
  // issue 27: a group's trainings (reference §3.10); the group, its levels and training.manage decide (test/group/trainings)
  'GET /api/group/get-training-list': LOGIN,
  'GET /api/group/get-admin-training-list': LOGIN,
  'GET /api/group/training': LOGIN,
  'POST /api/group/training': LOGIN,
  'PUT /api/group/training': LOGIN,
  'DELETE /api/group/training': LOGIN,
  'PUT /api/group/change-training-status': LOGIN,
  'GET /api/group/get-training-problem-list': LOGIN,
  'PUT /api/group/training-problem': LOGIN,
  'DELETE /api/group/training-problem': LOGIN,
  'POST /api/group/add-training-problem-from-public': LOGIN,
  'POST /api/group/add-training-problem-from-group': LOGIN,
  // issue 27: a group's contests (reference §3.10); the group, its levels and contest.manage decide (test/group/contests)
  'GET /api/group/get-contest-list': LOGIN,
  'GET /api/group/get-admin-contest-list': LOGIN,
  'GET /api/group/contest': LOGIN,
  'POST /api/group/contest': LOGIN,
  'PUT /api/group/contest': LOGIN,
  'DELETE /api/group/contest': LOGIN,
  'PUT /api/group/change-contest-visible': LOGIN,
  'GET /api/group/get-contest-problem-list': LOGIN,
  'POST /api/group/contest-problem': LOGIN,
  'GET /api/group/contest-problem': LOGIN,
  'PUT /api/group/contest-problem': LOGIN,
  'DELETE /api/group/contest-problem': LOGIN,
  'POST /api/group/add-contest-problem-from-public': LOGIN,
  'POST /api/group/add-contest-problem-from-group': LOGIN,
  'GET /api/group/get-contest-announcement-list': LOGIN,
  'POST /api/group/contest-announcement': LOGIN,
  'PUT /api/group/contest-announcement': LOGIN,
  'DELETE /api/group/contest-announcement': LOGIN,
  'POST /api/file/upload-group-avatar': LOGIN,
  // issue 27: a group's discussions (reference §3.10); the switch, the group and its levels decide (test/group/discussions)
  'GET /api/group/get-discussion-list': LOGIN,
  'GET /api/group/get-admin-discussion-list': LOGIN,
  'POST /api/group/discussion': LOGIN,
  'PUT /api/group/discussion': LOGIN,
  'DELETE /api/group/discussion': LOGIN,
  'GET /api/admin/problem/get-problem-list': ADMIN_AREA,
  'GET /api/admin/problem': ADMIN_AREA,
  'POST /api/admin/problem': ADMIN_AREA,
  'PUT /api/admin/problem': ADMIN_AREA,
  'DELETE /api/admin/problem': PROBLEM_ADMINS,
  'GET /api/admin/problem/get-problem-cases': ADMIN_AREA,
  'PUT /api/admin/problem/change-problem-auth': ADMIN_AREA,
  'POST /api/admin/problem/compile-spj': ADMIN_AREA,
  'POST /api/admin/problem/compile-interactive': ADMIN_AREA,
  'GET /api/admin/problem/import-remote-oj-problem': ADMIN_AREA,
  // reference §3.5 trainings (participant side; spec part 2 §7 adds the category list and problem details)
  'GET /api/get-training-list': ANYONE,
  'GET /api/get-training-category': ANYONE,
  'GET /api/get-training-detail': LOGIN,
  'POST /api/register-training': LOGIN,
  'GET /api/get-training-access': LOGIN,
  'GET /api/get-training-problem-list': LOGIN,
  'GET /api/get-training-problem-details': LOGIN,
  'GET /api/get-training-rank': LOGIN,
  // reference §3.12 "Trainings": R(root|admin|problem_admin) unless noted; which training is the
  // policy's 'training.manage' (test/admin/training/*)
  'GET /api/admin/training/get-training-list': ADMIN_AREA,
  'GET /api/admin/training': ADMIN_AREA,
  'POST /api/admin/training': ADMIN_AREA,
  'PUT /api/admin/training': ADMIN_AREA,
  'DELETE /api/admin/training': ROOT_ONLY,
  'PUT /api/admin/training/change-training-status': ADMIN_AREA,
  'GET /api/admin/training/get-problem-list': ADMIN_AREA,
  'GET /api/admin/training/import-remote-oj-problem': ADMIN_AREA,
  'POST /api/admin/training/add-problem-from-public': ADMIN_AREA,
  'PUT /api/admin/training/problem': PROBLEM_ADMINS,
  'DELETE /api/admin/training/problem': PROBLEM_ADMINS,
  'POST /api/admin/training/category': PROBLEM_ADMINS,
  'PUT /api/admin/training/category': PROBLEM_ADMINS,
  'DELETE /api/admin/training/category': ADMIN_AREA,
  // reference §3.12 "Contests": R(root|admin|problem_admin) (all hold contest_admin); which contest is
  // the policy's 'contest.manage' (test/admin/contest/*)
  'GET /api/admin/contest/get-contest-list': ADMIN_AREA,
  'GET /api/admin/contest': ADMIN_AREA,
  'POST /api/admin/contest': ADMIN_AREA,
  'PUT /api/admin/contest': ADMIN_AREA,
  'DELETE /api/admin/contest': ROOT_ONLY,
  'GET /api/admin/contest/clone': ADMIN_AREA,
  'GET /api/admin/contest/import-remote-oj-problem': ADMIN_AREA,
  'PUT /api/admin/contest/change-contest-visible': ADMIN_AREA,
  'GET /api/admin/contest/get-problem-list': ADMIN_AREA,
  'GET /api/admin/contest/problem': ADMIN_AREA,
  'POST /api/admin/contest/problem': ADMIN_AREA,
  'PUT /api/admin/contest/problem': ADMIN_AREA,
  'DELETE /api/admin/contest/problem': PROBLEM_ADMINS,
  'GET /api/admin/contest/contest-problem': ADMIN_AREA,
  'PUT /api/admin/contest/contest-problem': ADMIN_AREA,
  'POST /api/admin/contest/add-problem-from-public': ADMIN_AREA,
  'GET /api/admin/contest/announcement': ADMIN_AREA,
  'POST /api/admin/contest/announcement': ADMIN_AREA,
  'PUT /api/admin/contest/announcement': ADMIN_AREA,
  'DELETE /api/admin/contest/announcement': ADMIN_AREA,
  'POST /api/admin/tag': PROBLEM_ADMINS,
  'PUT /api/admin/tag': PROBLEM_ADMINS,
  'DELETE /api/admin/tag': PROBLEM_ADMINS,
  // reference §3.12 group-problem approval
  'GET /api/admin/group-problem/list': PROBLEM_ADMINS,
  'PUT /api/admin/group-problem/change-progress': PROBLEM_ADMINS,
  'GET /api/admin/tag/classification': PROBLEM_ADMINS,
  'POST /api/admin/tag/classification': PROBLEM_ADMINS,
  'PUT /api/admin/tag/classification': PROBLEM_ADMINS,
  'DELETE /api/admin/tag/classification': PROBLEM_ADMINS,
  'GET /api/admin/judge/rejudge': ROOT_REJUDGE,
  // Changed (issue 27): a group contest's admins rejudge too, so the policy's `contest.rejudge`
  // decides after the login (test/group/contest-staff.test.ts: others get the same 403)
  'GET /api/admin/judge/rejudge-contest-problem': LOGIN,
  'GET /api/admin/judge/rejudge-problem': ROOT_REJUDGE,
  'GET /api/admin/judge/manual-judge': ROOT_REJUDGE,
  'GET /api/admin/judge/cancel-judge': ROOT_REJUDGE,
  'GET /api/admin/config/get-web-config': SYSTEM_INFO,
  'POST /api/admin/config/get-web-config': SYSTEM_INFO,
  'GET /api/admin/config/get-db-info': SYSTEM_INFO,
  // reference §3.12 "any": issue 24 item 4
  'GET /api/admin/config/get-db-and-redis-config': SYSTEM_INFO,
  'POST /api/admin/config/get-db-and-redis-config': SYSTEM_INFO,
  'PUT /api/admin/config/set-web-config': SYSTEM_INFO,
  'GET /api/admin/config/get-email-config': SYSTEM_INFO,
  'POST /api/admin/config/get-email-config': SYSTEM_INFO,
  'PUT /api/admin/config/set-email-config': SYSTEM_INFO,
  'POST /api/admin/config/test-email': SYSTEM_INFO,
  'DELETE /api/admin/config/home-carousel': SYSTEM_INFO,
  'PUT /api/admin/config/home-carousel-order': SYSTEM_INFO,
  'GET /api/home-carousel': ANYONE,
  'POST /api/file/upload-carouse-img': ROOT_ONLY,
  'GET /api/admin/dashboard/get-dashboard-info': ADMIN_AREA,
  'POST /api/admin/dashboard/get-sessions': ADMIN_AREA,
  'GET /api/admin/config/get-service-info': ADMIN_AREA,
  'POST /api/admin/config/get-service-info': ADMIN_AREA,
  'GET /api/admin/config/get-judge-service-info': ADMIN_AREA,
  'POST /api/admin/config/get-judge-service-info': ADMIN_AREA,
  'GET /api/admin/user/get-sessions': USER_ADMIN,
  'GET /api/admin/announcement': ROOT_ONLY,
  'POST /api/admin/announcement': ROOT_ONLY,
  'PUT /api/admin/announcement': ROOT_ONLY,
  'DELETE /api/admin/announcement': ROOT_ONLY,
  'GET /api/get-discussion-list': ANYONE,
  'GET /api/get-discussion-detail': ANYONE,
  'POST /api/discussion': POSTING,
  'PUT /api/discussion': LOGIN,
  'DELETE /api/discussion': LOGIN,
  'GET /api/discussion-like': LOGIN,
  'GET /api/discussion-category': ANYONE,
  'POST /api/discussion-category': ROOT_ONLY,
  'POST /api/discussion-report': LOGIN,
  'GET /api/comments': ANYONE,
  'POST /api/comment': POSTING,
  'DELETE /api/comment': LOGIN,
  'GET /api/comment-like': LOGIN,
  'GET /api/reply': ANYONE,
  'POST /api/reply': POSTING,
  'DELETE /api/reply': LOGIN,
  'PUT /api/admin/discussion': ADMIN_AREA,
  'DELETE /api/admin/discussion': ADMIN_AREA,
  'GET /api/admin/discussion-report': ADMIN_AREA,
  'PUT /api/admin/discussion-report': ADMIN_AREA,
  'GET /api/msg/sys': LOGIN,
  'GET /api/msg/mine': LOGIN,
  'GET /api/msg/unread': LOGIN,
  'GET /api/msg/comment': LOGIN,
  'GET /api/msg/reply': LOGIN,
  'GET /api/msg/like': LOGIN,
  'DELETE /api/msg/clean': LOGIN,
  'GET /api/msg/stream': LOGIN,
  'GET /api/admin/msg/notice': ROOT_ONLY,
  'POST /api/admin/msg/notice': ROOT_ONLY,
  'PUT /api/admin/msg/notice': ROOT_ONLY,
  'DELETE /api/admin/msg/notice': ROOT_ONLY,
  'GET /api/admin/switch/info': SYSTEM_INFO,
  'POST /api/admin/switch/info': SYSTEM_INFO,
  'PUT /api/admin/switch/update': SYSTEM_INFO,
  'GET /api/admin/user/get-user-list': USER_ADMIN,
  'PUT /api/admin/user/edit-user': USER_ADMIN,
  'DELETE /api/admin/user/delete-user': USER_ADMIN,
  'POST /api/admin/user/insert-batch-user': USER_ADMIN,
  'GET /api/admin/user/import-progress': USER_ADMIN,
  'POST /api/admin/user/generate-user': USER_ADMIN,
  // reference §3.11: R(root)
  'GET /api/file/generate-user-excel': USER_ADMIN,
  'POST /api/file/generate-user-excel': USER_ADMIN,
  'POST /api/file/upload-testcase-zip': ADMIN_AREA,
  // reference §3.11: R(root), HOJ's problem zip (issue 29)
  'POST /api/file/import-problem': ROOT_ONLY,
  'GET /api/file/export-problem': ROOT_ONLY,
  'POST /api/file/import-qdoj-problem': ROOT_ONLY,
  'POST /api/file/import-hydro-problem': ROOT_ONLY,
  'POST /api/file/import-fps-problem': ROOT_ONLY,
  'POST /api/file/import-polygon-problem': ROOT_ONLY,
  // reference §3.11: any login; the author rule is the policy's (problem.edit)
  'GET /api/file/download-testcase': LOGIN,
  // reference §3.6 contest staff: any login; the contest rules are the policy's (contest.print, contest.staff)
  'POST /api/submit-print-text': LOGIN,
  'GET /api/get-contest-print': LOGIN,
  'PUT /api/check-contest-print-status': LOGIN,
  'GET /api/file/download-contest-print-text': LOGIN,
  'GET /api/get-contest-ac-info': LOGIN,
  'PUT /api/check-contest-ac-info': LOGIN,
  'GET /api/file/download-contest-ac-submission': LOGIN,
  // reference §3.6 scroll board: HOJ anon; Verdict any login, then the policy's contest.staff
  'GET /api/get-contest-scroll-board-info': LOGIN,
  'GET /api/get-contest-scroll-board-submission': LOGIN,
  'POST /api/judge-gateway/register': JUDGE,
  'POST /api/judge-gateway/heartbeat': JUDGE,
  'POST /api/judge-gateway/claim': JUDGE,
  'GET /api/judge-gateway/testdata/:sha256': JUDGE,
  'POST /api/judge-gateway/progress': JUDGE,
  'POST /api/judge-gateway/result': JUDGE,
  'POST /api/judge-gateway/compile-result': JUDGE,
  'POST /api/judge-gateway/test-progress': JUDGE,
  'POST /api/judge-gateway/test-result': JUDGE,
};

/** A concrete URL for a route pattern: parameters filled, no query (validation comes after the gate). */
function concrete(url: string): string {
  return url.replace('/*', '/index.html').replace(':sha256', '0'.repeat(64)).replace(':name', 'none.png');
}

let t: TestApp;
const uids: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'verdict-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ webDist: dist });
  for (const caller of CALLERS) {
    const role = ROLE_OF[caller];
    if (role) uids[caller] = await createUser(t.db, { username: `access-${caller}`, role });
  }
});
afterAll(() => t.close());

async function outcome(caller: Caller, method: string, url: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  const uid = uids[caller];
  // a fresh login per call: logout and admin logout end the session they are called with
  if (uid)
    headers.authorization = await t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
  if (caller === 'judge') headers[JUDGE_TOKEN_HEADER] = JUDGE_TOKEN;
  const withBody = method !== 'GET' && method !== 'HEAD';
  // the message stream never ends by itself: answer once its head is written (the server ends it on close)
  const endless = url === '/api/msg/stream';
  const res = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers,
    ...(withBody ? { payload: {} } : {}),
    ...(endless ? { payloadAsStream: true } : {}),
  });
  if (endless) res.stream().destroy();
  if (res.statusCode === 401 || res.statusCode === 403) return res.statusCode;
  return 'pass';
}

describe('the access table: every route as every kind of caller (reference §2, §3)', () => {
  it('lists exactly the registered routes', () => {
    const registered = routesWithAccess(t.app)
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect([...registered].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('answers each call as the table says', async () => {
    const actual: Record<string, Outcome[]> = {};
    for (const route of routesWithAccess(t.app)) {
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
      const row: Outcome[] = [];
      for (const caller of CALLERS) row.push(await outcome(caller, route.method, route.url));
      // a HEAD twin answers as its GET does
      actual[route.method === 'HEAD' ? `HEAD ${route.url}` : key] = row;
      if (route.method === 'HEAD') expect(row, `HEAD ${route.url}`).toEqual(EXPECTED[key]);
    }
    const withoutHead = Object.fromEntries(Object.entries(actual).filter(([k]) => !k.startsWith('HEAD ')));
    expect(withoutHead).toEqual(EXPECTED);
  }, 600_000);
});
