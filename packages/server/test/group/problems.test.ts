import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, problem, tag } from '../../src/db/schema/index.ts';
import { problemMessages as m } from '../../src/http/messages.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { groupProblemReview } from '../../src/jobs/reviews.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { recordingLog } from '../jobs/support.ts';
import { callAs, createClass, outcome, refusal, type Class } from './fixtures.ts';
import { CPP, createWorld, problemDto, type Reply, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, group problems: reference §3.10 (`/api/group/*problem*`), §7.12 (who may do what, ids
 * prefixed with the group's short name), the `gid` of §3.3 problem detail and §3.4 submit and
 * submission list, and the site admins' review of §3.12 group-problem approval. Callers: the
 * group's owner (root, level 5), a group admin (4), a member (3), an applicant (1), a user outside
 * the group (alice) and the site root.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'member' | 'applicant' | 'alice' | 'root', string>;
let gid: number;
let join: Class['join'];
/** the group admin's problem (open to members), its hidden one, and the owner's */
let open: { pid: number; problemId: string };
let hidden: { pid: number; problemId: string };

const as = callAs(() => w);

const groupProblem = async (overrides: object, token = who.gadmin) =>
  as<{ pid: number; problemId: string }>(
    token,
    'POST',
    '/api/group/problem',
    await problemDto(w, { gid, ...overrides }),
  );

const submitIn = (token: string, problemId: string, group: number | undefined = gid) => {
  w.clock.advance(60_000);
  return as<{ submitId: number }>(token, 'POST', '/api/submit-problem-judge', {
    pid: problemId,
    language: 'C++',
    code: CPP,
    cid: 0,
    gid: group,
    isRemote: false,
  });
};

const problemIds = (reply: Reply<{ records: { problemId: string }[] }>) =>
  reply.data.records.map((r) => r.problemId);

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls07', 'Class Seven');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  join = cls.join;
});
afterAll(() => w.t.close());

