import fs from 'node:fs';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, multipartBody } from '../../../server/test/admin/zip.ts';
import { finalSubmission, type Api } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { FIXTURES, missingToolchain } from '../regression/harness.ts';
import { apiClient, signIn, startLiveJudge, type LiveJudge } from './live-judge.ts';

/**
 * Issue 29 end to end: a Polygon package (problem.xml, tests with answers and points, testlib's
 * ncmp as its checker, no testlib.h of its own) imported through POST /api/file/import-polygon-problem,
 * then submissions judged by a real `verdict-judge worker`, whose checker compile finds the judge's
 * shipped testlib.h and whose verdicts come from testlib's exit codes.
 */
const missing = missingToolchain('Python3') ?? missingToolchain('SPJ-C++');
const NCMP = fs.readFileSync(path.join(FIXTURES, 'judges', 'testlib', 'ncmp.cpp'), 'utf8');

const PROBLEM_XML = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="polygon-ab">
  <names><name language="english" value="Polygon A+B"/></names>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" points="30" sample="true"/>
        <test method="manual" points="30"/>
        <test method="generated" cmd="gen 7" points="40"/>
      </tests>
    </testset>
  </judging>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
  </assets>
</problem>
`;

const PACKAGE = buildZip([
  { name: 'problem.xml', content: PROBLEM_XML },
  {
    name: 'statements/english/problem-properties.json',
    content: JSON.stringify({ name: 'Polygon A+B', legend: 'Add.', input: 'a b', output: 'a+b' }),
  },
  { name: 'files/check.cpp', content: NCMP },
  { name: 'tests/01', content: '1 2\n' },
  { name: 'tests/01.a', content: '3\n' },
  { name: 'tests/02', content: '10 -4\n' },
  { name: 'tests/02.a', content: '6\n' },
  { name: 'tests/03', content: '1000000 1000000\n' },
  { name: 'tests/03.a', content: '2000000\n' },
]);

let live: LiveJudge;
let api: Api;

const submit = async (code: string) => {
  const { submitId } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
    pid: 'POLYGON-AB',
    language: 'Python3',
    code,
    cid: 0,
    isRemote: false,
  });
  await finalSubmission(api, submitId);
  const { submission } = await api<{
    submission: { status: number; score: number | null; errorMessage: string | null };
  }>('GET', `/api/get-submission-detail?submitId=${submitId}`);
  return submission;
};

describe.skipIf(missing !== null)('a Polygon package judged by a real worker (issue 29)', () => {
  beforeAll(async () => {
    live = await startLiveJudge({ name: 'polygon', languages: ['Python3'] });
    const root = await live.t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
    const { payload, contentType } = multipartBody('polygon-ab-3$linux.zip', PACKAGE);
    const res = await fetch(`${live.url}/api/file/import-polygon-problem`, {
      method: 'POST',
      headers: { authorization: root, 'content-type': contentType, 'accept-language': 'en-US' },
      body: payload,
    });
    const envelope = (await res.json()) as { status: number; msg: string };
    expect([envelope.status, envelope.msg]).toEqual([200, expect.any(String)]);
    await createUser(live.t.db, { username: 'polygoner', password: 'polygon-pass-1' });
    api = apiClient(live.url, await signIn(live.url, 'polygoner', 'polygon-pass-1'));
  });
  afterAll(() => live?.close());

  it('a right answer is Accepted with every point', async () => {
    const result = await submit('a, b = map(int, input().split())\nprint(a + b)\n');
    expect(result).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });
  }, 180_000);

  it('a wrong last test loses its 40 points (testlib wa)', async () => {
    const result = await submit('a, b = map(int, input().split())\nprint(a + b if a < 1000 else 0)\n');
    expect(result).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 60 });
  }, 180_000);

  it('a word where ncmp reads an integer is Presentation Error (testlib pe)', async () => {
    const result = await submit('print("three")\n');
    expect(result).toMatchObject({ status: JudgeStatus.PRESENTATION_ERROR, score: 0 });
  }, 180_000);
});
