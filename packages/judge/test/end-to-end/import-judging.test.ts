import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/src/db/client.ts';
import { language, systemConfig } from '../../../server/src/db/schema/index.ts';
import { buildZip, multipartBody, type RawEntry } from '../../../server/test/admin/zip.ts';
import { buildTestApp, type TestApp } from '../../../server/test/helpers/app.ts';
import { seededRandom } from '../../../server/test/helpers/random.ts';
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
import { problemSnapshot, type ImportData } from '../../../server/test/problem/transfer-support.ts';
import { missingToolchain } from '../regression/harness.ts';
import { apiClient, signIn, startLiveJudge, type LiveJudge } from './live-judge.ts';

/**
 * Issue 29 end to end: one package of each format (HOJ zip, QDUOJ zip, Hydro zip, FPS XML; the
 * server tests' builders) imported over HTTP into one server, then an accepted and a wrong C
 * solution judged on each by one real `verdict-judge worker`. The QDUOJ problem has a C special
 * judge (HOJ's exit codes) that accepts any two positive numbers summing to n, so its accepted
 * answer differs from the stored output: only the special judge, compiled and run, can accept it.
 * Then the round trip: 20 random problems made on a site A (another test app, fresh database)
 * exported through its API, imported into the judged site B, compared field by field and judged.
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
let root: string;

async function importOver(url: string, name: string, body: Buffer): Promise<ImportData> {
  const { payload, contentType } = multipartBody(name, body);
  const res = await fetch(`${live.url}${url}`, {
    method: 'POST',
    headers: { authorization: root, 'content-type': contentType, 'accept-language': 'en-US' },
    body: payload,
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: ImportData };
  expect([envelope.status, envelope.msg, envelope.data.failed]).toEqual([200, 'success', []]);
  return envelope.data;
}

async function submitOnly(as: Api, pid: string, code: string) {
  const { submitId } = await as<{ submitId: number }>('POST', '/api/submit-problem-judge', {
    pid,
    language: 'C',
    code,
    cid: 0,
    isRemote: false,
  });
  return submitId;
}

async function judge(pid: string, code: string, as: Api = api) {
  const submitId = await submitOnly(as, pid, code);
  await finalSubmission(as, submitId);
  const { submission } = await as<{ submission: { status: number; errorMessage: string | null } }>(
    'GET',
    `/api/get-submission-detail?submitId=${submitId}`,
  );
  return submission;
}

describe.skipIf(missing !== null)('imported problems judged by a real worker (issue 29)', () => {
  beforeAll(async () => {
    live = await startLiveJudge({ name: 'import', languages: ['C'], concurrency: 2 });
    root = await live.t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
    await createUser(live.t.db, { username: 'importer', password: 'import-pass-1' });
    api = apiClient(live.url, await signIn(live.url, 'importer', 'import-pass-1'));
  });
  afterAll(() => live?.close());

  describe('one package of each format', () => {
    /** problem id of each format's problem (FPS gives none: the site numbers it) */
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.hoj = (await importOver('/api/file/import-problem', 'hoj.zip', HOJ_ZIP)).imported[0]!.problemId;
      ids.qdoj = (
        await importOver('/api/file/import-qdoj-problem', 'qd.zip', QDOJ_ZIP)
      ).imported[0]!.problemId;
      ids.hydro = (
        await importOver('/api/file/import-hydro-problem', 'hy.zip', HYDRO_ZIP)
      ).imported[0]!.problemId;
      ids.fps = (await importOver('/api/file/import-fps-problem', 'fps.xml', FPS_XML)).imported[0]!.problemId;
      expect(ids).toMatchObject({
        hoj: 'IMP-HOJ',
        qdoj: 'IMP-QD',
        hydro: 'IMP-HY',
        fps: expect.stringMatching(/^P\d+$/),
      });
    });

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

  describe('the round trip', () => {
    const SEED = 29;
    let site: TestApp;
    let siteRoot: string;
    beforeAll(async () => {
      site = await buildTestApp();
      siteRoot = await site.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
      // 40 submissions of one user in a few seconds: no captcha after the site's threshold
      const [row] = await live.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
      await live.t.db
        .update(systemConfig)
        .set({ value: { ...(row!.value as object), submitCaptchaThreshold: 0 } })
        .where(eq(systemConfig.name, 'switch'));
    });
    afterAll(() => site?.close());

    it(`exports 20 random problems and imports them into a fresh database, comparing every field and judging each (seed ${SEED})`, async () => {
      const r = seededRandom(SEED);
      const languages = await languageIds(site.db);
      const made: RandomProblem[] = [];
      for (let i = 1; i <= 20; i++) made.push(await createRandomProblem(site, siteRoot, r, i, languages));
      // the mix the seed gives: both types, typed and uploaded cases, a special judge, file IO
      expect(new Set(made.map((p) => p.type))).toEqual(new Set([0, 1]));
      expect(new Set(made.map((p) => p.uploaded))).toEqual(new Set([true, false]));
      expect(made.some((p) => p.spj)).toBe(true);
      expect(made.some((p) => p.fileIO)).toBe(true);

      const exported = await site.app.inject({
        url: `/api/file/export-problem?${made.map((p) => `pid=${p.pid}`).join('&')}`,
        headers: { authorization: siteRoot, 'accept-language': 'en-US' },
      });
      expect(exported.statusCode).toBe(200);
      const result = await importOver('/api/file/import-problem', 'export.zip', exported.rawPayload);
      expect(result.imported.map((p) => p.problemId).sort()).toEqual(made.map((p) => p.problemId).sort());

      // Tags by name and namespace: their ids are site B's own, and HOJ's format (a list of tag
      // names, reference §11.1) carries no colour, so a tag new to site B has none.
      const withoutTagIds = (s: Awaited<ReturnType<typeof problemSnapshot>>) => ({
        ...s,
        tags: s.tags.map(({ name, oj }) => ({ name, oj })).sort((x, y) => x.name.localeCompare(y.name)),
      });
      for (const p of made) {
        const there = result.imported.find((q) => q.problemId === p.problemId)!;
        const before = withoutTagIds(await problemSnapshot(site.db, p.pid));
        const after = withoutTagIds(await problemSnapshot(live.t.db, there.pid));
        expect(after, p.problemId).toEqual(before);
        expect(before.cases.length, p.problemId).toBeGreaterThan(0);
      }

      // submitted one after another (one user's submissions at once are refused as too fast), judged together
      const rootApi = apiClient(live.url, root);
      const submitted: [string, number, number][] = [];
      for (const p of made) {
        const right = await submitOnly(rootApi, p.problemId, sumSolution(p, '+'));
        const wrong = await submitOnly(rootApi, p.problemId, sumSolution(p, '-'));
        submitted.push([p.problemId, right, wrong]);
      }
      const verdicts = await Promise.all(
        submitted.map(async ([problemId, right, wrong]) => {
          const [a, b] = await Promise.all([
            finalSubmission(rootApi, right),
            finalSubmission(rootApi, wrong),
          ]);
          return [
            problemId,
            a.status,
            b.status === JudgeStatus.WRONG_ANSWER || b.status === JudgeStatus.PARTIAL_ACCEPTED
              ? 'WA or PA'
              : b.status,
          ];
        }),
      );
      expect(verdicts).toEqual(made.map((p) => [p.problemId, JudgeStatus.ACCEPTED, 'WA or PA']));
    }, 400_000);
  });
});

