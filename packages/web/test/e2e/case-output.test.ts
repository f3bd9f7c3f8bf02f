import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { language, problem, problemCase, problemLanguage } from '../../../server/src/db/schema/index.ts';
import { apiClient, finalSubmission, signIn } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { startJudgeWorker, type TestJudgeWorker } from './judge-worker.ts';
import { setSwitches } from './problem-support.ts';
import {
  ADMIN_LAYOUTS,
  expectNoSidewaysScroll,
  openPage,
  openSignedInPage,
  saveScreenshot,
  useServerAndBrowser,
} from './support.ts';

/**
 * issue 24 item 6 in the browser, with a real judge: a program that prints the hidden input back
 * (Wrong Answer) and one that writes it to stderr and fails (Runtime Error). Logged out, the case
 * table of the details page shows the verdicts and the judge's words but not what the programs
 * wrote; their author sees it. At 1280 and 768 px in both languages.
 */
const HIDDEN_INPUT = '55 687995182';
const ECHO = `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cout << a << " " << b << std::endl; return 0; }
`;
const LEAK_TO_STDERR = `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cerr << "input " << a << " " << b << std::endl; return 1; }
`;
const EXIT_LINE = 'The program return exit status code: 1';

let worker: TestJudgeWorker | undefined;
const ids = { wrongAnswer: 0, runtimeError: 0 };

const env = useServerAndBrowser(async (server) => {
  await setSwitches(server.db, { defaultSubmitInterval: 0 });
  await createUser(server.db, { username: 'solver', password: 'solver-pass1' });
  const [made] = await server.db
    .insert(problem)
    .values({ problemId: 'LEAK', title: 'Hidden data', author: 'root', isUploadCase: false })
    .returning({ id: problem.id });
  await server.db.insert(problemCase).values([
    { pid: made!.id, input: `${HIDDEN_INPUT}\n`, output: '687995237\n' },
    { pid: made!.id, input: '1 2\n', output: '3\n' },
  ]);
  const [cpp] = await server.db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
  await server.db.insert(problemLanguage).values({ pid: made!.id, lid: cpp!.id });
});
afterAll(() => worker?.stop());

beforeAll(async () => {
  worker = await startJudgeWorker(env.server.url, 'case-output', ['C++']);
  const api = apiClient(env.server.url, await signIn(env.server.url, 'solver', 'solver-pass1'));
  const submit = async (code: string) => {
    const { submitId } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      pid: 'LEAK',
      language: 'C++',
      code,
      cid: 0,
      isRemote: false,
    });
    return submitId;
  };
  ids.wrongAnswer = await submit(ECHO);
  ids.runtimeError = await submit(LEAK_TO_STDERR);
  expect((await finalSubmission(api, ids.wrongAnswer)).status).toBe(JudgeStatus.WRONG_ANSWER);
  expect((await finalSubmission(api, ids.runtimeError)).status).toBe(JudgeStatus.RUNTIME_ERROR);
}, 300_000);

const tagOf = (layout: (typeof ADMIN_LAYOUTS)[number]) =>
  `${layout.lang === 'en-US' ? 'en' : 'zh'}-${layout.width}`;

/** The text of each row of the details page's case table. */
async function caseRows(page: Page, submitId: number, lang: string): Promise<string[]> {
  await page.goto(`${env.server.url}/submission-detail/${submitId}?l=${lang}`);
  const rows = page.locator('.case-table .ant-table-row');
  await rows.first().waitFor();
  await expect.poll(() => rows.count()).toBe(2);
  return rows.allInnerTexts();
}

const timeout = 300_000;

describe('issue 24 item 6: the case table and what a program wrote', () => {
  it('logged out: the verdicts and the judge’s words, not the program’s output', { timeout }, async () => {
    for (const layout of ADMIN_LAYOUTS) {
      const { context, page } = await openPage(env.browser, layout.width);
      const wrong = await caseRows(page, ids.wrongAnswer, layout.lang);
      expect(wrong.join('\n')).not.toContain('687995182');
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `case-output-anonymous-wa-${tagOf(layout)}`, { fullPage: true });
      const failed = await caseRows(page, ids.runtimeError, layout.lang);
      expect(failed.join('\n')).toContain(EXIT_LINE);
      expect(failed.join('\n')).not.toContain('687995182');
      await context.close();
    }
  });

  it('its author sees what the program wrote', { timeout }, async () => {
    for (const layout of ADMIN_LAYOUTS) {
      const solver = { username: 'solver', password: 'solver-pass1' };
      const { context, page } = await openSignedInPage(env, solver, layout.width);
      const wrong = await caseRows(page, ids.wrongAnswer, layout.lang);
      expect(wrong[0]).toContain(HIDDEN_INPUT);
      const failed = await caseRows(page, ids.runtimeError, layout.lang);
      expect(failed[0]).toContain(`input ${HIDDEN_INPUT}`);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `case-output-author-re-${tagOf(layout)}`, { fullPage: true });
      await context.close();
    }
  });
});
