import { compareCaseFiles, ioScoreOf, isSafeFileName, problemDto } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import type { AdminProblem, LanguageRow } from '../../../src/api/admin-problem.ts';
import {
  baselineOf,
  casesFromUpload,
  changeCaseMode,
  changeType,
  checkerReady,
  defaultProblemForm,
  examplesToString,
  formFromProblem,
  spreadScores,
  stringToExamples,
  tagFor,
  hasTag,
  toProblemDto,
  validateProblemForm,
  type CaseItem,
  type ProblemFormState,
  type ValidationContext,
} from '../../../src/admin/problem/form/problem-form.ts';

const language = (id: number, name: string, codeTemplate: string | null = null): LanguageRow => ({
  id,
  name,
  description: name,
  contentType: 'text/x-c++src',
  codeTemplate,
  template: null,
  isSpj: false,
  oj: 'ME',
  seq: 0,
});
const LANGUAGES = [language(1, 'C'), language(3, 'C++', '//PREPEND\n'), language(10, 'Python3')];
const context = (overrides: Partial<ValidationContext> = {}): ValidationContext => ({
  languageNames: { 1: 'C', 3: 'C++', 10: 'Python3' },
  checkerBaseline: null,
  compiled: null,
  ...overrides,
});
const cases = (...scores: (number | null)[]): CaseItem[] =>
  scores.map((score, i) => ({ key: `c${i}`, input: `${i}.in`, output: `${i}.out`, score, groupNum: null }));

/** A valid new ACM problem with one uploaded case. */
function validForm(change: Partial<ProblemFormState> = {}): ProblemFormState {
  return {
    ...defaultProblemForm(LANGUAGES),
    title: 'A + B',
    uploadedCases: cases(null),
    uploadDir: '0123456789abcdef0123456789abcdef',
    ...change,
  };
}
const keys = (form: ProblemFormState, ctx = context()) => validateProblemForm(form, ctx).map((e) => e.key);

