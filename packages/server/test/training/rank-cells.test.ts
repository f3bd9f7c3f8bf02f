import { JudgeStatus, ROLES, type TrainingRankVO } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import type { Page } from '../../src/http/envelope.ts';
import { CPP } from '../problem/fixtures.ts';
import { AC, PASSWORD, trainingWorld, type TrainingWorld } from './support.ts';

/**
 * reference §7.13 (training rank), §3.5 get-training-rank: a Public training's rank reads the cells
 * user_problem_stat keeps per (user, problem) (migration 0017). After a random mix of verdicts,
 * rejudges (one and a whole problem), manual judges and cancels, the kept cells must equal a
 * recount from the judge rows, and the rank must equal one worked out here from those rows.
 */
let tw: TrainingWorld;
let pub: number;
let priv: number;

/** reference §7.13: the verdicts a training rank reads (PE, CE, WA, AC, TLE, MLE, RE, PA). */
const RANKED = [-3, -2, -1, 0, 1, 2, 3, 8];
const SUBMITTERS = ['alice', 'bob', 'problemAdmin', 'admin'] as const;

// a seeded draw, so a failure can be replayed
let state = 20_261_126;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const root = (url: string) => tw.w.call('GET', url, { token: tw.w.tokens.root });

/** The kept cells that differ from a recount over the public judge rows (none when exact). */
function drift() {
  return queryRows<{ uid: string; pid: number }>(
    tw.w.t.db,
    sql`with recount as (
        select uid, pid, min(submit_id) as first_id,
          min(submit_id) filter (where status = 0) as ac_id,
          min(time) filter (where status = 0) as ac_time,
          (array_agg(score order by submit_id) filter (where status = 0))[1] as ac_score,
          max(submit_id) as last_id,
          (array_agg(status order by submit_id desc))[1] as last_status,
          (array_agg(score order by submit_id desc))[1] as last_score
        from judge where cid = 0 and gid is null and status in (-3, -2, -1, 0, 1, 2, 3, 8)
        group by uid, pid)
      select coalesce(s.uid, c.uid) as uid, coalesce(s.pid, c.pid) as pid
      from user_problem_stat s full join recount c on c.uid = s.uid and c.pid = s.pid
      where (s.first_ranked_id, s.ac_submit_id, s.ac_time, s.ac_score, s.last_ranked_id, s.last_status, s.last_score)
        is distinct from (c.first_id, c.ac_id, c.ac_time, c.ac_score, c.last_id, c.last_status, c.last_score)`,
  );
}

interface Run {
  username: string;
  display_pid: string;
  status: number;
  time: number | null;
  score: number | null;
  submit_id: number;
}

/** The rank worked out in JavaScript from the judge rows (reference §7.13's rules, author and root out). */
async function expectedRank() {
  const runs = await queryRows<Run>(
    tw.w.t.db,
    sql`select username, display_pid, status, time, score, submit_id::int as submit_id from judge
        where cid = 0 and gid is null order by submit_id`,
  );
  const users = new Map<string, { first: number; cells: Map<string, Run[]> }>();
  for (const r of runs) {
    if (!RANKED.includes(r.status) || r.username === 'admin' || r.username === 'root') continue;
    const user = users.get(r.username) ?? { first: r.submit_id, cells: new Map<string, Run[]>() };
    users.set(r.username, user);
    user.cells.set(r.display_pid, [...(user.cells.get(r.display_pid) ?? []), r]);
  }
  const rows = [...users].map(([username, { first, cells }]) => {
    let ac = 0;
    let totalRunTime = 0;
    const submissionInfo: Record<string, unknown> = {};
    for (const [problem, list] of cells) {
      const accepted = list.filter((r) => r.status === AC);
      if (accepted.length > 0) {
        // the fastest accepted run with a time (a manual verdict may have none), else 0
        const times = accepted.flatMap((r) => (r.time === null ? [] : [r.time]));
        const runTime = times.length > 0 ? Math.min(...times) : 0;
        ac += 1;
        totalRunTime += runTime;
        submissionInfo[problem] = { status: AC, score: accepted[0]!.score, isAC: true, runTime };
      } else {
        const last = list.at(-1)!;
        submissionInfo[problem] = { status: last.status, score: last.score };
      }
    }
    return { username, ac, totalRunTime, first, submissionInfo };
  });
  rows.sort((a, b) => b.ac - a.ac || a.totalRunTime - b.totalRunTime || a.first - b.first);
  return rows.map(({ first: _first, ...row }) => row);
}

