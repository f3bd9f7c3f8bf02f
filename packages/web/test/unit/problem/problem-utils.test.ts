import { describe, expect, it } from 'vitest';
import { editorModeOf } from '../../../src/components/code-editor/modes.ts';
import {
  clientCodeProblem,
  codeforcesUrl,
  levelKey,
  parseExamples,
  parseExtraFiles,
  parseTagIds,
  passedSample,
  positiveInt,
  problemToMarkdown,
  sameText,
  tagNamespaceOfBank,
} from '../../../src/pages/problem/problem-utils.ts';
import {
  clampLeftWidth,
  LEFT_MIN_PX,
  RIGHT_MIN_PX,
  SPLITTER_PX,
} from '../../../src/pages/problem/splitter.ts';
import {
  canCancelJudge,
  canManualJudge,
  isRemoteDisplayId,
  shareToggleState,
} from '../../../src/pages/submission/submission-rules.ts';

describe('problem page helpers', () => {
  it('reads samples stored as <input>…</input><output>…</output>', () => {
    expect(
      parseExamples('<input>1 2</input><output>3</output>\n<input>-7 10\n</input><output>3\n</output>'),
    ).toEqual([
      { input: '1 2', output: '3' },
      { input: '-7 10\n', output: '3\n' },
    ]);
    expect(parseExamples(null)).toEqual([]);
    expect(parseExamples('no samples here')).toEqual([]);
  });

  it('reads the annex files from their JSON text', () => {
    expect(parseExtraFiles('{"a.txt":"hello","b.h":"int x;"}')).toEqual([
      { name: 'a.txt', content: 'hello' },
      { name: 'b.h', content: 'int x;' },
    ]);
    expect(parseExtraFiles({ 'c.txt': 'x' })).toEqual([{ name: 'c.txt', content: 'x' }]);
    expect(parseExtraFiles('not json')).toEqual([]);
    expect(parseExtraFiles('[1]')).toEqual([]);
    expect(parseExtraFiles(null)).toEqual([]);
  });

  it('names the six levels', () => {
    expect([0, 1, 2, 3, 4, 5].map(levelKey)).toEqual([
      'veryEasy',
      'easy',
      'normal',
      'mid',
      'hard',
      'veryHard',
    ]);
    expect(levelKey(9)).toBe('veryHard');
    expect(levelKey(-1)).toBe('veryEasy');
  });

  it('recognises a passed sample in a test run (spec part 1 §4)', () => {
    const samples = [
      { input: '1 2', output: '3' },
      { input: '-7 10', output: '3' },
    ];
    expect(passedSample(samples, '-7 10\n', '3\n')).toBe(2);
    expect(passedSample(samples, '1 2', '3  \n\n')).toBe(1);
    expect(passedSample(samples, '1 2', '4')).toBeNull();
    expect(passedSample(samples, '5 5', '3')).toBeNull();
    expect(sameText('a\r\nb', 'a\nb')).toBe(true);
  });

  it('checks code before a submit or a test run (spec part 1 §5)', () => {
    expect(clientCodeProblem('   \n ')).toBe('empty');
    expect(clientCodeProblem('x'.repeat(65536))).toBe('tooLong');
    expect(clientCodeProblem('x'.repeat(65535))).toBeNull();
    expect(clientCodeProblem('print(1)')).toBeNull();
  });

  it('writes the statement as Markdown for admins', () => {
    const md = problemToMarkdown(
      {
        problemId: 'P1000',
        title: 'A + B',
        timeLimit: 1000,
        memoryLimit: 256,
        description: 'Add $a$ and $b$.',
        input: 'Two integers.',
        output: null,
        hint: '',
        source: 'Classic',
        examples: [{ input: '1 2\n', output: '3 ```' }],
      },
      {
        timeLimit: 'Time Limit',
        memoryLimit: 'Memory Limit',
        description: 'Description',
        input: 'Input',
        output: 'Output',
        sampleInput: (n) => `Sample Input ${n}`,
        sampleOutput: (n) => `Sample Output ${n}`,
        hint: 'Hint',
        source: 'Source',
      },
    );
    expect(md).toContain('# P1000 A + B');
    expect(md).toContain('Time Limit: 1000 ms');
    expect(md).toContain('## Description\n\nAdd $a$ and $b$.');
    expect(md).toContain('## Sample Input 1\n\n```\n1 2\n```');
    expect(md).toContain('## Sample Output 1\n\n````\n3 ```\n````');
    expect(md).not.toContain('## Output');
    expect(md).not.toContain('## Hint');
    expect(md).toContain('## Source\n\nClassic');
  });

  it('links Codeforces and Gym problems to their original page', () => {
    expect(codeforcesUrl('CF-1234A')).toBe('https://codeforces.com/problemset/problem/1234/A');
    expect(codeforcesUrl('GYM-100001B2')).toBe('https://codeforces.com/gym/100001/problem/B2');
    expect(codeforcesUrl('HDU-1000')).toBeNull();
    expect(codeforcesUrl('P1000')).toBeNull();
  });

  it('reads the list query: tag ids as a JSON list, pages of at least 1', () => {
    expect(parseTagIds('[3,1,3]')).toEqual([3, 1]);
    expect(parseTagIds('4,5')).toEqual([4, 5]);
    expect(parseTagIds('7')).toEqual([7]);
    expect(parseTagIds('["x",-1,2]')).toEqual([2]);
    expect(parseTagIds(null)).toEqual([]);
    expect(positiveInt('0', 1)).toBe(1);
    expect(positiveInt('-3', 1)).toBe(1);
    expect(positiveInt('abc', 30)).toBe(30);
    expect(positiveInt('2', 1)).toBe(2);
  });

  it('reads the tags of the bank being browsed', () => {
    expect(tagNamespaceOfBank('All')).toBe('ALL');
    expect(tagNamespaceOfBank(undefined)).toBe('ALL');
    expect(tagNamespaceOfBank('Mine')).toBe('ME');
    expect(tagNamespaceOfBank('HDU')).toBe('HDU');
    expect(tagNamespaceOfBank('GYM')).toBe('CF');
  });

  it('keeps the editor at least 580 px wide when the splitter moves (spec part 1 §2)', () => {
    const width = 1232;
    expect(clampLeftWidth(width, 0.5)).toBe(Math.round((width - SPLITTER_PX) / 2));
    expect(clampLeftWidth(width, 0.95)).toBe(width - SPLITTER_PX - RIGHT_MIN_PX);
    expect(clampLeftWidth(width, 0)).toBe(LEFT_MIN_PX);
  });

  it('picks the editor mode from the language name or its content type', () => {
    expect(editorModeOf('C++ 17 With O2')).toBe('cpp');
    expect(editorModeOf('C')).toBe('cpp');
    expect(editorModeOf('Java')).toBe('java');
    expect(editorModeOf('JavaScript Node')).toBe('javascript');
    expect(editorModeOf('PyPy3')).toBe('python');
    expect(editorModeOf('Python2')).toBe('python');
    expect(editorModeOf('C#')).toBe('csharp');
    expect(editorModeOf('Golang')).toBe('go');
    expect(editorModeOf('Rust')).toBe('rust');
    expect(editorModeOf('Ruby')).toBe('ruby');
    expect(editorModeOf('PHP')).toBe('php');
    expect(editorModeOf('GNU G++17 7.3.0', 'text/x-c++src')).toBe('cpp');
    expect(editorModeOf('Kotlin 1.7', null)).toBe('kotlin');
    expect(editorModeOf('Whitespace')).toBe('plain');
    expect(editorModeOf(null)).toBe('plain');
  });
});

