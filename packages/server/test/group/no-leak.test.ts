import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/random.ts';
import { CPP, createWorld, problemDto, type Reply, type World } from '../problem/fixtures.ts';
import { contestForm } from '../admin/contest/fixtures.ts';
import { QUOTAS_OFF } from '../discussion/support.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { createClass, type Class } from './fixtures.ts';

/**
 * Issue 27, "how it is checked": groups, members, group problems, submissions, trainings, contests
 * and discussions made in random order (a seeded generator, so a failure names its seed) never show
 * in the public lists, counters and ranks: the problem bank and its recent problems, the status page
 * and its total, the ACM and OI ranks, user homes, the sample problem's counts, and the training,
 * contest, recent contest and discussion lists. The walk also creates a group at a random step and
 * removes a random member at a random step; after every step each removed member is refused the
 * group's problem list and its problems (§7.12 "a removed member loses access on the next request").
 */
const SEED = Number(process.env.GROUP_LEAK_SEED ?? 27_2026);
const STEPS = 60;
const VERDICTS = [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.TIME_LIMIT_EXCEEDED];

let w: World;
const classes: Class[] = [];
/** what each user (by username) did in public: submissions and the problems accepted */
const publicDone = new Map<string, { total: number; accepted: Set<string> }>();
const groupProblems: { gid: number; problemId: string }[] = [];
const groupSubmissions: number[] = [];
/** titles of the groups' trainings, contests and posts */
const groupTitles = new Set<string>();
let publicSubmissions = 0;
/** members removed from a group by its owner, with the group */
const removed: { name: string; token: string; gid: number }[] = [];

const ok = <T>(reply: Reply<T>): T => {
  expect(reply.status, reply.msg).toBe(200);
  return reply.data;
};

async function submit(token: string, problemId: string, gid?: number) {
  w.clock.advance(61_000);
  return ok(
    await w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      token,
      payload: { pid: problemId, language: 'C++', code: CPP, cid: 0, gid, isRemote: false },
    }),
  ).submitId;
}

/**
 * After a step: each removed member is refused its former group's problem list and one of its
 * problems (reference §7.12, policy `problem.view`).
 */
async function expectRemovedLocked(step: number) {
  for (const gone of removed) {
    const list = await w.call('GET', `/api/group/get-problem-list?gid=${gone.gid}`, { token: gone.token });
    expect([list.status, list.msg], `step ${step}: ${gone.name}'s list`).toEqual([
      403,
      pm.groupMembersOnly.en,
    ]);
    const problem = groupProblems.find((p) => p.gid === gone.gid);
    if (problem) {
      const detail = await w.call(
        'GET',
        `/api/get-problem-detail?problemId=${problem.problemId}&gid=${gone.gid}`,
        {
          token: gone.token,
        },
      );
      expect([detail.status, detail.msg], `step ${step}: ${gone.name} reads ${problem.problemId}`).toEqual([
        403,
        pm.groupMembersOnly.en,
      ]);
    }
  }
}

beforeAll(async () => {
  w = await createWorld();
  classes.push(
    await createClass(w, 'leak1', 'Leak Class One'),
    await createClass(w, 'leak2', 'Leak Class Two'),
  );
  await w.call('PUT', '/api/admin/switch/update', { token: w.tokens.root, payload: QUOTAS_OFF });
});
afterAll(() => w.t.close());

