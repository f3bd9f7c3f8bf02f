import { describe, expect, it } from 'vitest';
import type { WebsiteConfig } from '../../src/api/home.ts';
import { activeNavKey, navItemsFor } from '../../src/layout/nav/nav-items.ts';

const config = (openPublicDiscussion: boolean) => ({ openPublicDiscussion }) as WebsiteConfig;

describe('top bar modes (spec part 1 §2 "Shell")', () => {
  it('default menu, with discussion only when the public discussion area is open', () => {
    const keys = (open: boolean) => navItemsFor('default', {}, config(open)).map((item) => item.key);
    expect(keys(true)).toEqual([
      '/home',
      '/problem',
      '/training',
      '/contest',
      '/status',
      'rank',
      '/discussion',
      '/group',
      'about',
    ]);
    expect(keys(false)).not.toContain('/discussion');
    const rank = navItemsFor('default', {}, config(true)).find((item) => item.key === 'rank');
    expect(rank?.children?.map((item) => item.to)).toEqual(['/acm-rank', '/oi-rank']);
  });

  it('spec part 2 §2.8: /oiwiki opens the external wiki in a new tab, not an embedded page', () => {
    const about = navItemsFor('default', {}, config(false)).find((item) => item.key === 'about');
    expect(about?.children?.map((item) => item.key)).toEqual(['/introduction', '/oiwiki']);
    const wiki = about?.children?.[1];
    expect(wiki?.href).toMatch(/^https:\/\/oi-wiki\.org/);
    expect(wiki?.to).toBeUndefined();
  });

  it('contest, training and group menus point into their source', () => {
    expect(navItemsFor('contest', { contestID: '7' }, undefined).map((item) => item.to)).toEqual([
      '/home',
      '/contest/7',
      '/contest/7/problems',
      '/contest/7/submissions?onlyMine=true',
      '/contest/7/rank',
    ]);
    expect(navItemsFor('training', { trainingID: '3' }, undefined).map((item) => item.to)).toEqual([
      '/home',
      '/training/3',
      '/training/3/problems',
    ]);
    expect(
      navItemsFor('training', { groupID: '2', trainingID: '3' }, undefined).map((item) => item.to),
    ).toEqual(['/home', '/group/2', '/group/2/training/3', '/group/2/training/3/problems']);
    expect(navItemsFor('group', { groupID: '2' }, undefined).map((item) => item.to)).toEqual([
      '/home',
      '/group/2',
      '/group/2/problem',
    ]);
  });

  it('highlights the list entry of a detail page', () => {
    const items = navItemsFor('default', {}, config(true));
    expect(activeNavKey('default', '/submission-detail/5', items)).toBe('/status');
    expect(activeNavKey('default', '/discussion-detail/9', items)).toBe('/discussion');
    expect(activeNavKey('default', '/problem/1000', items)).toBe('/problem');
    const contest = navItemsFor('contest', { contestID: '7' }, undefined);
    expect(activeNavKey('contest', '/contest/7/submissions', contest)).toBe('/contest/7/submissions');
    expect(activeNavKey('contest', '/contest/7/problem/A/full-screen', contest)).toBe('/contest/7');
  });
});
