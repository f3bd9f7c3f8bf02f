import { contestRankBody, JudgeStatus } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/http/auth/access.ts';
import { contestRank } from '../../../src/modules/contest/rank/service.ts';
import { RankBoards } from '../../../src/modules/contest/rank/store.ts';
import { play, rankContest, rankOf, rankWorld, toSecond, type RankWorld } from './support.ts';

/**
 * Issue 12: the boards kept by the server (incremental, fed by the lifecycle's contest hook through
 * the change feed) against the full recomputation after random verdicts, rejudges, manual judges
 * and cancels — and a second set of boards (another server process's) and a fresh one (a restart)
 * on the same database, which learn everything from the feed and the records.
 */

let rw: RankWorld;
beforeAll(async () => {
  rw = await rankWorld();
});
afterAll(() => rw.cw.w.t.close());

const STATUSES = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SYSTEM_ERROR,
];
const PLAYERS = ['ann', 'ben', 'cat', 'dan', 'eve'];
/** the board calls compared: sealed (admin without force), real, with after-contest submissions, no stars */
const BODIES = [
  {},
  { forceRefresh: true },
  { forceRefresh: true, containsEnd: true },
  { containsEnd: true },
  { removeStar: true, forceRefresh: true },
];

function seeded(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a % n;
  };
}

describe("issue 12: the server's incremental boards follow every lifecycle change", () => {
  for (const type of [0, 1]) {
    it(
      `${type === 0 ? 'ACM' : 'OI'}: random changes; another process's boards and a restart agree with the full recomputation`,
      { timeout: 300_000 },
      async () => {
        const rand = seeded(7 + type);
        const problems = type === 0 ? (['A', 'B'] as const) : (['X', 'Y'] as const);
        const c = await rankContest(rw, [...problems], {
          type,
          minutes: 60,
          sealMinute: 40,
          allowEndSubmit: true,
          starAccount: { star_account: ['eve'] },
          awardType: 2,
          awardConfig: { config: [{ priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: 1 }] },
        });
        // the feed's versions start at 85, so that they cross 91: a look once compared its version
        // with a bound as text ('91' > '9007199254740991') and dropped the changed users' rows
        await rw.cw.w.t.db.execute(
          sql`insert into contest_rank_version (cid, version) values (${c.id}, 85)
              on conflict (cid) do update set version = 85`,
        );
        const admin: AuthUser = {
          uid: rw.uid.admin!,
          username: 'admin',
          sessionId: 0,
          roles: ['admin'],
          permissions: [],
        };
        const other = new RankBoards(rw.cw.w.t.db);
        const submitted: number[] = [];
        let second = 0;

        const compare = async (label: string) => {
          const now = rw.cw.w.clock.now();
          for (const extra of BODIES) {
            const body = contestRankBody.parse({ cid: c.id, limit: 300, ...extra });
            const full = await contestRank(rw.cw.w.t.db, 'full', admin, body, now);
            const http = await rankOf(rw, 'admin', body);
            expect(http.data, `${label} ${JSON.stringify(extra)}`).toEqual(JSON.parse(full.text));
            expect(await contestRank(rw.cw.w.t.db, other, admin, body, now), `${label} other`).toEqual(full);
          }
        };

        for (let step = 0; step < 36; step++) {
          const roll = rand(10);
          const root = { token: rw.token.root };
          if (roll < 6 || submitted.length === 0) {
            second = Math.min(second + 30 + rand(300), 70 * 60);
            const status = STATUSES[rand(STATUSES.length)]!;
            const score = status === JudgeStatus.ACCEPTED ? 100 : rand(3) * 30;
            submitted.push(
              ...(await play(rw, c, [
                {
                  who: PLAYERS[rand(PLAYERS.length)]!,
                  at: second,
                  problem: problems[rand(2)]!,
                  status,
                  score,
                  time: 5 + rand(3) * 5,
                },
              ])),
            );
          } else {
            const id = submitted[rand(submitted.length)]!;
            if (roll < 8) {
              await rw.cw.w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`, root);
              await compare(`step ${step} rejudge queued`);
              await rw.cw.w.judge.judgeNext({
                status: STATUSES[rand(STATUSES.length)]!,
                score: rand(4) * 25,
              });
            } else if (roll < 9) {
              await rw.cw.w.call(
                'GET',
                `/api/admin/judge/manual-judge?submitId=${id}&status=${JudgeStatus.ACCEPTED}&score=100`,
                root,
              );
            } else {
              await rw.cw.w.call('GET', `/api/admin/judge/cancel-judge?submitId=${id}`, root);
            }
          }
          if (step % 3 === 2) await compare(`step ${step}`);
        }
        toSecond(rw, c, 80 * 60);
        await compare('after the end');
        // a restart: new boards rebuilt from the records
        const restarted = new RankBoards(rw.cw.w.t.db);
        const now = rw.cw.w.clock.now();
        for (const extra of BODIES) {
          const body = contestRankBody.parse({ cid: c.id, limit: 300, ...extra });
          expect(await contestRank(rw.cw.w.t.db, restarted, admin, body, now)).toEqual(
            await contestRank(rw.cw.w.t.db, 'full', admin, body, now),
          );
        }
      },
    );
  }
});