beforeAll(async () => {
  tw = await trainingWorld();
  pub = await tw.training({ title: 'Open' });
  // a Private training of the same problems ranks its registered users' records
  priv = await tw.training({ title: 'Closed', auth: 'Private', privatePwd: PASSWORD });
  for (const who of ['alice', 'bob'] as const) expect((await tw.register(who, priv)).status).toBe(200);
});

/**
 * Migration 0018: the rank rows the triggers keep, against the same trainings ranked again from
 * nothing (`training_rank_refresh(tid, null)`, the whole-training path); and the kept sizes against
 * a count. Returns what differs (nothing when exact); the rebuild leaves the rows as they should be.
 */
async function rowsDrift() {
  const rows = () =>
    queryRows<{ tid: number; uid: string; ac: number; t: string; f: string; info: string }>(
      tw.w.t.db,
      sql`select tid::int as tid, uid, ac, total_run_time::text as t, first_submit::text as f, info::jsonb::text as info
          from training_rank_row order by tid, uid`,
    );
  const kept = await rows();
  const sizes = await queryRows<{ tid: number }>(
    tw.w.t.db,
    sql`select t.id::int as tid from training t left join training_rank_size s on s.tid = t.id
        where coalesce(s.users, 0) <> (select count(*) from training_rank_row r where r.tid = t.id)`,
  );
  await tw.w.t.db.execute(sql`select training_rank_refresh(id, null) from training order by id`);
  const rebuilt = await rows();
  const key = (r: (typeof kept)[number]) => JSON.stringify(r);
  const rebuiltKeys = new Set(rebuilt.map(key));
  const keptKeys = new Set(kept.map(key));
  return {
    stale: kept.filter((r) => !rebuiltKeys.has(key(r))),
    missing: rebuilt.filter((r) => !keptKeys.has(key(r))),
    sizes,
  };
}
const exact = { stale: [], missing: [], sizes: [] };
afterAll(() => tw.w.t.close());

describe('reference §7.13 / §3.5: the kept rank cells equal a recount after any change of a verdict', () => {
  it('after random verdicts, rejudges, manual judges and cancels', async () => {
    const ids: number[] = [];
    const pending = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            tw.w.t.db,
            sql`select count(*)::int as n from judge where status in (5, 6, 7)`,
          )
        )[0]!.n,
      );
    const verdict = () => ({
      status: pick(RANKED),
      time: 1 + Math.floor(random() * 100),
      memory: 1,
      score: random() < 0.5 ? Math.floor(random() * 101) : undefined,
    });
    for (let step = 0; step < 60; step++) {
      const draw = random();
      if (draw < 0.4 || ids.length < 4) {
        // a submission judged at once, or left waiting for a later step
        tw.w.clock.advance(60_000);
        const res = await tw.w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
          token: tw.w.tokens[pick(SUBMITTERS)],
          payload: {
            pid: pick(tw.problems).problemId,
            language: 'C++',
            code: `${CPP}\n// step ${step}`,
            cid: 0,
            isRemote: false,
          },
        });
        expect(res.status, res.msg).toBe(200);
        ids.push(res.data.submitId);
        if (random() < 0.8) await tw.w.judge.judgeNext(verdict());
      } else if (draw < 0.55) {
        expect((await root(`/api/admin/judge/rejudge?submitId=${pick(ids)}`)).status).toBe(200);
      } else if (draw < 0.6) {
        // a whole problem's submissions requeued in one statement
        expect((await root(`/api/admin/judge/rejudge-problem?pid=${pick(tw.problems).pid}`)).status).toBe(
          200,
        );
      } else if (draw < 0.75) {
        const v = verdict();
        const score = v.score === undefined ? '' : `&score=${v.score}`;
        // refused while a worker holds it: then nothing changes, which the check below sees too
        await root(`/api/admin/judge/manual-judge?submitId=${pick(ids)}&status=${v.status}${score}`);
      } else if (draw < 0.85) {
        await root(`/api/admin/judge/cancel-judge?submitId=${pick(ids)}`);
      } else if ((await pending()) > 0) {
        await tw.w.judge.judgeNext(verdict());
      }
      expect(await drift(), `step ${step}`).toEqual([]);
      expect(await rowsDrift(), `step ${step}`).toEqual(exact);
    }
    while ((await pending()) > 0) await tw.w.judge.judgeNext(verdict());
    expect(await drift()).toEqual([]);

    const kinds = await queryRows<{ n: number }>(
      tw.w.t.db,
      sql`select count(distinct status)::int as n from judge`,
    );
    // the mix is varied enough to mean something: several verdicts, cancels included
    expect(kinds[0]!.n).toBeGreaterThan(4);

    const page = await tw.call<Page<TrainingRankVO>>('root', 'GET', `/api/get-training-rank?tid=${pub}`);
    expect(page.status).toBe(200);
    expect(
      page.data.records.map(({ username, ac, totalRunTime, submissionInfo }) => ({
        username,
        ac,
        totalRunTime,
        submissionInfo,
      })),
    ).toEqual(await expectedRank());
  });

  it('a deleted submission leaves its cell, and a pair without ranked verdicts has none', async () => {
    const [row] = await queryRows<{ submit_id: number }>(
      tw.w.t.db,
      sql`select submit_id::int as submit_id from judge where status = ${JudgeStatus.ACCEPTED} order by submit_id limit 1`,
    );
    await tw.w.t.db.execute(sql`delete from judge where submit_id = ${row!.submit_id}`);
    expect(await drift()).toEqual([]);
    await tw.w.t.db.execute(
      sql`update judge set status = ${JudgeStatus.PENDING} where status in (-3, -2, -1)`,
    );
    expect(await drift()).toEqual([]);
    expect(await rowsDrift()).toEqual(exact);
  });
});