describe(`issue 27: group data never reaches the public side (seed ${SEED})`, () => {
  it('after random groups, members, problems and submissions, the public lists, counters and ranks hold only public data', async () => {
    const random = seededRandom(SEED);
    const publicUsers: { name: string; token: string }[] = [
      { name: 'alice', token: w.tokens.alice },
      { name: 'bob', token: w.tokens.bob },
    ];
    /** each group's members who submit and post; those of level 3 (with a uid) may be removed */
    type Member = { name: string; token: string; uid?: string };
    const classMembers = (cls: Class): Member[] => [
      { name: cls.usernames.member, token: cls.tokens.member, uid: cls.uids.member },
      { name: cls.usernames.gadmin, token: cls.tokens.gadmin },
    ];
    const members = classes.map(classMembers);
    let joined = 0;
    // a group made and a member removed at random steps of the first half, so that the later steps
    // use the new group and check the removed member
    const newGroupAt = random.below(STEPS / 2);
    const removeAt = random.below(STEPS / 2);
    for (let step = 0; step < STEPS; step++) {
      if (step === newGroupAt) {
        const made = await createClass(w, `leakg${step}`, `Leak Class Step ${step}`);
        classes.push(made);
        members.push(classMembers(made));
      }
      const c = random.below(classes.length);
      const cls = classes[c]!;
      if (step === removeAt) {
        // a random member (level 3) of a random group, removed by the group's owner
        const pool = members.flatMap((list, i) => list.filter((m) => m.uid).map((m) => ({ m, i })));
        const { m: gone, i } = random.pick(pool);
        const from = classes[i]!;
        ok(
          await w.call('DELETE', `/api/group/member?gid=${from.gid}&uid=${gone.uid}`, {
            token: from.tokens.owner,
          }),
        );
        members[i] = members[i]!.filter((m) => m !== gone);
        removed.push({ name: gone.name, token: gone.token, gid: from.gid });
      }
      const action = random.pick([
        'problem',
        'groupSubmit',
        'groupSubmit',
        'publicSubmit',
        'join',
        'training',
        'contest',
        'post',
      ] as const);
      if (
        action === 'problem' ||
        (action === 'groupSubmit' && !groupProblems.some((p) => p.gid === cls.gid))
      ) {
        const made = ok(
          await w.call<{ problemId: string }>('POST', '/api/group/problem', {
            token: cls.tokens.gadmin,
            payload: await problemDto(w, { gid: cls.gid, auth: 1, title: `Group task ${step}` }),
          }),
        );
        groupProblems.push({ gid: cls.gid, problemId: made.problemId });
      } else if (action === 'groupSubmit') {
        const target = random.pick(groupProblems.filter((p) => p.gid === cls.gid));
        const who = random.pick(members[c]!);
        groupSubmissions.push(await submit(who.token, target.problemId, cls.gid));
        await w.judge.judgeNext({ status: random.pick(VERDICTS) });
      } else if (action === 'publicSubmit') {
        // members of groups submit in public too: only these may count there
        const who = random.pick([...publicUsers, ...members.flat(), ...removed]);
        await submit(who.token, 'P1000');
        const status = random.pick(VERDICTS);
        await w.judge.judgeNext({ status });
        publicSubmissions++;
        const done = publicDone.get(who.name) ?? { total: 0, accepted: new Set<string>() };
        done.total++;
        if (status === JudgeStatus.ACCEPTED) done.accepted.add('P1000');
        publicDone.set(who.name, done);
      } else if (action === 'training' || action === 'contest' || action === 'post') {
        const title = `Group ${action} ${step}`;
        groupTitles.add(title);
        const [path, payload] =
          action === 'training'
            ? [
                '/api/group/training',
                {
                  training: { title, description: 'd', auth: 'Public', gid: cls.gid },
                  trainingCategory: { name: 'Class' },
                },
              ]
            : action === 'contest'
              ? ['/api/group/contest', contestForm(w, { title, gid: cls.gid })]
              : [
                  '/api/group/discussion',
                  { title, description: 'd', content: 'c', categoryId: 1, gid: cls.gid },
                ];
        const author = action === 'post' ? random.pick(members[c]!).token : cls.tokens.gadmin;
        ok(await w.call('POST', path, { token: author, payload }));
      } else {
        const fresh = await cls.join(`leak-joiner-${joined++}`, 3);
        members[c]!.push({ name: `leak-joiner-${joined - 1}`, token: fresh.token, uid: fresh.uid });
      }
      await expectRemovedLocked(step);
    }
    expect(classes).toHaveLength(3);
    expect(removed).toHaveLength(1);
    expect(groupProblems.length).toBeGreaterThan(0);
    expect(groupSubmissions.length).toBeGreaterThan(0);

    const groupIds = new Set(groupProblems.map((p) => p.problemId));
    const bank = ok(
      await w.call<{ records: { problemId: string }[]; total: number }>(
        'GET',
        '/api/get-problem-list?limit=100',
        {
          token: w.tokens.root,
        },
      ),
    );
    expect(bank.records.filter((p) => groupIds.has(p.problemId))).toEqual([]);
    const recent = ok(await w.call<{ problemId: string }[]>('GET', '/api/get-recent-updated-problem'));
    expect(recent.filter((p) => groupIds.has(p.problemId))).toEqual([]);

    const status = ok(
      await w.call<{ records: { submitId: number; gid: number | null }[]; total: number }>(
        'GET',
        '/api/get-submission-list?limit=200',
        { token: w.tokens.root },
      ),
    );
    expect(status.records.filter((s) => s.gid !== null || groupSubmissions.includes(s.submitId))).toEqual([]);
    expect(status.total).toBe(publicSubmissions);
    expect(status.records).toHaveLength(publicSubmissions);

    const sample = ok(
      await w.call<{ problemCount: { total: number } }>('GET', '/api/get-problem-detail?problemId=P1000'),
    );
    expect(sample.problemCount.total).toBe(publicSubmissions);

    for (const type of [0, 1]) {
      const board = ok(
        await w.call<{ records: { username: string; ac: number; total: number }[] }>(
          'GET',
          `/api/get-rank-list?type=${type}&limit=100`,
        ),
      );
      for (const row of board.records) {
        const done = publicDone.get(row.username);
        expect([row.username, row.ac, row.total]).toEqual([
          row.username,
          done?.accepted.size ?? 0,
          done?.total ?? 0,
        ]);
      }
    }

    for (const cls of classes) {
      const home = ok(
        await w.call<{ total: number; solvedList: string[] }>(
          'GET',
          `/api/get-user-home-info?uid=${cls.uids.member}`,
        ),
      );
      const done = publicDone.get(cls.usernames.member);
      expect(home.total).toBe(done?.total ?? 0);
      expect(home.solvedList.filter((id) => groupIds.has(id))).toEqual([]);
    }

    expect(groupTitles.size).toBeGreaterThan(0);
    const titled = <T extends { title: string }>(rows: T[]) => rows.filter((r) => groupTitles.has(r.title));
    for (const path of [
      '/api/get-training-list?limit=100',
      '/api/get-contest-list?limit=100',
      '/api/get-discussion-list?limit=100',
    ]) {
      const list = ok(await w.call<{ records: { title: string }[] }>('GET', path, { token: w.tokens.root }));
      expect(titled(list.records), path).toEqual([]);
    }
    const recentContests = ok(await w.call<{ title: string }[]>('GET', '/api/get-recent-contest'));
    expect(titled(recentContests)).toEqual([]);
  });
});
