import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRefused, type SiteSession } from '../../src/remote/site.ts';
import { LIBRE_VERDICTS, LIBREOJ_TIMING, libreoj, parseLibreId } from '../../src/remote/sites/libreoj.ts';
import { FakeLibreOj } from '../remote-fakes/libreoj.ts';

LIBREOJ_TIMING.retryMs = 10;
let loj: FakeLibreOj;
const CODE = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}';

const open = (username = 'loj-club', password = 'pw-loj'): SiteSession =>
  libreoj.open(new HttpSession(loj.url), { username, password });

async function judged(outcome: FakeLibreOj['outcome']) {
  loj.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('1', 'C++ 17 O2(G++)', CODE);
  const seen: number[] = [];
  for (;;) {
    const poll = await s.poll('1', runId);
    seen.push(poll.status);
    if (poll.final) return { poll, seen };
  }
}

beforeAll(async () => {
  loj = await new FakeLibreOj().start();
  loj.accounts.set('loj-club', 'pw-loj');
});
afterAll(() => loj.close());

describe('LibreOJ adapter against a local LibreOJ API (reference §10.2)', () => {
  it('logs in for a bearer token and submits JSON with the language and its options', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('1', 'C++ 17 O2(G++)', CODE);
    const run = loj.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    expect(run).toMatchObject({
      user: 'loj-club',
      problemId: 1,
      language: 'cpp',
      options: { compiler: 'g++', std: 'c++17', O: '2', m: '64' },
      code: CODE,
    });
  });

  it('submits by the internal id: the stored one, or the one the API gives for the display id', async () => {
    const s = open();
    await s.login();
    await s.submit('2(102)', 'Python 3.9', 'print(1)');
    expect(loj.runs.at(-1)).toMatchObject({
      problemId: 102,
      language: 'python',
      options: { version: '3.9' },
    });
    await s.submit('2', 'C# 7.3', 'class P {}');
    expect(loj.runs.at(-1)).toMatchObject({
      problemId: 102,
      language: 'csharp',
      options: { version: '7.3' },
    });
  });

  it('says why when the login is refused', async () => {
    await expect(open('loj-club', 'wrong').login()).rejects.toThrow(
      '[LibreOJ] Failed to login! The site answered WRONG_PASSWORD',
    );
  });

  it('refuses an unknown language, one the API refuses, a problem it does not have', async () => {
    const s = open();
    await s.login();
    await expect(s.submit('1', 'Brainfuck', CODE)).rejects.toThrow('[LibreOJ] Unknown language');
    loj.refusedLanguages.add('cpp');
    try {
      await expect(s.submit('1', 'C++ 11 (G++)', CODE)).rejects.toThrow(
        '[LibreOJ] Failed to submit! Bad Request',
      );
    } finally {
      loj.refusedLanguages.clear();
    }
    await expect(s.submit('9(999)', 'C++ 11 (G++)', CODE)).rejects.toThrow(
      'Failed to submit! NO_SUCH_PROBLEM',
    );
    await expect(s.submit('9', 'C++ 11 (G++)', CODE)).rejects.toThrow('[LibreOJ] No such problem: 9');
    await expect(s.submit('abc', 'C++ 11 (G++)', CODE)).rejects.toThrow(RemoteRefused);
  });

  it.each(Object.entries(LIBRE_VERDICTS).filter(([v]) => !['Pending', 'CompilationError'].includes(v)))(
    'maps the final status %s to %i with time and memory',
    async (verdict, status) => {
      const { poll, seen } = await judged({ verdict, waitingPolls: 2 });
      expect(poll).toMatchObject({ status, final: true, time: 31, memory: 2048 });
      // Pending while compiling, then running
      expect(seen.slice(0, 2)).toEqual([JudgeStatus.COMPILING, JudgeStatus.JUDGING]);
    },
  );

  it('gives the compile message without its terminal colours', async () => {
    const { poll } = await judged({
      verdict: 'CompilationError',
      ceText: "\u001b[01m\u001b[Kmain.cpp:1:1:\u001b[m\u001b[K error: 'x' was not declared",
    });
    expect(poll).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      final: true,
      errorMessage: "main.cpp:1:1: error: 'x' was not declared",
    });
  });

  it('parses display and internal ids', () => {
    expect(parseLibreId('1')).toEqual({ displayId: 1 });
    expect(parseLibreId('2(102)')).toEqual({ displayId: 2, internalId: 102 });
  });
});