// ----------------------------------------------------------------------------------------------
// The round trip's random problems

interface RandomProblem {
  pid: number;
  problemId: string;
  type: number;
  uploaded: boolean;
  spj: boolean;
  fileIO: boolean;
}

/** A checker in HOJ's protocol: the user's number equal to the answer's (whatever the spacing). */
const SUM_SPJ = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long got, want;
  if (argc < 4 || !out || !ans || fscanf(ans, "%ld", &want) != 1) return 103;
  return fscanf(out, "%ld", &got) == 1 && got == want ? 100 : 102;
}
`;

/** a+b (or the wrong a-b), through the problem's files when it has file IO */
function sumSolution(p: RandomProblem, op: '+' | '-') {
  const io = p.fileIO ? 'freopen("rt.in", "r", stdin); freopen("rt.out", "w", stdout);' : '';
  return `#include <stdio.h>\nint main(void) { long a, b; ${io} scanf("%ld %ld", &a, &b); printf("%ld\\n", a ${op} b); return 0; }\n`;
}

async function languageIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: language.id, name: language.name })
    .from(language)
    .where(eq(language.oj, 'ME'));
  return new Map(rows.map((l) => [l.name, l.id]));
}

const TEXTS = [
  'Add two numbers.',
  '两数之和：$a+b$',
  '**bold** and `code`',
  '<p>html &amp; more</p>',
  'ünïcödé ✓',
];