describe('reference §3.10 POST /api/group/problem, §7.12: creating a group problem', () => {
  it('is for the group admins; the id carries the short name; refused to members, outsiders and without gid', async () => {
    const made = await groupProblem({ problemId: 'a1', title: 'Class sum' });
    expect(outcome(made)).toBe('ok');
    expect(made.data.problemId).toBe('CLS07A1');
    open = made.data;
    const [row] = await w.t.db.select().from(problem).where(eq(problem.id, open.pid));
    expect(row).toMatchObject({ isGroup: true, gid, author: 'cls07-gadmin' });

    const unnamed = await groupProblem({ problemId: null, auth: 2, title: 'Secret' });
    expect(unnamed.data.problemId).toBe(`CLS07P${unnamed.data.pid}`);
    hidden = unnamed.data;

    expect(outcome(await groupProblem({ problemId: 'x1' }, who.member))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await groupProblem({ problemId: 'x1' }, who.alice))).toBe(refusal(403, pm.groupAdminOnly));
    const noGroup = await as(
      who.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { problemId: 'x2' }),
    );
    expect(outcome(noGroup)).toBe(refusal(400, gm.problemGroupMissing));
    expect(outcome(await groupProblem({ problemId: 'a1' }))).toBe(refusal(400, m.problemIdTaken));
  });

  it('keeps its new tags in the group: listed there, not among the site tags', async () => {
    const tagged = await groupProblem({ problemId: 'T1', title: 'Tagged' }, who.owner);
    const dto = await problemDto(w, { id: tagged.data.pid, problemId: 'T1', title: 'Tagged', gid }, {
      tags: [{ name: 'homework-3' }],
    } as never);
    expect(outcome(await as(who.owner, 'PUT', '/api/group/problem', dto))).toBe('ok');
    const [own] = await w.t.db.select().from(tag).where(eq(tag.name, 'homework-3'));
    expect(own?.gid).toBe(gid);
    const listed = await as<{ name: string }[]>(
      who.member,
      'GET',
      `/api/group/get-all-problem-tags?gid=${gid}`,
    );
    expect(listed.data.map((t) => t.name)).toContain('homework-3');
    const site = await as<{ name: string }[]>(who.member, 'GET', '/api/get-all-problem-tags?oj=ALL');
    expect(site.data.map((t) => t.name)).not.toContain('homework-3');
    expect(outcome(await as(who.alice, 'GET', `/api/group/get-all-problem-tags?gid=${gid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await as(who.owner, 'DELETE', `/api/group/problem?pid=${tagged.data.pid}`))).toBe('ok');
  });
});

describe('reference §3.10 get-problem-list and get-admin-problem-list, §7.12 visibility', () => {
  it('lists the problems open to members (auth 1) to members only; the admin list has all, for group admins', async () => {
    const members = await as<{ records: { problemId: string }[] }>(
      who.member,
      'GET',
      `/api/group/get-problem-list?gid=${gid}`,
    );
    expect(problemIds(members)).toEqual([open.problemId]);
    for (const caller of [who.applicant, who.alice])
      expect(outcome(await as(caller, 'GET', `/api/group/get-problem-list?gid=${gid}`))).toBe(
        refusal(403, pm.groupMembersOnly),
      );
    const admins = await as<{ records: { problemId: string }[] }>(
      who.gadmin,
      'GET',
      `/api/group/get-admin-problem-list?gid=${gid}`,
    );
    expect(problemIds(admins).sort()).toEqual([open.problemId, hidden.problemId].sort());
    expect(outcome(await as(who.member, 'GET', `/api/group/get-admin-problem-list?gid=${gid}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
  });

  it('never shows group problems in the public bank, its recent problems or its admin list', async () => {
    const bank = await as<{ records: { problemId: string }[] }>(
      who.root,
      'GET',
      '/api/get-problem-list?limit=50',
    );
    expect(problemIds(bank)).not.toContain(open.problemId);
    const recent = await as<{ problemId: string }[]>(who.alice, 'GET', '/api/get-recent-updated-problem');
    expect(recent.data.map((p) => p.problemId)).not.toContain(open.problemId);
    const admin = await as<{ records: { problemId: string }[] }>(
      who.root,
      'GET',
      '/api/admin/problem/get-problem-list?limit=50',
    );
    expect(problemIds(admin)).not.toContain(open.problemId);
  });

  it('opens a problem (detail, languages) to members, a hidden one to group admins only; never to outsiders', async () => {
    const detail = (token: string, problemId: string) =>
      as(token, 'GET', `/api/get-problem-detail?problemId=${problemId}&gid=${gid}`);
    expect(outcome(await detail(who.member, open.problemId))).toBe('ok');
    expect(outcome(await detail(who.alice, open.problemId))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await detail(who.applicant, open.problemId))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await detail(who.member, hidden.problemId))).toBe(refusal(403, m.problemNotPublic));
    expect(outcome(await detail(who.gadmin, hidden.problemId))).toBe('ok');
    // without gid, or with another group's, the page is the same problem's: its group decides
    expect(outcome(await as(who.alice, 'GET', `/api/get-problem-detail?problemId=${open.problemId}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(
      (await as(who.member, 'GET', `/api/get-problem-detail?problemId=${open.problemId}&gid=9999`)).status,
    ).toBe(404);
    expect(outcome(await as(who.member, 'GET', `/api/get-problem-languages?pid=${open.pid}`))).toBe('ok');
    expect(outcome(await as(who.alice, 'GET', `/api/get-problem-languages?pid=${open.pid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
  });
});

describe('reference §3.4 submit and submission list with gid, §7.10 detail', () => {
  it("takes members' submissions into the group: listed there, counted on the group's page, never in public", async () => {
    const sent = await submitIn(who.member, open.problemId);
    expect(outcome(sent)).toBe('ok');
    const [row] = await w.t.db.select().from(judge).where(eq(judge.submitId, sent.data.submitId));
    expect(row?.gid).toBe(gid);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });

    expect(outcome(await submitIn(who.alice, open.problemId))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await submitIn(who.member, hidden.problemId))).toBe(refusal(403, m.problemNotSubmittable));
    expect(outcome(await submitIn(who.member, 'P1000'))).toBe(refusal(404, m.problemNotFound));

    const inGroup = await as<{ records: { submitId: number }[]; total: number }>(
      who.member,
      'GET',
      `/api/get-submission-list?gid=${gid}&limit=10`,
    );
    expect(inGroup.data.records.map((r) => r.submitId)).toEqual([sent.data.submitId]);
    expect(inGroup.data.total).toBe(1);
    expect(outcome(await as(who.alice, 'GET', `/api/get-submission-list?gid=${gid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    const everyone = await as<{ records: { submitId: number }[] }>(
      who.root,
      'GET',
      '/api/get-submission-list?limit=50',
    );
    expect(everyone.data.records.map((r) => r.submitId)).not.toContain(sent.data.submitId);

    const page = await as<{ problemCount: { ac: number; total: number }; myStatus: number }>(
      who.member,
      'GET',
      `/api/get-problem-detail?problemId=${open.problemId}&gid=${gid}`,
    );
    expect(page.data.problemCount).toMatchObject({ ac: 1, total: 1 });
    expect(page.data.myStatus).toBe(JudgeStatus.ACCEPTED);
    const list = await as<{ records: { problemId: string; ac: number; myStatus: number }[] }>(
      who.member,
      'GET',
      `/api/group/get-problem-list?gid=${gid}`,
    );
    expect(list.data.records[0]).toMatchObject({
      problemId: open.problemId,
      ac: 1,
      myStatus: JudgeStatus.ACCEPTED,
    });

    const detail = (token: string) =>
      as(token, 'GET', `/api/get-submission-detail?submitId=${sent.data.submitId}`);
    expect(outcome(await detail(who.gadmin))).toBe('ok');
    expect(outcome(await detail(who.alice))).toBe(refusal(403, pm.groupMembersOnly));
  });

  it("runs a member's online test of a group problem (type group, gid); refused to outsiders and for another group", async () => {
    const test = (token: string, payload: object) =>
      as<string>(token, 'POST', '/api/submit-problem-test-judge', {
        pid: open.pid,
        type: 'group',
        gid,
        language: 'C++',
        code: CPP,
        userInput: '1 2',
        expectedOutput: '3',
        ...payload,
      });
    w.clock.advance(60_000);
    const key = await test(who.member, {});
    expect(outcome(key)).toBe('ok');
    expect(key.data).toMatch(/^TEST_JUDGE_/);
    w.clock.advance(60_000);
    expect(outcome(await test(who.alice, {}))).toBe(refusal(403, pm.groupMembersOnly));
    expect((await test(who.member, { gid: 9999 })).status).toBe(404);
  });

  it('a removed member loses the group on the next request', async () => {
    const { uid: extra, token } = await join('g-leaver', 3);
    expect(outcome(await as(token, 'GET', `/api/group/get-problem-list?gid=${gid}`))).toBe('ok');
    expect(outcome(await as(who.owner, 'DELETE', `/api/group/member?gid=${gid}&uid=${extra}`))).toBe('ok');
    expect(outcome(await as(token, 'GET', `/api/group/get-problem-list?gid=${gid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await submitIn(token, open.problemId))).toBe(refusal(403, pm.groupMembersOnly));
  });
});

describe('reference §3.10 edit, cases, auth, delete: the author, the group root or site root', () => {
  it("lets the author and the group's root edit; another group admin and members may not", async () => {
    const edit = async (token: string, title: string) =>
      as(
        token,
        'PUT',
        '/api/group/problem',
        // HOJ's client strips the short name in its form and sends the rest (spec part 2 §7)
        await problemDto(w, { id: open.pid, problemId: 'A1', title, gid }),
      );
    expect(outcome(await edit(who.gadmin, 'Class sum, again'))).toBe('ok');
    expect(outcome(await edit(who.owner, 'Class sum, by the teacher'))).toBe('ok');
    expect(outcome(await edit(who.root, 'Class sum, by root'))).toBe('ok');
    const { token } = await join('g-admin2', 4);
    expect(outcome(await edit(token, 'Not mine'))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await edit(who.member, 'Not mine'))).toBe(refusal(403, pm.groupAdminOnly));
    const [row] = await w.t.db.select().from(problem).where(eq(problem.id, open.pid));
    expect(row).toMatchObject({ problemId: 'CLS07A1', title: 'Class sum, by root', isGroup: true, gid });

    expect(outcome(await as(who.owner, 'GET', `/api/group/problem?pid=${open.pid}`))).toBe('ok');
    expect(outcome(await as(who.member, 'GET', `/api/group/problem?pid=${open.pid}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    const cases = await as<unknown[]>(
      who.gadmin,
      'GET',
      `/api/group/get-problem-cases?pid=${open.pid}&isUpload=false`,
    );
    expect(cases.data).toHaveLength(2);
    // the site's editors do not reach a group's problem
    expect((await as(who.root, 'GET', `/api/group/problem?pid=${w.p1000}`)).status).toBe(404);
    const site = await as(
      who.root,
      'PUT',
      '/api/admin/problem',
      await problemDto(w, { id: open.pid, title: 'x' }),
    );
    expect(site.status).toBe(404);
  });

  it('changes the auth inside the group (no site publishing rule) for the author or group root', async () => {
    expect(
      outcome(await as(who.member, 'PUT', `/api/group/change-problem-auth?pid=${hidden.pid}&auth=1`)),
    ).toBe(refusal(403, pm.groupAdminOnly));
    expect(
      outcome(await as(who.gadmin, 'PUT', `/api/group/change-problem-auth?pid=${hidden.pid}&auth=1`)),
    ).toBe('ok');
    const members = await as<{ records: { problemId: string }[] }>(
      who.member,
      'GET',
      `/api/group/get-problem-list?gid=${gid}`,
    );
    expect(problemIds(members)).toContain(hidden.problemId);
    expect(
      outcome(await as(who.gadmin, 'PUT', `/api/group/change-problem-auth?pid=${hidden.pid}&auth=2`)),
    ).toBe('ok');
  });
});

describe('reference §3.10 apply-public, §3.12 group-problem approval (spec part 2 §2.7 /admin/group-problem/apply)', () => {
  it('applies, withdraws, is refused, applies again and is approved into the public bank', async () => {
    const apply = (token: string, on: boolean) =>
      as(token, 'PUT', `/api/group/apply-public?pid=${open.pid}&isApplied=${on}`);
    expect(outcome(await apply(who.member, true))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await apply(who.gadmin, false))).toBe(refusal(400, m.notAppliedPublic));
    expect(outcome(await apply(who.gadmin, true))).toBe('ok');
    const review = () =>
      as<{ records: { problemId: string; applyPublicProgress: number }[] }>(
        who.root,
        'GET',
        `/api/admin/group-problem/list?gid=${gid}`,
      );
    expect((await review()).data.records).toEqual([
      expect.objectContaining({ problemId: open.problemId, applyPublicProgress: 1 }),
    ]);
    expect(outcome(await apply(who.gadmin, false))).toBe('ok');
    expect((await review()).data.records).toEqual([]);
    expect(outcome(await apply(who.gadmin, true))).toBe('ok');
    // reference §7.16: the daily job tells the reviewers (root and the problem admins), not others
    const log = recordingLog();
    const scheduler = new Scheduler({
      db: w.t.db,
      jobs: [groupProblemReview],
      dataDir: '/nonexistent',
      log,
      clock: w.clock,
    });
    expect(await scheduler.runDue()).toEqual({ 'group-problem-review': 'ran' });
    const titles = async (token: string) =>
      (await as<{ records: { title: string }[] }>(token, 'GET', '/api/msg/mine?limit=50')).data.records.map(
        (r) => r.title,
      );
    expect(await titles(who.root)).toContain('团队题目公开申请待审核\n\nGroup problems wait for review');
    expect(await titles(w.tokens.problemAdmin)).toContain(
      '团队题目公开申请待审核\n\nGroup problems wait for review',
    );
    expect(await titles(w.tokens.admin)).not.toContain(
      '团队题目公开申请待审核\n\nGroup problems wait for review',
    );

    const decide = (token: string, progress: number) =>
      as(token, 'PUT', '/api/admin/group-problem/change-progress', { pid: open.pid, progress });
    expect((await decide(who.alice, 3)).status).toBe(403);
    expect(outcome(await decide(w.tokens.problemAdmin, 3))).toBe('ok');
    expect((await review()).data.records[0]?.applyPublicProgress).toBe(3);
    expect(outcome(await apply(who.gadmin, true))).toBe('ok');
    expect(outcome(await decide(who.root, 2))).toBe('ok');

    const [row] = await w.t.db.select().from(problem).where(eq(problem.id, open.pid));
    expect(row).toMatchObject({ isGroup: false, gid: null, auth: 1, applyPublicProgress: 2 });
    const bank = await as<{ records: { problemId: string }[] }>(
      who.alice,
      'GET',
      '/api/get-problem-list?limit=50',
    );
    expect(problemIds(bank)).toContain(open.problemId);
    expect(outcome(await apply(who.gadmin, true))).toBe(refusal(404, m.problemNotFound));
    expect(outcome(await decide(who.root, 3))).toBe(refusal(400, m.alreadyPublic));
  });

  it('deletes by the author or group root only', async () => {
    expect(outcome(await as(who.member, 'DELETE', `/api/group/problem?pid=${hidden.pid}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await as(who.owner, 'DELETE', `/api/group/problem?pid=${hidden.pid}`))).toBe('ok');
    expect(await w.t.db.select().from(problem).where(eq(problem.id, hidden.pid))).toEqual([]);
  });
});
