import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { problem, problemCase } from '../../src/db/schema/index.ts';
import { buildZip, type RawEntry } from '../admin/zip.ts';
import {
  importUpload,
  pidOf,
  rowCounts,
  sha256,
  stored,
  useTransferWorld,
  world,
} from './transfer-support.ts';

/** issue 29: a Polygon package (problem.xml, statements, tests, testlib checker, interactor), hand-built. */
useTransferWorld();

const POLYGON = '/api/file/import-polygon-problem';

const CHECKER =
  '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';
const INTERACTOR =
  '#include "testlib.h"\nint main(int argc, char* argv[]) { registerInteraction(argc, argv); quitf(_ok, "ok"); }\n';

function problemXml(shortName: string, options: { interactor?: boolean; doctype?: string } = {}) {
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>
${options.doctype ?? ''}<problem revision="7" short-name="${shortName}" url="https://polygon.codeforces.com/p/someone/${shortName}">
    <names>
        <name language="english" value="A plus B"/>
        <name language="russian" value="А плюс Б"/>
    </names>
    <statements>
        <statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/>
        <statement charset="UTF-8" language="russian" mathjax="true" path="statements/russian/problem.tex" type="application/x-tex"/>
    </statements>
    <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="" output-file="" run-count="1">
        <testset name="tests">
            <time-limit>2000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>4</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" points="0" sample="true" group="0"/>
                <test method="manual" points="20" group="1"/>
                <test cmd="gen 5" method="generated" points="20" group="1"/>
                <test cmd="gen 6" method="generated" points="60" group="2"/>
            </tests>
            <groups>
                <group feedback-policy="complete" name="0" points="0" points-policy="each-test"/>
                <group feedback-policy="icpc" name="1" points="40" points-policy="complete-group">
                    <dependencies><dependency group="0"/></dependencies>
                </group>
                <group feedback-policy="points" name="2" points-policy="each-test"/>
            </groups>
        </testset>
    </judging>
    <files>
        <resources>
            <file path="files/olymp.sty"/>
            <file path="files/testlib.h" type="h.g++"/>
        </resources>
    </files>
    <assets>
        <checker name="std::ncmp.cpp" type="testlib">
            <source path="files/check.cpp" type="cpp.g++17"/>
            <binary path="check.exe" type="exe.win32"/>
            <copy path="check.cpp"/>
        </checker>
${options.interactor ? '        <interactor>\n            <source path="files/interactor.cpp" type="cpp.g++17"/>\n        </interactor>\n' : ''}    </assets>
    <tags>
        <tag value="math"/>
        <tag value="implementation"/>
    </tags>
</problem>
`;
}

const TESTS: Record<string, string> = {
  'tests/01': '1 2\n',
  'tests/01.a': '3\n',
  'tests/02': '10 20\n',
  'tests/02.a': '30\n',
  'tests/03': '5 5\n',
  'tests/03.a': '10\n',
  'tests/04': '-7 7\n',
  'tests/04.a': '0\n',
};

/** A "full" Polygon package (tests with their answers), both statement forms: JSON for English, .tex for Russian. */
function polygonPackage(
  shortName: string,
  options: {
    interactor?: boolean;
    answers?: boolean;
    doctype?: string;
    folder?: string;
    checker?: string;
  } = {},
): Buffer {
  const tests = Object.entries(TESTS).filter(([name]) => options.answers !== false || !name.endsWith('.a'));
  const entries: RawEntry[] = [
    { name: 'problem.xml', content: problemXml(shortName, options) },
    {
      name: 'statements/english/problem-properties.json',
      content: JSON.stringify({
        name: 'A plus B',
        legend: 'Add $a$ and $b$.',
        input: 'Two integers $a$ and $b$.',
        output: 'Their sum.',
        notes: 'Mind the negatives.',
        interaction: '',
        sampleTests: [{ input: '1 2\n', output: '3\n', inputFile: 'example.01', outputFile: 'example.01.a' }],
        timeLimit: 2000,
        memoryLimit: 268435456,
        language: 'English',
      }),
    },
    { name: 'statement-sections/russian/name.tex', content: 'А плюс Б' },
    { name: 'statement-sections/russian/legend.tex', content: 'Сложите $a$ и $b$.' },
    { name: 'statement-sections/russian/input.tex', content: 'Два целых числа.' },
    { name: 'statement-sections/russian/output.tex', content: 'Их сумма.' },
    { name: 'statement-sections/russian/example.01', content: '1 2\n' },
    { name: 'statement-sections/russian/example.01.a', content: '3\n' },
    { name: 'files/check.cpp', content: options.checker ?? CHECKER },
    { name: 'check.cpp', content: options.checker ?? CHECKER },
    { name: 'files/testlib.h', content: '// testlib stand-in\n' },
    ...(options.interactor ? [{ name: 'files/interactor.cpp', content: INTERACTOR }] : []),
    ...tests.map(([name, content]) => ({ name, content })),
  ];
  return buildZip(
    options.folder ? entries.map((e) => ({ ...e, name: `${options.folder}/${e.name}` })) : entries,
  );
}

async function storedProblem(problemId: string) {
  const pid = await pidOf(problemId);
  expect(pid, problemId).toBeDefined();
  const [row] = await world.w.t.db.select().from(problem).where(eq(problem.id, pid!));
  const cases = await world.w.t.db
    .select({
      score: problemCase.score,
      groupNum: problemCase.groupNum,
      inputSha256: problemCase.inputSha256,
      outputSha256: problemCase.outputSha256,
    })
    .from(problemCase)
    .where(eq(problemCase.pid, pid!))
    .orderBy(asc(problemCase.id));
  return { row: row!, cases };
}

describe('POST /api/file/import-polygon-problem (issue 29)', () => {
  it('is root only', async () => {
    const body = polygonPackage('root-only');
    expect((await importUpload(POLYGON, body, { token: '' })).http).toBe(401);
    expect((await importUpload(POLYGON, body, { token: world.w.tokens.admin })).http).toBe(403);
  });

  it('imports statements (every language), limits, tests with points and groups, the testlib checker', async () => {
    const res = await importUpload(POLYGON, polygonPackage('a-plus-b'), { name: 'a-plus-b-7$linux.zip' });
    expect([res.http, res.status, res.data.failed]).toEqual([200, 200, []]);
    expect(res.data.imported).toMatchObject([{ problemId: 'A-PLUS-B', title: 'A plus B' }]);
    const { row, cases } = await storedProblem('A-PLUS-B');
    expect(row).toMatchObject({
      title: 'A plus B',
      timeLimit: 2000,
      memoryLimit: 256,
      type: 1,
      // subtask_lowest: 0 + 40 (the complete group's lowest) + 60
      ioScore: 100,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      spjCode: CHECKER,
      spjLanguage: 'C++',
      source: 'https://polygon.codeforces.com/p/someone/a-plus-b',
      examples: '<input>1 2\n</input><output>3\n</output>',
    });
    // both languages, each under its name
    expect(row.description).toBe('**english**\n\nAdd $a$ and $b$.\n\n**russian**\n\nСложите $a$ и $b$.');
    expect(row.input).toContain('Two integers $a$ and $b$.');
    expect(row.input).toContain('Два целых числа.');
    expect(row.hint).toBe('Mind the negatives.');
    // group 0 (each test) and 2 (each test): a group per test with its points; group 1 (complete): 40 for all
    expect(cases.map((c) => [c.score, c.groupNum])).toEqual([
      [0, 1],
      [40, 2],
      [40, 2],
      [60, 3],
    ]);
    expect(cases.map((c) => [c.inputSha256, c.outputSha256])).toEqual(
      [1, 2, 3, 4].map((i) => {
        const n = String(i).padStart(2, '0');
        return [sha256(TESTS[`tests/${n}`]!), sha256(TESTS[`tests/${n}.a`]!)];
      }),
    );
    expect(stored('30\n')).toBe(true);
  });

  it('takes one language with ?lang=, the .tex sections when there is no JSON; a package in a folder', async () => {
    const res = await importUpload(
      `${POLYGON}?lang=russian`,
      polygonPackage('a-plus-b-ru', { folder: 'pkg' }),
    );
    expect([res.http, res.data.failed]).toEqual([200, []]);
    const { row } = await storedProblem('A-PLUS-B-RU');
    expect(row).toMatchObject({
      title: 'А плюс Б',
      description: 'Сложите $a$ и $b$.',
      input: 'Два целых числа.',
      output: 'Их сумма.',
      examples: '<input>1 2\n</input><output>3\n</output>',
    });
    const missing = await importUpload(`${POLYGON}?lang=german`, polygonPackage('a-plus-b-de'));
    expect(missing.status).toBe(400);
    expect(missing.data.failed[0]!.reason).toMatch(/no statement in german \(it has: english, russian\)/);
    // two languages at once is no language: refused as bad input, nothing imported
    const twice = await importUpload(`${POLYGON}?lang=english&lang=russian`, polygonPackage('a-plus-b-2'));
    expect(twice.http).toBe(400);
    expect(await pidOf('A-PLUS-B-2')).toBeUndefined();
  });

  it('an interactor makes it interactive', async () => {
    const res = await importUpload(POLYGON, polygonPackage('guess-it', { interactor: true }));
    expect([res.http, res.data.failed]).toEqual([200, []]);
    const { row } = await storedProblem('GUESS-IT');
    expect(row).toMatchObject({ judgeMode: 'interactive', spjCode: INTERACTOR, spjLanguage: 'C++' });
  });

  it('refuses a package without answers (build a full package), one with a DOCTYPE and one with a points checker, leaving nothing', async () => {
    const before = await rowCounts();
    const noAnswers = await importUpload(POLYGON, polygonPackage('no-answers', { answers: false }));
    expect(noAnswers.status).toBe(400);
    expect(noAnswers.data.failed[0]!.reason).toMatch(/no answer file tests\/01\.a: build a "full" package/);
    const entity = await importUpload(
      POLYGON,
      polygonPackage('entity', { doctype: '<!DOCTYPE problem [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n' }),
    );
    expect(entity.status).toBe(400);
    expect(entity.data.failed[0]!.reason).toMatch(/DOCTYPE/);
    // a points checker: Polygon's quitp points are absolute, "points X" is X % here (reference §8.7)
    const pointsChecker = CHECKER.replace('quitf(_ok, "ok")', 'quitp(7.5, "partial")');
    const scored = await importUpload(POLYGON, polygonPackage('scored', { checker: pointsChecker }));
    expect(scored.status).toBe(400);
    expect(scored.data.failed[0]!.reason).toMatch(/quitp/);
    const notPolygon = await importUpload(POLYGON, buildZip([{ name: 'readme.txt', content: 'hi' }]));
    expect([notPolygon.status, notPolygon.msg]).toEqual([400, expect.stringMatching(/no problem.xml/)]);
    expect(await rowCounts()).toEqual(before);
  });
});
