import { describe, expect, it } from 'vitest';
import { RANK_COLOR_HEX, rankColor, rankColorName } from '../../../src/pages/rank/rank-colors.ts';
import {
  acceptedSubmissionsPath,
  readRankQuery,
  writeRankQuery,
} from '../../../src/pages/rank/rank-query.ts';

describe('rank name colours (spec part 1 §9 "Rank name colour")', () => {
  it('ACM by AC count: 600 red, 400 orange, 250 green, 100 blue, else gray; a threshold reached counts', () => {
    const cases: [number, string][] = [
      [0, 'gray'],
      [99, 'gray'],
      [100, 'blue'],
      [249, 'blue'],
      [250, 'green'],
      [399, 'green'],
      [400, 'orange'],
      [599, 'orange'],
      [600, 'red'],
      [5000, 'red'],
    ];
    for (const [ac, colour] of cases) expect(rankColorName('acm', ac), `AC ${ac}`).toBe(colour);
  });

  it('OI by score: 5000, 3000, 1500 and 500', () => {
    const cases: [number | null, string][] = [
      [null, 'gray'],
      [499, 'gray'],
      [500, 'blue'],
      [1499, 'blue'],
      [1500, 'green'],
      [2999, 'green'],
      [3000, 'orange'],
      [4999, 'orange'],
      [5000, 'red'],
    ];
    for (const [score, colour] of cases) expect(rankColorName('oi', score), `score ${score}`).toBe(colour);
  });

  it('a row is coloured by AC in the ACM list and by score in the OI list', () => {
    const row = { ac: 650, score: 120 };
    expect(rankColor('acm', row)).toBe(RANK_COLOR_HEX.red);
    expect(rankColor('oi', row)).toBe(RANK_COLOR_HEX.gray);
  });
});

describe('rank list address (spec part 1 §2 "Rank lists")', () => {
  it('defaults to page 1 of 30 and drops empty values when written back', () => {
    expect(readRankQuery(new URLSearchParams(''))).toEqual({ searchUser: '', currentPage: 1, limit: 30 });
    expect(writeRankQuery({ searchUser: ' ', currentPage: 1, limit: 30 }).toString()).toBe('');
    const query = readRankQuery(new URLSearchParams('searchUser=ann&currentPage=3&limit=50'));
    expect(query).toEqual({ searchUser: 'ann', currentPage: 3, limit: 50 });
    expect(writeRankQuery(query).toString()).toBe('searchUser=ann&currentPage=3&limit=50');
    expect(readRankQuery(new URLSearchParams('currentPage=-2&limit=x'))).toMatchObject({
      currentPage: 1,
      limit: 30,
    });
  });

  it("the AC count opens that user's accepted submissions", () => {
    expect(acceptedSubmissionsPath('ann lee')).toBe('/status?username=ann+lee&status=0');
  });
});
