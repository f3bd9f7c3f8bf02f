/**
 * bench/judge's verdict load generator (run.ts forks it for the "server CPU per verdict" part): a
 * child process, so that its HTTP client does not share the server's event loop. Each loop plays a
 * judge worker that judges instantly, with the calls a real worker makes for a 5-case A+B (worker.ts):
 * claim, progress (Compiling), progress (Judging), one progress per finished case, result.
 */
import { JUDGE_TOKEN_HEADER, type CaseResult, type JudgeTask } from '@verdict/shared';

export interface VerdictLoad {
  url: string;
  judgeToken: string;
  judgeName: string;
  seconds: number;
  loops: number;
  /** progress reports per verdict as the worker sends them: 'each' case, or 'coalesced' */
  reports: 'each' | 'coalesced';
}

export interface VerdictLoadResult {
  verdicts: number;
  calls: number;
  errors: number;
  firstErrors: string[];
  wall: number;
}

const STATUSES = [0, 0, 0, -1, -1, 1, 3];

async function gateway<T>(load: VerdictLoad, call: string, body: object): Promise<T> {
  const res = await fetch(`${load.url}/api/judge-gateway/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [JUDGE_TOKEN_HEADER]: load.judgeToken },
    body: JSON.stringify({ name: load.judgeName, ...body }),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${call}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

function casesOf(task: Extract<JudgeTask, { kind: 'submission' }>, status: number): CaseResult[] {
  return Array.from({ length: 5 }, (_, i) => ({
    caseId: task.testCases[i]?.caseId ?? 0,
    seq: i + 1,
    status: i === 4 ? status : 0,
    time: 1,
    memory: 1024,
    score: null,
    groupNum: null,
    mode: 'default' as const,
    inputData: `${i + 1}.in`,
    outputData: `${i + 1}.out`,
    userOutput: null,
  }));
}

export async function runVerdicts(load: VerdictLoad): Promise<VerdictLoadResult> {
  const result: VerdictLoadResult = { verdicts: 0, calls: 0, errors: 0, firstErrors: [], wall: 0 };
  const started = performance.now();
  const until = started + load.seconds * 1000;
  const call = async <T>(name: string, body: object) => {
    result.calls++;
    return gateway<T>(load, name, body);
  };
  const loop = async () => {
    while (performance.now() < until) {
      try {
        const task = await call<JudgeTask | null>('claim', {
          languages: ['C++'],
          judgePrograms: [],
          waitMs: 0,
        });
        if (!task || task.kind !== 'submission') throw new Error('no pending submission left');
        const { submitId, attempt } = task;
        const status = STATUSES[Math.floor(Math.random() * STATUSES.length)]!;
        const cases = casesOf(task, status);
        if (load.reports === 'each') {
          await call('progress', { submitId, attempt, status: 6, cases: [] });
          await call('progress', { submitId, attempt, status: 7, cases: [] });
          for (const c of cases) await call('progress', { submitId, attempt, status: 7, cases: [c] });
        } else {
          // a coalescing worker (progress-reports.ts) reports the stage once its compile outlasts
          // REPORT_EVERY_MS; the cases of a quick A+B then ride on the result
          await call('progress', { submitId, attempt, status: 7, cases: [] });
        }
        const { accepted } = await call<{ accepted: boolean }>('result', {
          submitId,
          attempt,
          status,
          time: 1,
          memory: 1024,
          score: null,
          errorMessage: null,
          cases,
        });
        if (!accepted) throw new Error(`result of ${submitId} not accepted`);
        result.verdicts++;
      } catch (error) {
        result.errors++;
        if (result.firstErrors.length < 5) result.firstErrors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: load.loops }, loop));
  result.wall = (performance.now() - started) / 1000;
  return result;
}

// as a child process: one load per message, answered over IPC
if (process.send) {
  process.on('message', (load: VerdictLoad) => {
    runVerdicts(load).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