describe('migration 0018: the kept rank rows follow the trainings themselves', () => {
  it('a problem leaving and joining, a problem hidden, the auth switched, a user deleted', async () => {
    const [first] = tw.problems;
    const removed = await tw.call(
      'root',
      'DELETE',
      `/api/admin/training/problem?pid=${first!.pid}&tid=${pub}`,
    );
    expect(removed.status, removed.msg).toBe(200);
    expect(await rowsDrift()).toEqual(exact);
    const added = await tw.call('root', 'POST', '/api/admin/training/add-problem-from-public', {
      pid: first!.pid,
      tid: pub,
      displayId: first!.problemId,
    });
    expect(added.status, added.msg).toBe(200);
    expect(await rowsDrift()).toEqual(exact);
    await tw.w.t.db.execute(sql`update problem set auth = 2 where id = ${tw.problems[1]!.pid}`);
    expect(await rowsDrift()).toEqual(exact);
    await tw.w.t.db.execute(sql`update problem set auth = 1 where id = ${tw.problems[1]!.pid}`);
    await tw.w.t.db.execute(sql`update training set auth = 'Private' where id = ${pub}`);
    expect(await rowsDrift()).toEqual(exact);
    await tw.w.t.db.execute(sql`update training set auth = 'Public' where id = ${pub}`);
    expect(await rowsDrift()).toEqual(exact);
    // reference §7.13 leaves the author and roots out: who they are can change
    const ranked = async (who: string) =>
      (
        await tw.call<Page<TrainingRankVO>>('root', 'GET', `/api/get-training-rank?tid=${pub}`)
      ).data.records.some((r) => r.username === who);
    expect(await ranked('alice')).toBe(true);
    await tw.w.t.db.execute(
      sql`insert into user_role (uid, role_id) select uuid, ${ROLES.root.id} from user_info where username = 'alice'`,
    );
    expect(await rowsDrift()).toEqual(exact);
    expect(await ranked('alice')).toBe(false);
    await tw.w.t.db.execute(
      sql`delete from user_role where uid = ${tw.w.uids.alice} and role_id = ${ROLES.root.id}`,
    );
    expect(await rowsDrift()).toEqual(exact);
    expect(await ranked('alice')).toBe(true);
    await tw.w.t.db.execute(sql`update training set author = 'alice' where id = ${pub}`);
    expect(await rowsDrift()).toEqual(exact);
    expect(await ranked('alice')).toBe(false);
    await tw.w.t.db.execute(sql`update user_info set username = 'alice2' where username = 'alice'`);
    expect(await rowsDrift()).toEqual(exact);
    expect(await ranked('alice2')).toBe(true);
    await tw.w.t.db.execute(sql`delete from user_info where username = 'bob'`);
    expect(await rowsDrift()).toEqual(exact);
    const left = await queryRows<{ n: number }>(
      tw.w.t.db,
      sql`select count(*)::int as n from training_rank_row where tid = ${pub}`,
    );
    // the check compares something: the Public training still ranks the remaining submitters
    expect(left[0]!.n).toBeGreaterThan(0);
  });
});
