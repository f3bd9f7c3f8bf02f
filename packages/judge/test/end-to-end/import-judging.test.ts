import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, multipartBody } from '../../../server/test/admin/zip.ts';
import { finalSubmission, type Api } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  fpsFile,
  fpsItem,
  hojFolder,
  hojJson,
  hydroFolder,
  hydroYaml,
  qdojFolder,
  qdojJson,
} from '../../../server/test/problem/transfer-builders.ts';
import type { ImportData } from '../../../server/test/problem/transfer-support.ts';
import { missingToolchain } from '../regression/harness.ts';
import { apiClient, signIn, startLiveJudge, type LiveJudge } from './live-judge.ts';

/**
 * Issue 29 end to end: one package of each format (HOJ zip, QDUOJ zip, Hydro zip, FPS XML; the
 * server tests' builders) imported over HTTP into one server, then an accepted and a wrong C
 * solution judged on each by one real `verdict-judge worker`. The QDUOJ problem has a C special
 * judge (HOJ's exit codes) that accepts any two positive numbers summing to n, so its accepted
 * answer differs from the stored output: only the special judge, compiled and run, can accept it.
 */
const missing = missingToolchain('C');

const AB =
  '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }\n';
const AB_WRONG =
  '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a - b); return 0; }\n';
const SPLIT =
  '#include <stdio.h>\nint main(void) { long n; scanf("%ld", &n); printf("1 %ld\\n", n - 1); return 0; }\n';
const SPLIT_WRONG =
  '#include <stdio.h>\nint main(void) { long n; scanf("%ld", &n); printf("0 %ld\\n", n); return 0; }\n';
/** HOJ's special judge protocol (reference §8.7): input, user output, answer; 100 AC, 102 WA. */
const SPLIT_SPJ = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r");
  long n, a, b;
  if (argc < 4 || !in || !out || fscanf(in, "%ld", &n) != 1) return 103;
  if (fscanf(out, "%ld %ld", &a, &b) != 2 || a <= 0 || b <= 0 || a + b != n) return 102;
  return 100;
}
`;

const HOJ_ZIP = buildZip([
  {
    name: 'problem_1.json',
    content: hojJson(
      { problemId: 'IMP-HOJ', title: 'HOJ A+B' },
      {
        languages: ['C'],
        samples: [
          { input: '1.in', output: '1.out' },
          { input: '2.in', output: '2.out' },
        ],
      },
    ),
  },
  ...hojFolder('problem_1', { '1.in': '1 2\n', '1.out': '3\n', '2.in': '10 5\n', '2.out': '15\n' }),
]);

const QDOJ_ZIP = buildZip(
  qdojFolder(
    '1',
    qdojJson({
      display_id: 'IMP-QD',
      title: 'QDUOJ split',
      test_case_score: [
        { score: 50, input_name: '1.in', output_name: '1.out' },
        { score: 50, input_name: '2.in', output_name: '2.out' },
      ],
      samples: [{ input: '5', output: '2 3' }],
      spj: { language: 'C', code: SPLIT_SPJ },
    }),
    { '1.in': '5\n', '1.out': '2 3\n', '2.in': '100\n', '2.out': '50 50\n' },
  ),
);

const HYDRO_ZIP = buildZip(
  hydroFolder('1', {
    'problem.yaml': hydroYaml('IMP-HY', 'Hydro A+B'),
    'problem.md': 'Add two numbers.',
    'testdata/config.yaml':
      'time: 1s\nmemory: 64m\ncases:\n  - input: 1.in\n    output: 1.out\n  - input: 2.in\n    output: 2.out\n',
    'testdata/1.in': '3 4\n',
    'testdata/1.out': '7\n',
    'testdata/2.in': '-2 9\n',
    'testdata/2.out': '7\n',
  }),
);

const FPS_XML = fpsFile('1.2', [
  fpsItem({
    title: 'FPS A+B',
    samples: [['1 2', '3']],
    tests: ['6 7\n', '100 -1\n'],
    outputs: ['13\n', '99\n'],
  }),
]);

let live: LiveJudge;
let api: Api;
/** problem id of each format's problem (FPS gives none: the site numbers it) */
const ids: Record<string, string> = {};

async function importOver(url: string, name: string, body: Buffer, root: string): Promise<ImportData> {
  const { payload, contentType } = multipartBody(name, body);
  const res = await fetch(`${live.url}${url}`, {
    method: 'POST',
    headers: { authorization: root, 'content-type': contentType, 'accept-language': 'en-US' },
    body: payload,
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: ImportData };
  expect([envelope.status, envelope.data.failed]).toEqual([200, []]);
  expect(envelope.data.imported).toHaveLength(1);
  return envelope.data;
}

async function judge(pid: string, code: string) {
  const { submitId } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
    pid,
    language: 'C',
    code,
    cid: 0,
    isRemote: false,
  });
  await finalSubmission(api, submitId);
  const { submission } = await api<{ submission: { status: number; errorMessage: string | null } }>(
    'GET',
    `/api/get-submission-detail?submitId=${submitId}`,
  );
  return submission;
}

describe.skipIf(missing !== null)('each imported format judged by a real worker (issue 29)', () => {
  beforeAll(async () => {
    live = await startLiveJudge({ name: 'import', languages: ['C'], concurrency: 2 });
    const root = await live.t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
    ids.hoj = (await importOver('/api/file/import-problem', 'hoj.zip', HOJ_ZIP, root)).imported[0]!.problemId;
    ids.qdoj = (
      await importOver('/api/file/import-qdoj-problem', 'qd.zip', QDOJ_ZIP, root)
    ).imported[0]!.problemId;
    ids.hydro = (
      await importOver('/api/file/import-hydro-problem', 'hy.zip', HYDRO_ZIP, root)
    ).imported[0]!.problemId;
    ids.fps = (
      await importOver('/api/file/import-fps-problem', 'fps.xml', FPS_XML, root)
    ).imported[0]!.problemId;
    expect(ids).toMatchObject({
      hoj: 'IMP-HOJ',
      qdoj: 'IMP-QD',
      hydro: 'IMP-HY',
      fps: expect.stringMatching(/^P\d+$/),
    });
    await createUser(live.t.db, { username: 'importer', password: 'import-pass-1' });
    api = apiClient(live.url, await signIn(live.url, 'importer', 'import-pass-1'));
  }, 120_000);
  afterAll(() => live?.close());

  it.each([
    ['HOJ zip', 'hoj', AB, AB_WRONG],
    ['QDUOJ zip with a C special judge', 'qdoj', SPLIT, SPLIT_WRONG],
    ['Hydro zip', 'hydro', AB, AB_WRONG],
    ['FPS XML', 'fps', AB, AB_WRONG],
  ])(
    '%s: a right C solution is Accepted, a wrong one is not',
    async (_, format, right, wrong) => {
      const [accepted, rejected] = await Promise.all([
        judge(ids[format]!, right),
        judge(ids[format]!, wrong),
      ]);
      expect(accepted).toMatchObject({ status: JudgeStatus.ACCEPTED });
      expect(rejected.status).not.toBe(JudgeStatus.ACCEPTED);
      expect([JudgeStatus.WRONG_ANSWER, JudgeStatus.PARTIAL_ACCEPTED]).toContain(rejected.status);
    },
    180_000,
  );
});
