import { describe, expect, it } from 'vitest';
import { documentTitle, subjectNames } from '../../src/routing/page-subject.ts';

describe("the window's title (spec part 1 §1, issue 24 item 14)", () => {
  it('names what the page is about, with the short name as the site writes it', () => {
    expect(documentTitle({ subjects: ['A+B Problem'], page: 'Problem Details', shortName: 'Verdict' })).toBe(
      'A+B Problem - Verdict',
    );
    expect(documentTitle({ subjects: [], page: 'Home', shortName: 'Verdict' })).toBe('Home - Verdict');
    expect(documentTitle({ subjects: [], page: '首页', shortName: 'hoj' })).toBe('首页 - hoj');
  });

  it("a contest's problem names the problem, then the contest", () => {
    expect(
      documentTitle({
        subjects: ['A + B', 'Spring Cup'],
        page: 'Contest Problem Details',
        shortName: 'Verdict',
      }),
    ).toBe('A + B - Spring Cup - Verdict');
  });

  it('no made-up short name while the config is loading', () => {
    expect(documentTitle({ subjects: [], page: 'Home', shortName: '' })).toBe('Home');
    expect(documentTitle({ subjects: [], page: '', shortName: 'Verdict' })).toBe('Verdict');
  });

  it('the innermost subject first: a page inside a shell, then the shell; the newer of two at one level', () => {
    expect(
      subjectNames([
        { id: 1, level: 0, name: 'Spring Cup' },
        { id: 2, level: 1, name: 'A + B' },
      ]),
    ).toEqual(['A + B', 'Spring Cup']);
    // a child's effect runs before its parent's: the level decides, not the order
    expect(
      subjectNames([
        { id: 3, level: 1, name: 'A + B' },
        { id: 4, level: 0, name: 'Spring Cup' },
      ]),
    ).toEqual(['A + B', 'Spring Cup']);
  });
});
