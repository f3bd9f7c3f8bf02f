import { describe, expect, it } from 'vitest';
import { AWARD_TYPE } from '@verdict/shared';
import { ViewBoard } from '../../src/modules/contest/rank/board.ts';
import { rankInOrder } from '../../src/modules/contest/rank/finish.ts';
import type { AwardTier, RankConfig, RankRecord } from '../../src/modules/contest/rank/model.ts';
import { seededRandom } from '../helpers/random.ts';

/**
 * reference §9.3–§9.5 (contest/rank/board.ts): the incremental board works out a row's rank and
 * award from its position when a page shows it. On random boards — ties, star users, award tiers by
 * percentage and by count, rows changing and leaving — every row's standing equals the one
 * `rankInOrder` gives by walking the whole board (the full recomputation's ranking).
 */

const START = 1_000_000;
const TIERS: AwardTier[] = [
  { priority: 2, name: 'Silver', background: '#eee', color: '#000', num: 3 },
  { priority: 1, name: 'Gold', background: '#fe0', color: '#000', num: 2 },
  { priority: 3, name: 'Bronze', background: '#c80', color: '#fff', num: 25 },
];

describe('reference §9.3–§9.5: a row stands where the walk of the whole board puts it', () => {
  it('on 300 random boards with changes, for every row', () => {
    const random = seededRandom(7).below;
    for (let round = 0; round < 300; round++) {
      const type = random(2);
      const users = Array.from({ length: 1 + random(40) }, (_, i) => `u${i}`);
      const config: RankConfig = {
        cid: 1,
        type,
        startMs: START,
        endMs: START + 3600_000,
        sealMs: null,
        oiType: 'Recent',
        stars: new Set(users.filter(() => random(5) === 0)),
        awardType: [AWARD_TYPE.none, AWARD_TYPE.percentage, AWARD_TYPE.count][random(3)]!,
        awards: TIERS.slice(0, random(4)),
        excluded: new Set(),
      };
      let submitId = 0;
      const recordsOf = (uid: string): RankRecord[] =>
        Array.from({ length: random(4) }, () => {
          const status = [1, -1, 0][random(3)]!;
          const time = 60 * random(4); // few distinct times: ties
          return {
            uid,
            username: uid,
            displayId: 'ABC'[random(3)]!,
            status,
            score: status === 1 ? 100 : 25 * random(3),
            useTime: 10 * random(3),
            time,
            submitMs: START + time * 1000 + random(1000),
            submitId: ++submitId,
          };
        });
      const records = new Map(users.map((uid) => [uid, recordsOf(uid)]));
      const board = new ViewBoard(config, { sealed: false, afterEnd: false }, records);
      for (let change = 0; change < 4; change++) {
        const rows = board.board();
        const walked = rankInOrder(
          config,
          rows.rows.map((r) => ({ ...r })),
        );
        expect(
          rows.rows.map((r) => rows.standing(r)),
          `round ${round} change ${change}`,
        ).toEqual(walked.map((r) => ({ rank: r.rank, award: r.award })));
        const uid = users[random(users.length)]!;
        board.update(uid, random(4) === 0 ? [] : recordsOf(uid));
      }
    }
  });
});
