import '../support/browser-globals.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  concernedKey,
  readConcerned,
  toggleConcerned,
} from '../../../src/pages/contest/rank/concerned-users.ts';

/**
 * Spec part 1 §2 "Contest rank", §9 storage keys ("contest rank concerned"): the followed users are
 * kept per contest in browser storage; reference §9.6 sends them as `concernedList`.
 */
describe('followed users on a contest board, kept per contest in the browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('a toggle follows, a second one unfollows, and each contest keeps its own list', () => {
    expect(readConcerned(1001)).toEqual([]);
    expect(toggleConcerned(1001, 'u-alice')).toEqual(['u-alice']);
    expect(toggleConcerned(1001, 'u-bob')).toEqual(['u-alice', 'u-bob']);
    expect(toggleConcerned(1002, 'u-carol')).toEqual(['u-carol']);
    expect(readConcerned(1001)).toEqual(['u-alice', 'u-bob']);
    expect(toggleConcerned(1001, 'u-alice')).toEqual(['u-bob']);
    expect(readConcerned(1001)).toEqual(['u-bob']);
    expect(readConcerned(1002)).toEqual(['u-carol']);
  });

  it('the list lives under the contest rank concerned key; unfollowing the last one removes it', () => {
    toggleConcerned(1003, 'u-dave');
    expect(concernedKey(1003)).toBe('contestRankConcerned:1003');
    expect(JSON.parse(window.localStorage.getItem('contestRankConcerned:1003')!)).toEqual(['u-dave']);
    toggleConcerned(1003, 'u-dave');
    expect(window.localStorage.getItem('contestRankConcerned:1003')).toBeNull();
  });

  it('whatever else is stored under the key is dropped: not a list, non-strings, repeats', () => {
    window.localStorage.setItem(concernedKey(5), '{"x":1}');
    expect(readConcerned(5)).toEqual([]);
    window.localStorage.setItem(concernedKey(5), 'not json');
    expect(readConcerned(5)).toEqual([]);
    window.localStorage.setItem(concernedKey(5), JSON.stringify(['a', 3, '', null, 'a', 'b']));
    expect(readConcerned(5)).toEqual(['a', 'b']);
  });
});
