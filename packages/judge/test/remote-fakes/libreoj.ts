import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeSiteServer } from './site-server.ts';

/**
 * A local LibreOJ API for the adapter's tests (reference §10.2, §10.3): JSON in and out under
 * `/api`, a bearer token from `/auth/login`, `/submission/submit` by internal problem id,
 * `/submission/getSubmissionDetail` (meta.status, timeUsed, memoryUsed, progress with the compile
 * message) and `/problem/getProblem` by display id (Markdown sections, samples, judge info, tags).
 * Display id 2 has internal id 102, as renumbered problems do on the real site.
 */
export interface LibreOutcome {
  /** the final meta.status, e.g. Accepted, WrongAnswer, CompilationError */
  verdict: string;
  /** polls answered Pending (Compiling, then Running) before the verdict (default 2) */
  waitingPolls?: number;
  never?: boolean;
  ceText?: string;
}

interface Run {
  id: number;
  user: string;
  problemId: number;
  language: string;
  options: Record<string, string>;
  code: string;
  outcome: LibreOutcome;
  polls: number;
}

export class FakeLibreOj extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  outcome: LibreOutcome = { verdict: 'Accepted' };
  /** `language` values the API refuses (a 400 of its validation) */
  refusedLanguages = new Set<string>();
  readonly runs: Run[] = [];
  /** display id → internal id */
  readonly problems = new Map([
    [1, 1],
    [2, 102],
  ]);
  maxConcurrentPerUser = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly tokens = new Map<string, string>();
  private nextRunId = 1_900_000;

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown): void =>
      void res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json')
      return send(404, { statusCode: 404, message: `Cannot ${req.method} ${req.url}`, error: 'Not Found' });
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));

    switch (req.url) {
      case '/api/auth/login': {
        if (!this.accounts.has(String(body.username))) return send(200, { error: 'NO_SUCH_USER' });
        if (this.accounts.get(String(body.username)) !== body.password)
          return send(200, { error: 'WRONG_PASSWORD' });
        const token = randomBytes(24).toString('base64url');
        this.tokens.set(token, String(body.username));
        return send(200, { token, username: body.username });
      }
      case '/api/submission/submit': {
        if (!user) return send(200, { error: 'PERMISSION_DENIED' });
        const content = body.content as {
          code: string;
          language: string;
          compileAndRunOptions: Record<string, string>;
        };
        if (this.refusedLanguages.has(content.language))
          return send(400, {
            statusCode: 400,
            message: ['content.language must be valid'],
            error: 'Bad Request',
          });
        if (![...this.problems.values()].includes(Number(body.problemId)))
          return send(200, { error: 'NO_SUCH_PROBLEM' });
        const n = (this.inFlight.get(user) ?? 0) + 1;
        this.inFlight.set(user, n);
        this.maxConcurrentPerUser = Math.max(this.maxConcurrentPerUser, n);
        const run: Run = {
          id: this.nextRunId++,
          user,
          problemId: Number(body.problemId),
          language: content.language,
          options: content.compileAndRunOptions,
          code: content.code,
          outcome: { ...this.outcome },
          polls: 0,
        };
        this.runs.push(run);
        return send(200, { submissionId: run.id });
      }
      case '/api/submission/getSubmissionDetail': {
        const run = this.runs.find((r) => String(r.id) === String(body.submissionId));
        if (!run) return send(200, { error: 'NO_SUCH_SUBMISSION' });
        return send(200, this.detail(run));
      }
      case '/api/problem/getProblem': {
        const internal = this.problems.get(Number(body.displayId));
        if (internal === undefined) return send(200, { error: 'NO_SUCH_PROBLEM' });
        return send(200, problemJson(Number(body.displayId), internal));
      }
    }
    send(404, { statusCode: 404, message: `Cannot POST ${req.url}`, error: 'Not Found' });
  }

  private detail(run: Run) {
    run.polls++;
    const { outcome } = run;
    const waiting = outcome.waitingPolls ?? 2;
    const pending = outcome.never || run.polls <= waiting;
    if (!pending && run.polls === waiting + 1)
      this.inFlight.set(run.user, (this.inFlight.get(run.user) ?? 1) - 1);
    const status = pending ? 'Pending' : outcome.verdict;
    const ce = status === 'CompilationError';
    return {
      meta: {
        id: run.id,
        isPublic: true,
        codeLanguage: run.language,
        answerSize: run.code.length,
        score: status === 'Accepted' ? 100 : 0,
        status,
        timeUsed: pending || ce ? null : 31,
        memoryUsed: pending || ce ? null : 2048,
        submitTime: '2026-11-30T01:00:00.000Z',
        problem: { id: run.problemId, type: 'Traditional' },
        submitter: { id: 7, username: run.user },
      },
      content: { code: run.code, language: run.language, compileAndRunOptions: run.options },
      progress: {
        progressType: pending ? (run.polls === 1 ? 'Compiling' : 'Running') : 'Finished',
        status,
        ...(ce
          ? { compile: { success: false, message: outcome.ceText ?? '' } }
          : { compile: { success: true, message: '' } }),
        testcaseResult: {},
      },
    };
  }
}

/** `/problem/getProblem` as LibreOJ answers it (reference §10.3): Markdown sections in Chinese. */
export function problemJson(displayId: number, id: number) {
  return {
    meta: {
      id,
      displayId,
      type: 'Traditional',
      isPublic: true,
      acceptedSubmissionCount: 10,
      submissionCount: 20,
    },
    localizedContentsOfLocale: {
      locale: 'zh_CN',
      title: 'A + B Problem',
      contentSections: [
        {
          sectionTitle: '题目描述',
          type: 'Text',
          text: '**原题：[PDF](https://loj.ac/gone.pdf)**\n输入两个整数 $a, b$，输出它们的和。',
        },
        { sectionTitle: '输入格式', type: 'Text', text: '一行两个整数 $a, b$。' },
        { sectionTitle: '输出格式', type: 'Text', text: '一个整数。' },
        { sectionTitle: '样例', type: 'Sample', sampleId: 0, text: '' },
        { sectionTitle: '数据范围与提示', type: 'Text', text: '$|a|, |b| \\leq 10^9$' },
      ],
    },
    samples: [
      { inputData: '1 2', outputData: '3' },
      { inputData: '-1 1', outputData: '0' },
    ],
    judgeInfo: { timeLimit: 1000, memoryLimit: 256, runSamples: true },
    tagsOfLocale: [
      { id: 1, color: 'blue', name: '模拟' },
      { id: 2, color: 'green', name: '入门' },
    ],
    statistics: { accepted: 10, submissions: 20 },
  };
}