describe('scores and the io score (spec part 2 §4, reference §8.2)', () => {
  it('spreads 100 points evenly, the remainder going to the last cases', () => {
    expect(spreadScores(3)).toEqual([33, 33, 34]);
    expect(spreadScores(7)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    expect(spreadScores(4)).toEqual([25, 25, 25, 25]);
    expect(spreadScores(0)).toEqual([]);
    expect(spreadScores(3).reduce((a, b) => a + b)).toBe(100);
    // more cases than points: the last hundred get one each
    expect(spreadScores(150).filter((s) => s === 1)).toHaveLength(100);
  });

  it('sums the case scores by default, and per subtask the lowest or the rounded mean', () => {
    const rows = [
      { score: 10, groupNum: 1 },
      { score: 30, groupNum: 1 },
      { score: 25, groupNum: 2 },
      { score: 26, groupNum: 2 },
      { score: null, groupNum: 3 },
    ];
    expect(ioScoreOf(rows, 'default')).toBe(91);
    expect(ioScoreOf(rows, 'ergodic_without_error')).toBe(91);
    expect(ioScoreOf(rows, 'subtask_lowest')).toBe(10 + 25 + 0);
    // group 1: mean 20; group 2: mean 25.5 → 26; group 3: 0
    expect(ioScoreOf(rows, 'subtask_average')).toBe(20 + 26 + 0);
    // a missing group number is group 1
    expect(
      ioScoreOf(
        [
          { score: 5, groupNum: null },
          { score: 9, groupNum: 1 },
        ],
        'subtask_lowest',
      ),
    ).toBe(5);
  });

  it('switching to OI spreads 100 over both case lists; the case mode falls back to fit the type', () => {
    let form = validForm({ manualCases: cases(null, null, null), judgeCaseMode: 'ergodic_without_error' });
    form = changeType(form, 1);
    expect(form.manualCases.map((c) => c.score)).toEqual([33, 33, 34]);
    expect(form.uploadedCases.map((c) => c.score)).toEqual([100]);
    expect(form.judgeCaseMode).toBe('default');
    form = changeCaseMode(form, 'subtask_average');
    expect(form.manualCases.every((c) => c.groupNum === 1)).toBe(true);
    expect(changeType(form, 0).judgeCaseMode).toBe('default');
  });

  it('sorts an upload like the server (base-name length, then name) and spreads OI scores', () => {
    const files = [
      { input: '10.in', output: '10.out' },
      { input: '2.in', output: '2.out' },
      { input: '1.in', output: '1.ans' },
    ];
    expect([...files].sort(compareCaseFiles).map((f) => f.input)).toEqual(['1.in', '2.in', '10.in']);
    const oi = casesFromUpload(files, 1, 'subtask_lowest');
    expect(oi.map((c) => [c.input, c.score, c.groupNum])).toEqual([
      ['1.in', 33, 1],
      ['2.in', 33, 1],
      ['10.in', 34, 1],
    ]);
    const acm = casesFromUpload(files, 0, 'default');
    expect(acm.every((c) => c.score === null && c.groupNum === null)).toBe(true);
  });
});

describe('examples (reference §4.2 problem.examples)', () => {
  it('round-trips the <input>/<output> string and drops empty examples', () => {
    const text = examplesToString([
      { input: '1 2\n', output: '3\n' },
      { input: '', output: '' },
      { input: '-7 10', output: '3' },
    ]);
    expect(text).toBe('<input>1 2\n</input><output>3\n</output><input>-7 10</input><output>3</output>');
    expect(stringToExamples(text).map(({ input, output }) => [input, output])).toEqual([
      ['1 2\n', '3\n'],
      ['-7 10', '3'],
    ]);
    expect(stringToExamples(null)).toEqual([]);
  });
});

describe('validation (spec part 2 §5, the server rules of reference §3.12)', () => {
  it('accepts a complete form', () => {
    expect(keys(validForm())).toEqual([]);
  });

  it('checks the title, the problem id and the limits', () => {
    expect(keys(validForm({ title: '  ' }))).toEqual(['titleRequired']);
    expect(keys(validForm({ problemId: 'P 1' }))).toEqual(['problemIdInvalid']);
    expect(keys(validForm({ problemId: 'hdu-1000_a.b' }))).toEqual([]);
    expect(keys(validForm({ timeLimit: 0, memoryLimit: null, stackLimit: 9000 }))).toEqual([
      'timeLimitRange',
      'memoryLimitRange',
      'stackLimitRange',
    ]);
  });

  it('needs uploaded cases, or typed cases each with an input or an output', () => {
    expect(keys(validForm({ uploadedCases: [] }))).toEqual(['uploadRequired']);
    expect(keys(validForm({ caseSource: 'manual' }))).toEqual(['casesRequired']);
    const typed = [
      { key: 'a', input: '1 2', output: '3', score: null, groupNum: null },
      { key: 'b', input: '', output: '', score: null, groupNum: null },
    ];
    const errors = validateProblemForm(validForm({ caseSource: 'manual', manualCases: typed }), context());
    expect(errors).toEqual([{ field: 'cases', key: 'caseEmpty', params: { n: 2 } }]);
  });

  it('OI scores are integers ≥ 0; subtask modes need group numbers', () => {
    const oi = validForm({ type: 1, uploadedCases: cases(50, null, -1) });
    expect(keys(oi)).toEqual(['scoreInteger', 'scoreNonNegative']);
    const subtask = validForm({ type: 1, judgeCaseMode: 'subtask_lowest', uploadedCases: cases(50, 50) });
    expect(keys(subtask)).toEqual(['groupRequired', 'groupRequired']);
    // a case mode the type does not have
    expect(keys(validForm({ judgeCaseMode: 'subtask_average' }))).toEqual([
      'groupRequired',
      'caseModeNotForType',
    ]);
  });

  it('file I/O needs two safe file names', () => {
    expect(keys(validForm({ isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: '' }))).toEqual([
      'fileIONames',
    ]);
    expect(keys(validForm({ isFileIO: true, ioReadFileName: '../in', ioWriteFileName: 'out' }))).toEqual([
      'fileIONames',
    ]);
    expect(isSafeFileName('testlib.h')).toBe(true);
    expect(isSafeFileName('a/b')).toBe(false);
    expect(isSafeFileName('..')).toBe(false);
  });

  it('a changed checker needs its code and a compile attempt that did not fail', () => {
    const spj = validForm({ judgeMode: 'spj', spjCode: '' });
    expect(keys(spj)).toEqual(['checkerRequired']);
    const written = { ...spj, spjCode: 'int main(){return 0;}' };
    expect(keys(written)).toEqual(['checkerNotCompiled']);
    const attempt = { code: written.spjCode, language: written.spjLanguage };
    expect(keys(written, context({ compiled: { ...attempt, outcome: 'ok', message: '' } }))).toEqual([]);
    // no judge server could check it: the attempt counts
    expect(keys(written, context({ compiled: { ...attempt, outcome: 'unavailable', message: '' } }))).toEqual(
      [],
    );
    expect(keys(written, context({ compiled: { ...attempt, outcome: 'error', message: 'x' } }))).toEqual([
      'checkerNotCompiled',
    ]);
    // compiled for other code: not ready
    const edited = { ...written, spjCode: 'int main(){}' };
    expect(checkerReady(edited, null, { ...attempt, outcome: 'ok', message: '' })).toBe(false);
    // a saved checker left as it was needs no compile
    expect(checkerReady(written, baselineOf(written), null)).toBe(true);
  });

  it('needs a language, and enabled templates that are not blank', () => {
    expect(keys(validForm({ languageIds: [] }))).toEqual(['languagesRequired']);
    const blank = validForm({ templates: { ...validForm().templates, 3: { enabled: true, code: '  ' } } });
    expect(validateProblemForm(blank, context())).toEqual([
      { field: 'templates', key: 'templateEmpty', params: { language: 'C++' } },
    ]);
    // a template of a language not chosen is not saved, so not checked
    expect(keys({ ...blank, languageIds: [1] })).toEqual([]);
  });

  it('refuses unsafe or repeated extra file names', () => {
    const file = (name: string) => ({ key: name, name, content: 'x' });
    expect(keys(validForm({ userExtraFiles: [file('a.h'), file('a.h')] }))).toEqual(['extraFileDuplicate']);
    expect(keys(validForm({ judgeExtraFiles: [file('dir/testlib.h')] }))).toEqual(['extraFileName']);
  });
});

describe('form → ProblemDTO body (reference §3.12)', () => {
  it('maps a new OI problem with subtasks, a checker, templates, tags and files; the server schema accepts it', () => {
    const form: ProblemFormState = {
      ...validForm(),
      problemId: ' abc-1 ',
      title: ' Sum ',
      type: 1,
      judgeCaseMode: 'subtask_average',
      uploadedCases: [
        { key: 'a', input: '1.in', output: '1.out', score: 40, groupNum: 1 },
        { key: 'b', input: '2.in', output: '2.out', score: 60, groupNum: 2 },
      ],
      examples: [{ key: 'e', input: '1 2', output: '3' }],
      tags: [
        { id: 7, name: 'math' },
        { id: null, name: ' greedy ' },
      ],
      languageIds: [3, 1],
      templates: { 1: { enabled: false, code: 'c' }, 3: { enabled: true, code: 'int main(){}' } },
      judgeMode: 'spj',
      spjLanguage: 'C++',
      spjCode: 'checker',
      judgeExtraFiles: [{ key: 'j', name: ' testlib.h ', content: '// testlib' }],
      userExtraFiles: [],
      isFileIO: true,
      ioReadFileName: ' in.txt ',
      ioWriteFileName: 'out.txt',
    };
    const body = toProblemDto(form, { checkerBaseline: null });
    expect(body.problem).toMatchObject({
      problemId: 'abc-1',
      title: 'Sum',
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_average',
      examples: '<input>1 2</input><output>3</output>',
      spjCode: 'checker',
      spjLanguage: 'C++',
      judgeExtraFile: JSON.stringify({ 'testlib.h': '// testlib' }),
      userExtraFile: null,
      isUploadCase: true,
      isFileIO: true,
      ioReadFileName: 'in.txt',
      ioWriteFileName: 'out.txt',
    });
    expect(body.problem.id).toBeUndefined();
    expect(body.samples).toEqual([
      { input: '1.in', output: '1.out', score: 40, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 60, groupNum: 2 },
    ]);
    expect(body.isUploadTestCase).toBe(true);
    expect(body.uploadTestcaseDir).toBe('0123456789abcdef0123456789abcdef');
    expect(body.languages).toEqual([{ id: 3 }, { id: 1 }]);
    expect(body.codeTemplates).toEqual([{ lid: 3, code: 'int main(){}', status: true }]);
    expect(body.tags).toEqual([
      { id: 7, name: 'math' },
      { name: 'greedy', oj: 'ME' },
    ]);
    expect(problemDto.safeParse(body).success).toBe(true);
  });

  it('an edited ACM problem with typed cases: no scores, no groups, no checker, no upload dir', () => {
    const form: ProblemFormState = {
      ...validForm(),
      id: 1001,
      problemId: '',
      caseSource: 'manual',
      manualCases: [{ key: 'm', input: '1 2\n', output: '3\n', score: 20, groupNum: 4 }],
      judgeMode: 'default',
      spjCode: 'left over',
    };
    const body = toProblemDto(form, { checkerBaseline: baselineOf(form) });
    expect(body.problem.id).toBe(1001);
    expect(body.problem.problemId).toBeNull();
    expect(body.problem.spjCode).toBeNull();
    expect(body.problem.spjLanguage).toBeNull();
    expect(body.samples).toEqual([{ input: '1 2\n', output: '3\n', score: null, groupNum: null }]);
    expect(body.isUploadTestCase).toBe(false);
    expect(body.uploadTestcaseDir).toBeNull();
    expect(body.changeModeCode).toBe(false);
    expect(body.changeJudgeCaseMode).toBe(false);
    expect(problemDto.safeParse(body).success).toBe(true);
  });

  it('loads a saved problem back into the form', () => {
    const saved = {
      problem: {
        id: 1005,
        problemId: 'P1005',
        title: 'Saved',
        author: 'root',
        type: 1,
        judgeMode: 'interactive',
        judgeCaseMode: 'subtask_lowest',
        timeLimit: 2000,
        memoryLimit: 512,
        stackLimit: 64,
        description: 'd',
        input: null,
        output: 'o',
        examples: '<input>1</input><output>2</output>',
        isRemote: false,
        source: null,
        difficulty: 3,
        hint: null,
        auth: 2,
        ioScore: 100,
        codeShare: false,
        spjCode: 'interactor',
        spjLanguage: 'C++',
        userExtraFile: '{"a.h":"int f();"}',
        judgeExtraFile: null,
        isRemoveEndBlank: false,
        openCaseResult: false,
        isUploadCase: true,
        caseVersion: '1',
        modifiedUser: 'root',
        isGroup: false,
        gid: null,
        applyPublicProgress: null,
        isFileIO: false,
        ioReadFileName: null,
        ioWriteFileName: null,
        gmtCreate: '',
        gmtModified: '',
      } satisfies AdminProblem,
      cases: [{ id: 1, pid: 1005, input: '1.in', output: '1.out', score: 100, groupNum: 2, status: 0 }],
      tags: [
        { id: 4, name: 'dp', color: '#f00', oj: 'ME', gid: null, tcid: null, gmtCreate: '', gmtModified: '' },
      ],
      languageIds: [3],
      templates: [{ id: 9, pid: 1005, lid: 3, code: 'tpl', status: true }],
    };
    const form = formFromProblem(saved, LANGUAGES);
    expect(form).toMatchObject({
      id: 1005,
      type: 1,
      auth: 2,
      judgeMode: 'interactive',
      spjLanguage: 'C++',
      caseSource: 'upload',
      uploadDir: null,
      languageIds: [3],
      codeShare: false,
    });
    expect(form.uploadedCases.map((c) => [c.input, c.score, c.groupNum])).toEqual([['1.in', 100, 2]]);
    expect(form.examples.map((e) => [e.input, e.output])).toEqual([['1', '2']]);
    expect(form.userExtraFiles.map((f) => [f.name, f.content])).toEqual([['a.h', 'int f();']]);
    expect(form.templates[3]).toEqual({ enabled: true, code: 'tpl' });
    // languages without a saved template start from their skeleton, disabled
    expect(form.templates[1]).toEqual({ enabled: false, code: '' });
    // saved as it was: the interactor needs no new compile, and the body parses
    expect(validateProblemForm(form, context({ checkerBaseline: baselineOf(form) }))).toEqual([]);
    expect(problemDto.safeParse(toProblemDto(form, { checkerBaseline: baselineOf(form) })).success).toBe(
      true,
    );
  });

  it('a new problem accepts the languages the connected judges offer (issue 24 item 19)', () => {
    const online = [
      { ...language(1, 'C'), available: true },
      { ...language(3, 'C++'), available: true },
      { ...language(10, 'Python3'), available: false },
      { ...language(12, 'Pascal'), available: false },
    ];
    const form = defaultProblemForm(online);
    expect(form.languageIds).toEqual([1, 3]);
    // every language still has its template slot, should the admin tick another
    expect(
      Object.keys(form.templates)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 3, 10, 12]);
    // no judge online (or a server that does not say): every language, as HOJ does
    expect(defaultProblemForm(online.map((l) => ({ ...l, available: false }))).languageIds).toEqual([
      1, 3, 10, 12,
    ]);
  });

  it('a new problem without judge information offers every language, with the language skeleton as its template', () => {
    const form = defaultProblemForm(LANGUAGES);
    expect(form.languageIds).toEqual([1, 3, 10]);
    expect(form.templates[3]).toEqual({ enabled: false, code: '//PREPEND\n' });
    expect(form.timeLimit).toBe(1000);
    expect(form.memoryLimit).toBe(256);
    expect(form.stackLimit).toBe(128);
    expect(form.spjLanguage).toBe('C');
  });

  it('tags: an existing local tag by id, anything else new by name; duplicates found', () => {
    const known = [
      { id: 1, name: 'dp', color: null, oj: 'ME', gid: null, tcid: null, gmtCreate: '', gmtModified: '' },
      { id: 2, name: 'dp', color: null, oj: 'HDU', gid: null, tcid: null, gmtCreate: '', gmtModified: '' },
    ];
    expect(tagFor(' dp ', known)).toEqual({ id: 1, name: 'dp', color: null });
    expect(tagFor('graph', known)).toEqual({ id: null, name: 'graph' });
    expect(hasTag([{ id: 1, name: 'dp' }], ' dp')).toBe(true);
    expect(hasTag([{ id: 1, name: 'dp' }], 'DP')).toBe(false);
  });
});
