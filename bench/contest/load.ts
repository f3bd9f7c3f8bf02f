/**
 * The contest benchmark's load generator (run.ts forks it): a child process, so that its HTTP
 * client, JSON parsing and timers do not compete with the server for the server's one event loop.
 * It talks to the server over loopback HTTP (keep-alive) and answers each phase's figures to the
 * parent over IPC. See run.ts for what is measured.
 *
 * With several server processes (run.ts --servers N) it is also the balancer, on the client side:
 * each board read goes to the next server in turn (round-robin per request), and so does each
 * verdict (its claim and its result to the same server). A verdict is looked for on the board of
 * another server than the one that stored it (cross-server freshness; exactly: the server after the
 * one that stored the user's latest waiting verdict).
 */
import { JUDGE_TOKEN_HEADER, type ContestRankRow, type JudgeTask } from '@verdict/shared';

/** What the parent sends once: where the server is and what the contest holds. */
export interface LoadSetup {
  /** the servers' base URLs */
  urls: string[];
  cid: number;
  judgeToken: string;
  judgeName: string;
  /** session tokens of some participants, for the in-contest board */
  tokens: string[];
  /** participant uids, for followed users */
  uids: string[];
  /** submit id → uid of every Pending submission */
  owner: [number, string][];
  /** uid → judged submissions now */
  judged: [string, number][];
  pages: number;
}

/** One phase: reads and verdicts at these rates for this long (a rate of 0 sends none). */
export interface LoadPhase {
  seconds: number;
  readRate: number;
  verdictRate: number;
  /** probe the board for each verdict until it shows (verdict-to-board latency) */
  probe: boolean;
  /** use the first this many of the setup's servers (all when absent) */
  servers?: number;
}

export interface PhaseResult {
  wall: number;
  readLatency: number[];
  verdictLatency: number[];
  readErrors: number;
  verdictErrors: number;
  verdicts: number;
  probes: number;
  offeredReads: number;
  offeredVerdicts: number;
  firstErrors: string[];
  /** the load generator's own CPU during the phase (ms) */
  generatorCpuMs: number;
}

type Message = { setup: LoadSetup } | { phase: LoadPhase };

const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));
const random = (n: number) => Math.floor(Math.random() * n);
const STATUSES = [0, 0, 0, -1, -1, 1, 3, -2];

let setup: LoadSetup;
let judgedOf: Map<string, number>;
let owner: Map<number, string>;

