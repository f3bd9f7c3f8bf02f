import { defaultMedalCounts } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { medalsFromQuery, scrollBoardHref } from '../../../src/pages/contest/scroll-board/scroll-query';

describe('spec part 2 §2.8 the scroll board’s address: /scrollBoard?cid&removeStar&medals[]', () => {
  it('medals[] are gold, silver and bronze counts; missing or malformed ones are 0', () => {
    expect(medalsFromQuery(['3', '5', '8'])).toEqual({ gold: 3, silver: 5, bronze: 8 });
    expect(medalsFromQuery(['2'])).toEqual({ gold: 2, silver: 0, bronze: 0 });
    expect(medalsFromQuery(['-1', 'x', '1.5'])).toEqual({ gold: 0, silver: 0, bronze: 0 });
  });

  it('the config tab opens the address that the page reads back', () => {
    const href = scrollBoardHref(1001, true, { gold: 1, silver: 2, bronze: 3 });
    expect(href).toBe('/scrollBoard?cid=1001&removeStar=true&medals%5B%5D=1&medals%5B%5D=2&medals%5B%5D=3');
    const params = new URLSearchParams(href.split('?')[1]);
    expect(medalsFromQuery(params.getAll('medals[]'))).toEqual({ gold: 1, silver: 2, bronze: 3 });
  });

  it('spec part 2 §4: default medals are 10 %, 20 % and 30 % of the ranked users, rounded down', () => {
    expect(defaultMedalCounts(6)).toEqual({ gold: 0, silver: 1, bronze: 1 });
    expect(defaultMedalCounts(57)).toEqual({ gold: 5, silver: 11, bronze: 17 });
  });
});