async function createRandomProblem(
  site: TestApp,
  token: string,
  r: ReturnType<typeof seededRandom>,
  i: number,
  languages: Map<string, number>,
): Promise<RandomProblem> {
  const type = i <= 2 ? i - 1 : r.below(2);
  const caseMode = r.pick(
    type === 0 ? ['default', 'ergodic_without_error'] : ['default', 'subtask_lowest', 'subtask_average'],
  );
  const subtask = caseMode.startsWith('subtask');
  const uploaded = i === 3 ? true : i === 4 ? false : r.chance(0.5);
  const spj = i === 5 || r.chance(0.2);
  const fileIO = i === 6 || r.chance(0.15);
  const cases = Array.from({ length: r.int(1, 4) }, (_, k) => {
    const a = r.int(-1000, 1000);
    const b = r.int(1, 1000);
    return {
      input: `${a} ${b}\n`,
      output: `${a + b}\n`,
      score: type === 1 ? r.int(0, 50) : null,
      groupNum: subtask ? r.int(1, 3) : null,
      name: `${k + 1}`,
      answer: r.chance(0.3) ? 'ans' : 'out',
    };
  });
  let uploadTestcaseDir: string | undefined;
  if (uploaded) {
    const entries: RawEntry[] = cases.flatMap((c) => [
      { name: `${c.name}.in`, content: c.input },
      { name: `${c.name}.${c.answer}`, content: c.output },
    ]);
    const { payload, contentType } = multipartBody('cases.zip', buildZip(entries));
    const res = await site.app.inject({
      method: 'POST',
      url: `/api/file/upload-testcase-zip?mode=${caseMode}`,
      headers: { 'content-type': contentType, authorization: token },
      payload,
    });
    uploadTestcaseDir = (res.json() as { data: { fileListDir: string } }).data.fileListDir;
  }
  const others = ['C++', 'Python3', 'Java', 'C With O2', 'Golang', 'PyPy3'].filter(
    (name) => languages.has(name) && r.chance(0.5),
  );
  const lids = ['C', ...others].map((name) => languages.get(name)!);
  const problemId = `RT-${i}`;
  const extraFile = () =>
    r.chance(0.3)
      ? { [`x${r.below(100)}.h`]: `#define V ${r.below(1000)}\n`, 'data.txt': r.pick(TEXTS) }
      : null;
  const payload = {
    problem: {
      problemId,
      title: `Round trip ${i}: ${r.pick(TEXTS)}`,
      type,
      judgeCaseMode: caseMode,
      timeLimit: r.int(500, 5000),
      memoryLimit: r.int(64, 512),
      stackLimit: r.int(32, 256),
      description: r.pick(TEXTS),
      input: r.pick(TEXTS),
      output: r.pick(TEXTS),
      examples: `<input>${cases[0]!.input}</input><output>${cases[0]!.output}</output>`,
      source: r.chance(0.5) ? r.pick(TEXTS) : null,
      hint: r.chance(0.5) ? r.pick(TEXTS) : null,
      difficulty: r.int(0, 2),
      auth: r.pick([1, 1, 2]),
      codeShare: r.chance(0.5),
      isRemoveEndBlank: r.chance(0.5),
      openCaseResult: r.chance(0.5),
      isFileIO: fileIO,
      ioReadFileName: fileIO ? 'rt.in' : null,
      ioWriteFileName: fileIO ? 'rt.out' : null,
      spjCode: spj ? SUM_SPJ : null,
      spjLanguage: spj ? 'C' : null,
      userExtraFile: extraFile(),
      judgeExtraFile: extraFile(),
    },
    judgeMode: spj ? 'spj' : 'default',
    isUploadTestCase: uploaded,
    uploadTestcaseDir,
    samples: cases.map((c) =>
      uploaded
        ? { input: `${c.name}.in`, output: `${c.name}.${c.answer}`, score: c.score, groupNum: c.groupNum }
        : { input: c.input, output: c.output, score: c.score, groupNum: c.groupNum },
    ),
    languages: lids.map((id) => ({ id })),
    tags: Array.from({ length: r.int(0, 3) }, (_, k) => ({
      name: `RT ${i}.${k} ${r.pick(['图', 'dp', 'math'])}`,
      color: r.chance(0.5) ? `#${r.below(0xffffff).toString(16).padStart(6, '0')}` : null,
    })),
    codeTemplates: lids
      .filter(() => r.chance(0.4))
      .map((lid) => ({ lid, code: `// template ${r.below(1000)}\n`, status: r.chance(0.7) })),
  };
  const res = await site.app.inject({
    method: 'POST',
    url: '/api/admin/problem',
    headers: { authorization: token, 'accept-language': 'en-US' },
    payload,
  });
  const body = res.json() as { status: number; msg: string; data: { pid: number } };
  expect([body.status, body.msg], problemId).toEqual([200, 'success']);
  return { pid: body.data.pid, problemId, type, uploaded, spj, fileIO };
}