async function post<T>(
  base: string,
  route: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (res.status !== 200 || envelope.status !== 200)
    throw new Error(`${route}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

const gateway = <T>(base: string, call: string, body: object) =>
  post<T>(
    base,
    `/api/judge-gateway/${call}`,
    { name: setup.judgeName, ...body },
    { [JUDGE_TOKEN_HEADER]: setup.judgeToken },
  );

/** A board read as people make them: 50 rows of any page, some with followed users or a keyword. */
function readBody() {
  const body: Record<string, unknown> = { cid: setup.cid, limit: 50, currentPage: 1 + random(setup.pages) };
  const roll = Math.random();
  if (roll < 0.1)
    body.concernedList = Array.from({ length: 5 }, () => setup.uids[random(setup.uids.length)]!);
  else if (roll < 0.15) body.keyword = `school ${random(200)}`;
  return body;
}

async function runPhase(phase: LoadPhase): Promise<PhaseResult> {
  const result: PhaseResult = {
    wall: 0,
    readLatency: [],
    verdictLatency: [],
    readErrors: 0,
    verdictErrors: 0,
    verdicts: 0,
    probes: 0,
    offeredReads: 0,
    offeredVerdicts: 0,
    firstErrors: [],
    generatorCpuMs: 0,
  };
  const cpuBefore = process.cpuUsage();
  const fail = (error: unknown) => {
    if (result.firstErrors.length < 5) result.firstErrors.push(String(error));
  };
  const bases = setup.urls.slice(0, phase.servers ?? setup.urls.length);
  // round-robin per request: the client-side balancer
  let nextReadServer = 0;
  let nextVerdictServer = 0;
  /**
   * verdicts stored and not yet seen on the board: uid → the total that shows them, when they were
   * stored, and the server that stored the latest (the probe reads another one's board)
   */
  const waiting = new Map<string, { expected: number; stored: number[]; server: number }>();
  const probeServer = (stored: number) => (bases.length > 1 ? (stored + 1) % bases.length : 0);
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const oneRead = async (due: number) => {
    try {
      const base = bases[nextReadServer++ % bases.length]!;
      await post(base, '/api/get-contest-rank', readBody(), {
        authorization: setup.tokens[random(setup.tokens.length)]!,
      });
      result.readLatency.push(performance.now() - due);
    } catch (error) {
      result.readErrors++;
      fail(error);
    }
  };
  const oneVerdict = async () => {
    const server = nextVerdictServer++ % bases.length;
    const base = bases[server]!;
    try {
      const task = await gateway<JudgeTask | null>(base, 'claim', {
        languages: ['C++'],
        judgePrograms: [],
        waitMs: 0,
      });
      if (!task || task.kind !== 'submission') throw new Error('no pending submission left');
      const uid = owner.get(task.submitId)!;
      await gateway(base, 'result', {
        submitId: task.submitId,
        attempt: task.attempt,
        status: STATUSES[random(STATUSES.length)],
        time: 10,
        memory: 1024,
        score: null,
        errorMessage: null,
        cases: [],
      });
      const stored = performance.now();
      result.verdicts++;
      const expected = (judgedOf.get(uid) ?? 0) + 1;
      judgedOf.set(uid, expected);
      if (phase.probe) {
        const w = waiting.get(uid);
        if (w) {
          w.expected = expected;
          w.stored.push(stored);
          w.server = server;
        } else waiting.set(uid, { expected, stored: [stored], server });
      }
    } catch (error) {
      result.verdictErrors++;
      fail(error);
    }
  };

  // one probe loop: every 20 ms, one read of the outside board of each server that has verdicts to
  // look for, with every user waiting for it followed (their rows come first), so probing costs each
  // server at most 50 reads a second
  let probing = phase.probe;
  const probeOne = async (server: number, uids: string[]) => {
    try {
      result.probes++;
      const page = await post<{ records: ContestRankRow[] }>(
        bases[server]!,
        '/api/get-contest-outside-scoreboard',
        { cid: setup.cid, limit: uids.length, concernedList: uids },
      );
      const seenAt = performance.now();
      for (const row of page.records.slice(0, uids.length)) {
        const w = waiting.get(row.uid);
        if (!w || probeServer(w.server) !== server || !('total' in row) || row.total < w.expected) continue;
        for (const stored of w.stored) result.verdictLatency.push(seenAt - stored);
        waiting.delete(row.uid);
      }
    } catch (error) {
      fail(error);
    }
  };
  const probeLoop = async () => {
    while (probing || waiting.size > 0) {
      if (waiting.size > 0) {
        const byServer = new Map<number, string[]>();
        for (const [uid, w] of waiting) {
          const server = probeServer(w.server);
          const uids = byServer.get(server) ?? [];
          if (uids.length < 300) uids.push(uid);
          byServer.set(server, uids);
        }
        await Promise.all([...byServer].map(([server, uids]) => probeOne(server, uids)));
        for (const [uid, w] of waiting)
          if (performance.now() - w.stored[0]! > 30_000) {
            result.verdictErrors += w.stored.length;
            fail(`verdict of ${uid} never showed`);
            waiting.delete(uid);
          }
      }
      await sleep(20);
    }
  };
  const probed = probeLoop();

  const t0 = performance.now();
  const until = t0 + phase.seconds * 1000;
  let nextRead = t0;
  let nextVerdict = t0;
  while (performance.now() < until) {
    const now = performance.now();
    while (phase.readRate > 0 && nextRead <= now && nextRead < until) {
      result.offeredReads++;
      track(oneRead(nextRead));
      nextRead += 1000 / phase.readRate;
    }
    while (phase.verdictRate > 0 && nextVerdict <= now && nextVerdict < until) {
      result.offeredVerdicts++;
      track(oneVerdict());
      nextVerdict += 1000 / phase.verdictRate;
    }
    await sleep(2);
  }
  while (inFlight.size > 0) await Promise.all(inFlight);
  probing = false;
  await probed;
  result.wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  result.generatorCpuMs = (cpu.user + cpu.system) / 1000;
  return result;
}

process.on('message', (message: Message) => {
  if ('setup' in message) {
    setup = message.setup;
    judgedOf = new Map(setup.judged);
    owner = new Map(setup.owner);
    process.send!({ ready: true });
    return;
  }
  runPhase(message.phase).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
