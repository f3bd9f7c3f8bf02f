import { describe, expect, it } from 'vitest';
import { commentProblem, separatorAfter } from '../../../src/components/comments/comment-rules';
import {
  draftProblem,
  readListQuery,
  titleWithProblem,
  writeListQuery,
  type DiscussionDraft,
} from '../../../src/pages/discussion/discussion-rules';

const good: DiscussionDraft = { title: 'T', description: 'D', categoryId: 1, pid: '', content: 'C' };

describe('discussion submit checks (spec part 2 §5 "Discussion submit", in its order)', () => {
  it('answers the first problem: title, its length, description, its length, category, content, its length', () => {
    const all: DiscussionDraft = { title: ' ', description: '', categoryId: null, pid: '', content: '' };
    expect(draftProblem(all)).toEqual({ field: 'title', kind: 'required' });
    expect(draftProblem({ ...all, title: 'x'.repeat(256) })).toEqual({
      field: 'title',
      kind: 'tooLong',
      max: 255,
    });
    expect(draftProblem({ ...all, title: 'x' })).toEqual({ field: 'description', kind: 'required' });
    expect(draftProblem({ ...all, title: 'x', description: 'y'.repeat(256) })).toMatchObject({
      field: 'description',
      kind: 'tooLong',
    });
    expect(draftProblem({ ...all, title: 'x', description: 'y' })).toEqual({
      field: 'categoryId',
      kind: 'required',
    });
    expect(draftProblem({ ...good, content: '  \n' })).toEqual({ field: 'content', kind: 'required' });
    expect(draftProblem({ ...good, content: 'c'.repeat(65_536) })).toMatchObject({
      field: 'content',
      kind: 'tooLong',
    });
    expect(draftProblem(good)).toBeNull();
  });

  it('prefixes a problem discussion title with the problem id in brackets, once', () => {
    expect(titleWithProblem(' Help ', 'P1000')).toBe('[P1000] Help');
    expect(titleWithProblem('[P1000] Help', 'P1000')).toBe('[P1000] Help');
    expect(titleWithProblem('Help', '')).toBe('Help');
  });
});

describe('comment checks (spec part 2 §5 "Comment and reply": not empty, at most 10000)', () => {
  it('refuses blank and overlong text', () => {
    expect(commentProblem(' \n ')).toBe('contentEmpty');
    expect(commentProblem('a'.repeat(10_001))).toBe('tooLong');
    expect(commentProblem('a'.repeat(10_000))).toBeNull();
  });
});

describe('markdown helpers (spec part 2 §2.3 "markdown helpers")', () => {
  it('put a snippet after a closing code fence on a new paragraph, else after a space', () => {
    expect(separatorAfter('')).toBe('');
    expect(separatorAfter('text\n')).toBe('');
    expect(separatorAfter('text')).toBe(' ');
    expect(separatorAfter('```cpp\nx\n```')).toBe('\n\n');
    expect(separatorAfter('$$\nx\n$$')).toBe('\n\n');
  });
});

describe('list query (spec part 2 §2.3: cid, keyword, onlyMine, currentPage)', () => {
  it('reads and writes the same query, and a page below 1 is 1 (§5)', () => {
    const q = readListQuery(new URLSearchParams('cid=3&keyword=dp&onlyMine=true&currentPage=2'));
    expect(q).toEqual({ cid: 3, keyword: 'dp', onlyMine: true, currentPage: 2 });
    expect(readListQuery(writeListQuery(q))).toEqual(q);
    expect(readListQuery(new URLSearchParams('currentPage=0&cid=x')).currentPage).toBe(1);
    expect(readListQuery(new URLSearchParams('cid=x')).cid).toBeUndefined();
  });
});