describe('submission rules (spec part 1 §4, §5)', () => {
  it('disables manual judge while judging or compiling and over a compile error', () => {
    expect(canManualJudge(7)).toBe(false);
    expect(canManualJudge(6)).toBe(false);
    expect(canManualJudge(-2)).toBe(false);
    expect(canManualJudge(0)).toBe(true);
    expect(canManualJudge(-1)).toBe(true);
    expect(canCancelJudge(6)).toBe(false);
    expect(canCancelJudge(0)).toBe(true);
    expect(canCancelJudge(-4)).toBe(false);
  });

  it('tells remote problems by their prefix', () => {
    expect(isRemoteDisplayId('HDU-1000')).toBe(true);
    expect(isRemoteDisplayId('CF-1A')).toBe(true);
    expect(isRemoteDisplayId('P1000')).toBe(false);
    expect(isRemoteDisplayId('MY-1')).toBe(false);
  });

  it('lets only the owner share, never in a contest or when the problem forbids it', () => {
    expect(shareToggleState({ owner: false, cid: 0, codeShare: true })).toBe('hidden');
    // issue 24 item 19: a contest submission is never shared, so it has no switch
    expect(shareToggleState({ owner: true, cid: 3, codeShare: true })).toBe('hidden');
    expect(shareToggleState({ owner: true, cid: 3, codeShare: false })).toBe('hidden');
    expect(shareToggleState({ owner: true, cid: 0, codeShare: false })).toBe('disabled');
    expect(shareToggleState({ owner: true, cid: 0, codeShare: true })).toBe('enabled');
  });
});
