import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem } from '../../../server/src/db/schema/index.ts';
import type { Api } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { missingToolchain } from '../regression/harness.ts';
import { apiClient, poll, signIn, startLiveJudge, type LiveJudge } from './live-judge.ts';

/**
 * spec part 1 §4 Online Test end to end: `POST /api/submit-problem-test-judge`, then
 * `GET /api/get-test-judge-result` polled, with a real `verdict-judge worker` process running the
 * program in the real sandbox (reference §8.12).
 */
const missing = missingToolchain('C');

/** Sums the numbers of its input, says on stderr how many it read, and holds 40 MiB while doing so. */
const SUM_WITH_MEMORY = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  size_t size = 40u << 20;
  char *block = malloc(size);
  if (!block) return 3;
  memset(block, 1, size);
  long long n, x, sum = 0, count = 0;
  if (scanf("%lld", &n) != 1) return 1;
  while (count < n && scanf("%lld", &x) == 1) { sum += x; count++; }
  fprintf(stderr, "read %lld numbers\\n", count);
  printf("%lld\\n", sum + block[size - 1] - 1);
  free(block);
  return 0;
}`;

const DOES_NOT_COMPILE = `#include <stdio.h>
int main(void) {
  printf("%d\\n", undeclared_total_of_everything);
  return 0;
}`;

interface TestResult {
  status: number;
  time?: number;
  memory?: number;
  userInput?: string;
  userOutput?: string | null;
  expectedOutput?: string | null;
  stderr?: string | null;
  problemJudgeMode?: string;
}

let live: LiveJudge;
let api: Api;
let pid: number;

async function testRun(code: string, userInput: string, expectedOutput?: string): Promise<TestResult> {
  const key = await api<string>('POST', '/api/submit-problem-test-judge', {
    pid,
    type: 'public',
    language: 'C',
    code,
    userInput,
    expectedOutput,
  });
  expect(key).toMatch(/^TEST_JUDGE_/);
  return poll(`test run ${key}`, async () => {
    const result = await api<TestResult>('GET', `/api/get-test-judge-result?testJudgeKey=${key}`);
    return result.status === JudgeStatus.PENDING ? undefined : result;
  });
}

describe.skipIf(missing !== null)(
  'spec part 1 §4 Online Test through a real worker (reference §8.12)',
  () => {
    beforeAll(async () => {
      live = await startLiveJudge({ name: 'online-test', languages: ['C'] });
      await createUser(live.t.db, { username: 'tester', password: 'tester-pass-1' });
      api = apiClient(live.url, await signIn(live.url, 'tester', 'tester-pass-1'));
      const [sample] = await live.t.db
        .select({ id: problem.id })
        .from(problem)
        .where(eq(problem.problemId, 'P1000'));
      pid = sample!.id;
    });
    afterAll(() => live?.close());

    it('runs the program on the custom input and returns its output, stderr, time and memory', async () => {
      const result = await testRun(SUM_WITH_MEMORY, '4\n10 20 30 -18', '42');
      expect(result).toMatchObject({
        status: JudgeStatus.ACCEPTED,
        userInput: '4\n10 20 30 -18',
        userOutput: '42\n',
        expectedOutput: '42',
        stderr: 'read 4 numbers',
        problemJudgeMode: 'default',
      });
      expect(result.time).toBeGreaterThanOrEqual(0);
      // The program touched 40 MiB: the memory shown is the measured peak, in KB.
      expect(result.memory).toBeGreaterThanOrEqual(40 * 1024);
      expect(result.memory).toBeLessThan(256 * 1024);
    }, 180_000);

    it('says Wrong Answer when the output differs from the expected one, and Accepted without one', async () => {
      const [wrong, free] = await Promise.all([
        testRun(SUM_WITH_MEMORY, '2\n1 1', '3'),
        testRun(SUM_WITH_MEMORY, '3\n1 2 3'),
      ]);
      expect(wrong).toMatchObject({
        status: JudgeStatus.WRONG_ANSWER,
        userOutput: '2\n',
        expectedOutput: '3',
      });
      expect(free).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '6\n', expectedOutput: null });
    }, 180_000);

    it("a compile failure returns Compile Error with the compiler's message", async () => {
      const result = await testRun(DOES_NOT_COMPILE, '1 2');
      expect(result.status).toBe(JudgeStatus.COMPILE_ERROR);
      expect(result.stderr).toContain('undeclared_total_of_everything');
      expect(result.stderr).toMatch(/error/);
    }, 180_000);
  },
);
