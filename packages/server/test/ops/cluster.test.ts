import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { JudgeStatus, UNFINISHED_STATUSES, type AcmRankRow, type ACMRankVO } from '@verdict/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer } from '../helpers/db.ts';
import { freePort, startVerdict, type VerdictProcess } from '../helpers/verdict-process.ts';

/**
 * Issue 28 "Many machines", end to end: one PostgreSQL, two server processes on one shared DATA_DIR
 * (EMBEDDED_JUDGE=false, the same JUDGE_TOKEN and JWT_TOKEN_SECRET), and two real `verdict-judge
 * worker` processes: worker 1 on the host talks to server 1 over loopback; worker 2 runs in a network
 * namespace of its own whose only way out is a veth pair, and talks to server 2, which listens on the
 * host end of that pair only, so it truly reaches its server over a network link.
 *
 * 500 submissions (20 users, accepted and wrong answers, in a running ACM contest and outside it) go
 * through both servers alternately. After 200, server 2 and worker 1 are killed with SIGKILL: worker 1
 * holds a lease at that moment, worker 2 loses its server mid-judging. Server 2 is started again at
 * once on the same address (systemd's `Restart=on-failure` in deploy/systemd, which waits 5 s more),
 * so worker 2 finds it again; until it listens, the submissions meant for it are refused a connection
 * and go to server 1 (a client, or nginx's `proxy_next_upstream error`, trying the next server; only a
 * refused connection is retried, as a request that reached a server may have been stored). Worker 1
 * stays dead: the rest is judged by worker 2 alone.
 *
 * Then every submission is checked in the database, and the contest scoreboard and the ACM rank list
 * read through server 1 and through the new server 2 must be equal, and equal to what was sent.
 *
 * Figures printed: wall time, verdicts per second, time from the kill to the last verdict, and how
 * long the killed worker's leased submission waited to be claimed again (JUDGE_LEASE_MS is 4 s here
 * instead of 30 s, so that the wait is short; the workers keep their lease alive every lease / 3).
 * Once its lease has run out, that submission is claimable again, but it waits its turn in the queue
 * like any other: an ordinary one behind every contest one (JUDGE_PRIORITY), and no worker claims
 * anything until server 2 is back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const judgeCli = path.resolve(import.meta.dirname, '../../../judge/bin/verdict-judge.js');

const SUBMISSIONS = 500;
const KILL_AFTER = 200;
const USERS = 20;
/** submissions sent at once */
const LANES = 4;
/**
 * Unfinished submissions allowed before the next is sent: submitting runs about as fast as judging,
 * so that the kill comes mid-way through the judging too, not into a queue of 200 waiting ones.
 */
const MAX_BACKLOG = 24;
const LEASE_MS = 4_000;
const ROOT_PASSWORD = 'cluster-root-1';
const USER_PASSWORD = 'cluster-pass-1';
const JUDGE_TOKEN = randomBytes(24).toString('hex');
const JWT_TOKEN_SECRET = randomBytes(32).toString('hex');
const WORKER_NAMES = ['cluster-w1', 'cluster-w2'] as const;

/**
 * C A+B: the workers' compile cache (shared by the host's workers) compiles each of the two sources
 * once, and a run costs a few ms. Python 3 (HOJ's "Python3") was measured too: 9.2 verdicts per
 * second with two workers and 6.2 with one, against C's 12.3 and 7.2 (3 cases, this 2-core machine,
 * both under other tests' load).
 */
const LANGUAGE = 'C';
const CODE = {
  right:
    '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n',
  wrong:
    '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); return 0; }\n',
};
const CASES = [
  { input: '1 2\n', output: '3\n' },
  { input: '100 -7\n', output: '93\n' },
  { input: '2000000000 2000000000\n', output: '4000000000\n' },
];

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** One call of the public API; a non-200 envelope throws with its message. */
async function call<T>(
  base: string,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      'content-type': 'application/json',
      'accept-language': 'en-US',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.status !== 200) throw new Error(`${method} ${route}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

async function logIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const envelope = (await res.json()) as Envelope<unknown>;
  const token = res.headers.get('authorization');
  if (envelope.status !== 200 || !token) throw new Error(`login of ${username}: ${envelope.msg}`);
  return token;
}

/** A connection the server refused: nothing reached it, so the call may go to another server. */
function refused(error: unknown): boolean {
  return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
}

/** What the worker's VERDICT_JUDGE_TRACE line says of one reported result (judge's SubmissionTrace). */
interface Trace {
  submitId: number;
  claimed: number;
  reported: number;
  status: number;
}

interface Worker {
  name: string;
  traces: Trace[];
  /** "submission N attempt A: result was stale" */
  stale: number[];
  ready: Promise<void>;
  output(): string;
  kill(): Promise<void>;
}

/** A real `verdict-judge worker`, inside network namespace `netns` when given. */
function startWorker(name: string, server: string, env: Record<string, string>, netns?: string): Worker {
  const argv = [judgeCli, 'worker', '--server', server, '--name', name, '--concurrency', '1'];
  const [command, args] = netns
    ? // nsenter changes only the network namespace; `ip netns exec` would also remount /sys,
      // taking the cgroup mounts the sandbox needs away
      ['nsenter', [`--net=/run/netns/${netns}`, '--', process.execPath, ...argv]]
    : [process.execPath, argv];
  const child: ChildProcess = spawn(command, args as string[], {
    env: { ...process.env, VERDICT_JUDGE_TOKEN: JUDGE_TOKEN, VERDICT_JUDGE_TRACE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const traces: Trace[] = [];
  const stale: number[] = [];
  let output = '';
  let buffer = '';
  let ready!: () => void;
  let failed!: (error: Error) => void;
  const readyPromise = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (line.startsWith('[trace] ')) {
        traces.push(JSON.parse(line.slice(8)) as Trace);
        continue;
      }
      output += `${line}\n`;
      if (line.includes('languages with')) ready();
      const staleReport = /submission (\d+) attempt \d+: result was stale/.exec(line);
      if (staleReport) stale.push(Number(staleReport[1]));
    }
  });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failed(new Error(`worker ${name} ended (${code ?? signal}) before it was ready:\n${output}`));
      resolve();
    }),
  );
  return {
    name,
    traces,
    stale,
    ready: readyPromise,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A /30 of 10.200.0.0/16 for the veth pair: the host end .1 (mod 4), the namespace's end .2. */
function vethAddresses() {
  const block = randomBytes(2).readUInt16BE() % 16384;
  const third = Math.floor(block / 64);
  const fourth = (block % 64) * 4;
  return { host: `10.200.${third}.${fourth + 1}`, inside: `10.200.${third}.${fourth + 2}` };
}

// Only a real PostgreSQL server can be shared by several server processes.
describe.skipIf(!serverUrl)(
  `a cluster: two servers, two workers (one across a veth), 500 submissions, a server and a worker killed${
    serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL, a PostgreSQL server)'
  }`,
  () => {
    const id = randomBytes(4).toString('hex');
    const database = `verdict_cluster_${id}`;
    const netns = `vcl-${id}`;
    const vethHost = `vclh${id}`;
    const vethInside = `vcln${id}`;
    const addresses = vethAddresses();
    let url: string;
    let work: string;
    let dataDir: string;
    let sql: pg.Pool | undefined;
    const servers: (VerdictProcess | undefined)[] = [];
    const workers: Worker[] = [];
    let netnsMade = false;
    let vethMade = false;

    const ip = (...args: string[]) => run('ip', args);

    beforeAll(async () => {
      // A refusal here fails the test with its error: this machine is meant to allow namespaces.
      await ip('netns', 'add', netns);
      netnsMade = true;
      await ip('link', 'add', vethHost, 'type', 'veth', 'peer', 'name', vethInside);
      vethMade = true;
      await ip('link', 'set', vethInside, 'netns', netns);
      await ip('addr', 'add', `${addresses.host}/30`, 'dev', vethHost);
      await ip('link', 'set', vethHost, 'up');
      await ip('-n', netns, 'addr', 'add', `${addresses.inside}/30`, 'dev', vethInside);
      await ip('-n', netns, 'link', 'set', vethInside, 'up');
      await ip('-n', netns, 'link', 'set', 'lo', 'up');

      await onServer(serverUrl!, `create database "${database}"`);
      const u = new URL(serverUrl!);
      u.pathname = `/${database}`;
      url = u.toString();
      work = await mkdtemp(path.join(tmpdir(), 'verdict-cluster-'));
      dataDir = path.join(work, 'data');
    });

    afterAll(async () => {
      const steps: [string, () => Promise<unknown>][] = [
        ['workers', () => Promise.all(workers.map((w) => w.kill()))],
        ['servers', () => Promise.all(servers.map((s) => s?.kill()))],
        ['sql', async () => sql?.end()],
        ['veth', async () => vethMade && ip('link', 'del', vethHost)],
        ['netns', async () => netnsMade && ip('netns', 'del', netns)],
        ['database', () => onServer(serverUrl!, `drop database if exists "${database}" with (force)`)],
        ['files', async () => work && rm(work, { recursive: true, force: true })],
      ];
      const failures: string[] = [];
      for (const [what, step] of steps) {
        try {
          await step();
        } catch (error) {
          // the veth's namespace end goes with the namespace, and deleting either end deletes both
          if (what !== 'veth') failures.push(`${what}: ${(error as Error).message}`);
        }
      }
      if (failures.length) throw new Error(`clean-up failed:\n${failures.join('\n')}`);
    });

    it(
      'judges every submission exactly once and both servers show the same boards',
      { timeout: 400_000 },
      async () => {
        const started = performance.now();
        const since = (t: number) => `${((t - started) / 1000).toFixed(1)} s`;
        const ports = [await freePort(), await freePort()];
        const hosts = ['127.0.0.1', addresses.host];
        const bases = hosts.map((h, i) => `http://${h}:${ports[i]}`);
        const serverEnv = (i: number) => ({
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          HOST: hosts[i]!,
          PORT: String(ports[i]),
          EMBEDDED_JUDGE: 'false',
          JUDGE_TOKEN,
          JWT_TOKEN_SECRET,
          JUDGE_LEASE_MS: String(LEASE_MS),
          VERDICT_ROOT_PASSWORD: ROOT_PASSWORD,
        });
        // both at once on the empty database: migrations and the seed take turns under their lock
        const [first, second] = await Promise.all([startVerdict(serverEnv(0)), startVerdict(serverEnv(1))]);
        servers.push(first, second);
        const serversUp = performance.now();

        // the site, made through server 1 as root: no submit interval or captcha, users, problem, contest
        const root = await logIn(bases[0]!, 'root', ROOT_PASSWORD);
        await call(bases[0]!, root, 'PUT', '/api/admin/switch/update', {
          defaultSubmitInterval: 0,
          submitCaptchaThreshold: 0,
        });
        const usernames = Array.from({ length: USERS }, (_, i) => `racer${String(i).padStart(2, '0')}`);
        await call(bases[0]!, root, 'POST', '/api/admin/user/insert-batch-user', {
          users: usernames.map((name) => [name, USER_PASSWORD]),
        });
        const languages = await call<{ id: number; name: string }[]>(
          bases[0]!,
          undefined,
          'GET',
          '/api/languages',
        );
        const languageId = languages.find((l) => l.name === LANGUAGE)!.id;
        const createProblem = (problemId: string) =>
          call<{ pid: number }>(bases[0]!, root, 'POST', '/api/admin/problem', {
            problem: {
              problemId,
              title: 'A+B on many machines',
              type: 0,
              timeLimit: 2000,
              memoryLimit: 256,
              stackLimit: 128,
              description: 'Add them.',
              input: 'a b',
              output: 'a+b',
              examples: '<input>1 2</input><output>3</output>',
              difficulty: 1,
              auth: 1,
              codeShare: true,
              isRemoveEndBlank: true,
              openCaseResult: true,
              isFileIO: false,
              judgeCaseMode: 'default',
            },
            samples: CASES.map((c) => ({ ...c, score: null, groupNum: null })),
            isUploadTestCase: false,
            judgeMode: 'default',
            languages: [{ id: languageId }],
            tags: [],
            codeTemplates: [],
          });
        // the contest's problem (contest-only once added) and a public one for submissions outside it
        const { pid } = await createProblem('CLUSTER-A');
        await createProblem('CLUSTER-P');
        const now = Date.now();
        const { cid } = await call<{ cid: number }>(bases[0]!, root, 'POST', '/api/admin/contest', {
          title: 'Cluster Round',
          description: 'Two servers, two judges.',
          type: 0,
          auth: 0,
          pwd: null,
          startTime: new Date(now - 60_000).toISOString(),
          endTime: new Date(now + 3 * 3_600_000).toISOString(),
          duration: 3 * 3600 + 60,
          sealRank: false,
          sealRankTime: null,
          autoRealRank: true,
          visible: true,
          openPrint: false,
          openAccountLimit: false,
          accountLimitRule: null,
          rankShowName: 'username',
          starAccount: [],
          openRank: false,
          oiRankScoreType: 'Recent',
          awardType: 0,
          awardConfigList: [],
          allowEndSubmit: false,
        });
        await call(bases[0]!, root, 'POST', '/api/admin/contest/add-problem-from-public', {
          cid,
          pid,
          displayId: 'A',
        });
        // every other user signs in through server 2: a login through either server works on both
        const tokens: string[] = [];
        for (const [i, name] of usernames.entries())
          tokens.push(await logIn(bases[i % 2]!, name, USER_PASSWORD));

        const db = new pg.Pool({ connectionString: url, max: 2 });
        sql = db;
        const unfinished = async () =>
          Number(
            (
              await db.query<{ n: string }>(
                `select count(*) as n from judge where status in (${UNFINISHED_STATUSES.join(', ')})`,
              )
            ).rows[0]!.n,
          );

        const judgeWork = path.join(work, 'judge');
        const workerEnv = (name: string) => ({
          VERDICT_JUDGE_LANGUAGES: LANGUAGE,
          VERDICT_JUDGE_WORK_DIR: path.join(judgeWork, name),
          // the host's compile cache, shared by its workers (a fresh one: the first compile is real)
          VERDICT_JUDGE_COMPILE_CACHE_DIR: path.join(judgeWork, 'compiled'),
          VERDICT_JUDGE_PCH: 'off',
        });
        workers.push(startWorker(WORKER_NAMES[0], bases[0]!, workerEnv(WORKER_NAMES[0])));
        workers.push(
          startWorker(
            WORKER_NAMES[1],
            bases[1]!,
            {
              ...workerEnv(WORKER_NAMES[1]),
              // Abstract Unix sockets, with which workers claim their sandbox uids host-wide, live per
              // network namespace: this worker cannot see worker 1's claims, so it gets uids of its own.
              VERDICT_SANDBOX_UID_BASE: '62000',
            },
            netns,
          ),
        );
        await Promise.all(workers.map((w) => w.ready));
        const workersUp = performance.now();

        // The plan: submission i goes to server i mod 2, by user ⌊i/2⌋ mod 20 (so each user uses both
        // servers), in the contest or not and right or wrong by a seeded generator.
        let seed = 0x2f6e2b1;
        const random = () => {
          seed = (seed + 0x6d2b79f5) | 0;
          let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
          t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
        const plan = Array.from({ length: SUBMISSIONS }, (_, i) => ({
          server: i % 2,
          user: Math.floor(i / 2) % USERS,
          contest: random() < 0.6,
          right: random() < 0.5,
        }));
        const sent: { submitId: number; server: number }[] = [];
        let server2Down = false;
        let firstSubmitAt = 0;

        const submit = async (i: number) => {
          const p = plan[i]!;
          const body = {
            pid: p.contest ? 'A' : 'CLUSTER-P',
            cid: p.contest ? cid : 0,
            language: LANGUAGE,
            code: p.right ? CODE.right : CODE.wrong,
            isRemote: false,
          };
          const to = async (server: number) =>
            call<{ submitId: number }>(
              bases[server]!,
              tokens[p.user],
              'POST',
              '/api/submit-problem-judge',
              body,
            );
          let server = p.server;
          let answer;
          try {
            answer = await to(server);
          } catch (error) {
            if (!(server === 1 && server2Down && refused(error))) throw error;
            server = 0;
            answer = await to(server);
          }
          sent[i] = { submitId: answer.submitId, server };
        };
        /** Sends submissions from..to-1, LANES at a time, each once `gate(i)` lets it go. */
        const submitRange = async (from: number, to: number, gate: (i: number) => Promise<void>) => {
          let next = from;
          await Promise.all(
            Array.from({ length: LANES }, async () => {
              while (next < to) {
                const i = next++;
                await gate(i);
                firstSubmitAt ||= Date.now();
                await submit(i);
              }
            }),
          );
        };

        // The boards are read through both servers now and then while verdicts arrive, as browsers do,
        // so that each process's board is built early and then follows the change feed.
        let reading = true;
        const readBoards = (async () => {
          while (reading) {
            for (const base of bases) {
              await call(base, root, 'POST', '/api/get-contest-rank', { cid }).catch(() => undefined);
              await call(base, undefined, 'GET', '/api/get-rank-list?type=0&limit=50').catch(() => undefined);
            }
            await sleep(2_000);
          }
        })();

        // Before the kill, a submission goes once fewer than MAX_BACKLOG wait: submitting keeps pace
        // with judging, so the kill comes mid-way through the judging too.
        await submitRange(0, KILL_AFTER, async () => {
          while ((await unfinished()) >= MAX_BACKLOG) await sleep(50);
        });
        const arrivalPerMs = KILL_AFTER / (Date.now() - firstSubmitAt);

        // The kill: no submit is in flight (a request cut mid-way could not be retried safely), and
        // worker 1 holds a lease, whose submission must be judged again by the other worker.
        type Held = { submit_id: string; cid: string; attempt: number; lease_expires_at: Date };
        let held: Held[] = [];
        for (const deadline = Date.now() + 60_000; ; await sleep(20)) {
          if (Date.now() > deadline) throw new Error(`worker 1 claims nothing:\n${workers[0]!.output()}`);
          held = (
            await db.query<Held>(
              `select submit_id, cid, attempt, lease_expires_at from judge
                where lease_owner = $1 and status in (6, 7)`,
              [WORKER_NAMES[0]],
            )
          ).rows;
          if (held.length > 0) break;
        }
        const killedAt = Date.now();
        server2Down = true;
        await Promise.all([second.kill(), workers[0]!.kill()]);
        servers[1] = undefined;
        const judgedAtKill = KILL_AFTER - (await unfinished());

        // server 2 comes back on its address (a service manager's restart); worker 2 finds it again
        const restarted = startVerdict(serverEnv(1)).then((s) => {
          servers[1] = s;
          return Date.now();
        });
        // After it, submissions keep arriving at the same rate, whoever judges them: while server 2
        // is down, those meant for it go to server 1.
        await submitRange(KILL_AFTER, SUBMISSIONS, async (i) => {
          const due = killedAt + (i - KILL_AFTER) / arrivalPerMs;
          if (due > Date.now()) await sleep(due - Date.now());
        });
        const server2BackAt = await restarted;
        const allSubmittedAt = Date.now();

        await expect
          .poll(unfinished, { timeout: 240_000, interval: 200, message: 'every submission to be judged' })
          .toBe(0);
        reading = false;
        await readBoards;

        // ---- the database: each submission once, final, its own verdict, one final result --------
        const rows = (
          await db.query<{
            submit_id: string;
            uid: string;
            cid: string;
            status: number;
            attempt: number;
            judger: string | null;
            lease_owner: string | null;
            lease_expires_at: Date | null;
            cases: string;
            distinct_seqs: string;
            gmt_modified: Date;
          }>(
            `select j.submit_id, j.uid, j.cid, j.status, j.attempt, j.judger, j.lease_owner, j.lease_expires_at,
              j.gmt_modified,
              (select count(*) from judge_case c where c.submit_id = j.submit_id) as cases,
              (select count(distinct seq) from judge_case c where c.submit_id = j.submit_id) as distinct_seqs
            from judge j order by j.submit_id`,
          )
        ).rows;
        const ids = sent.map((s) => s.submitId);
        expect(new Set(ids).size).toBe(SUBMISSIONS);
        expect(rows.map((r) => Number(r.submit_id))).toEqual([...ids].sort((a, b) => a - b));
        const planOf = new Map(sent.map((s, i) => [s.submitId, plan[i]!]));
        for (const row of rows) {
          const p = planOf.get(Number(row.submit_id))!;
          const expected = p.right ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
          expect({ id: row.submit_id, status: row.status }).toEqual({ id: row.submit_id, status: expected });
          expect(Number(row.cid)).toBe(p.contest ? cid : 0);
          expect(row.lease_owner).toBeNull();
          expect(row.lease_expires_at).toBeNull();
          expect(WORKER_NAMES).toContain(row.judger);
          expect(row.attempt).toBeGreaterThanOrEqual(1);
          // one result's cases, each seq once (all of them for an accepted one)
          expect(Number(row.distinct_seqs)).toBe(Number(row.cases));
          if (p.right) expect(Number(row.cases)).toBe(CASES.length);
          else expect(Number(row.cases)).toBeGreaterThanOrEqual(1);
        }
        /*
         * "Judged exactly once" means one final result recorded per submission. A submission may be
         * claimed more than once (attempt > 1: a worker died, or lost its server, while holding it, and
         * the lease ran out), but the lifecycle accepts a result only from the current attempt's holder
         * and only into an unfinished row (states.ts), so a second result cannot replace the first. What
         * the database keeps of each accepted result shows it:
         *  - every contest verdict bumps the contest's change-feed version once (rank/feed.ts), and here
         *    nothing else does (no rejudge or cancel): the version is the number of contest results;
         *  - every public accepted result inserts one user_acproblem row (scopes.ts): one each;
         *  - the case rows are one result's (replaced whole on each result; no seq twice);
         *  - and the workers' own logs: no submission has two results that its server took.
         */
        const contestCount = sent.filter((_, i) => plan[i]!.contest).length;
        const [version] = (
          await db.query<{ version: string }>(`select version from contest_rank_version where cid = $1`, [
            cid,
          ])
        ).rows;
        expect(Number(version!.version)).toBe(contestCount);
        const solved = (await db.query<{ submit_id: string }>(`select submit_id from user_acproblem`)).rows;
        expect(solved.map((r) => Number(r.submit_id)).sort((a, b) => a - b)).toEqual(
          sent
            .filter((_, i) => !plan[i]!.contest && plan[i]!.right)
            .map((s) => s.submitId)
            .sort((a, b) => a - b),
        );
        const taken = new Map<number, string[]>();
        for (const w of workers) {
          const stale = [...w.stale];
          for (const t of w.traces) {
            const s = stale.indexOf(t.submitId);
            if (s >= 0) {
              stale.splice(s, 1);
              continue;
            }
            taken.set(t.submitId, [...(taken.get(t.submitId) ?? []), w.name]);
          }
        }
        // worker 2 lived to the end: each of its submissions once in its log; worker 1's log may
        // lack the last one it reported before the kill
        for (const row of rows) {
          const by = taken.get(Number(row.submit_id)) ?? [];
          if (row.judger === WORKER_NAMES[1] || by.length > 0)
            expect({ id: row.submit_id, by }).toEqual({ id: row.submit_id, by: [row.judger] });
        }

        // Worker 1's submission is judged again by worker 2 once its lease has run out, unless its
        // result got in just before the kill.
        const byId = new Map(rows.map((r) => [Number(r.submit_id), r]));
        const reclaims = held.map((h) => {
          const row = byId.get(Number(h.submit_id))!;
          const again = row.judger === WORKER_NAMES[1];
          expect(
            again ? row.attempt > h.attempt : row.judger === WORKER_NAMES[0] && row.attempt === h.attempt,
          ).toBe(true);
          const trace = workers[1]!.traces.find((t) => t.submitId === Number(h.submit_id));
          return {
            submitId: Number(h.submit_id),
            contest: Number(h.cid) !== 0,
            leaseLeftAtKill: h.lease_expires_at.getTime() - killedAt,
            claimedAgainAfter: again && trace ? Math.round(trace.claimed - killedAt) : null,
          };
        });

        // ---- the boards, through server 1 and through the new server 2 -----------------------------
        const contestRows = rows
          .filter((r) => Number(r.cid) === cid)
          .map((r) => ({ uid: r.uid, status: r.status, submitId: Number(r.submit_id) }));
        const submitOrder = (
          await db.query<{ submit_id: string }>(
            `select submit_id from judge where cid = $1 order by submit_time, submit_id`,
            [cid],
          )
        ).rows.map((r) => Number(r.submit_id));
        const expectedBoard = new Map<string, { ac: number; total: number; errorNum: number }>();
        for (const submitId of submitOrder) {
          const r = contestRows.find((c) => c.submitId === submitId)!;
          const cell = expectedBoard.get(r.uid) ?? { ac: 0, total: 0, errorNum: 0 };
          cell.total++;
          if (cell.ac === 0) {
            if (r.status === JudgeStatus.ACCEPTED) cell.ac = 1;
            else cell.errorNum++;
          }
          expectedBoard.set(r.uid, cell);
        }
        const board = async (base: string) =>
          (
            await call<{ records: AcmRankRow[] }>(base, root, 'POST', '/api/get-contest-rank', {
              cid,
              limit: 50,
            })
          ).records;
        const projected = (records: AcmRankRow[]) =>
          Object.fromEntries(
            records.map((r) => [
              r.uid,
              { ac: r.ac, total: r.total, errorNum: r.submissionInfo.A?.errorNum ?? 0 },
            ]),
          );
        await expect
          .poll(async () => projected(await board(bases[0]!)))
          .toEqual(Object.fromEntries(expectedBoard));
        await expect.poll(async () => board(bases[1]!)).toEqual(await board(bases[0]!));

        const rankList = async (base: string) =>
          (await call<{ records: ACMRankVO[] }>(base, undefined, 'GET', '/api/get-rank-list?type=0&limit=50'))
            .records;
        const expectedRanks = new Map<string, { ac: number; total: number }>();
        for (const [i, s] of sent.entries()) {
          const p = plan[i]!;
          if (p.contest) continue;
          const uid = byId.get(s.submitId)!.uid;
          const e = expectedRanks.get(uid) ?? { ac: 0, total: 0 };
          e.total++;
          if (p.right) e.ac = 1;
          expectedRanks.set(uid, e);
        }
        const ranks1 = await rankList(bases[0]!);
        expect(
          Object.fromEntries(
            ranks1.filter((r) => r.total > 0).map((r) => [r.uid, { ac: r.ac, total: r.total }]),
          ),
        ).toEqual(Object.fromEntries(expectedRanks));
        expect(await rankList(bases[1]!)).toEqual(ranks1);

        // ---- figures ------------------------------------------------------------------------------
        const lastVerdictAt = Math.max(...rows.map((r) => r.gmt_modified.getTime()));
        const reclaimed = rows.filter((r) => r.attempt > 1);
        const viaServer = [0, 1].map((s) => sent.filter((x) => x.server === s).length);
        const rerouted = sent.filter((x, i) => plan[i]!.server === 1 && x.server === 0).length;
        const perWorker = WORKER_NAMES.map((n) => rows.filter((r) => r.judger === n).length);
        const perSecond = (n: number, fromMs: number, toMs: number) =>
          (n / ((toMs - fromMs) / 1000)).toFixed(1);
        const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
        console.log(
          [
            `cluster (${LANGUAGE}, ${CASES.length} cases, lease ${LEASE_MS} ms):`,
            `  servers up ${since(serversUp)}, workers ready ${since(workersUp)}, wall ${since(performance.now())}`,
            `  ${SUBMISSIONS} submissions: ${viaServer[0]} through server 1, ${viaServer[1]} through server 2 ` +
              `(${rerouted} of them meant for server 2 went to server 1 while it was down)`,
            `  judged: ${perSecond(SUBMISSIONS, firstSubmitAt, lastVerdictAt)} per second over ` +
              `${seconds(lastVerdictAt - firstSubmitAt)} (first submit to last verdict); ` +
              `${perWorker[0]} by worker 1, ${perWorker[1]} by worker 2`,
            `  before the kill: ${judgedAtKill} judged, ${perSecond(judgedAtKill, firstSubmitAt, killedAt)} per second ` +
              `(two workers); after server 2 was back: ${perSecond(SUBMISSIONS - judgedAtKill, server2BackAt, lastVerdictAt)} ` +
              `per second (worker 2 alone)`,
            `  the kill (after ${KILL_AFTER} submitted): server 2 back after ${seconds(server2BackAt - killedAt)}, ` +
              `all submitted after ${seconds(allSubmittedAt - killedAt)}, last verdict after ${seconds(lastVerdictAt - killedAt)}`,
            `  worker 1's leased submission at the kill: ${reclaims
              .map(
                (r) =>
                  `${r.submitId}, ${r.contest ? 'a contest one' : 'an ordinary one'} (its lease had ` +
                  `${r.leaseLeftAtKill} ms left; ${
                    r.claimedAgainAfter === null
                      ? 'its result got in before the kill'
                      : `claimed again ${r.claimedAgainAfter} ms after the kill`
                  })`,
              )
              .join(', ')}`,
            `  claimed more than once: ${reclaimed
              .map((r) => `${r.submit_id} (${r.attempt} attempts, judged by ${r.judger})`)
              .join(', ')}`,
          ].join('\n'),
        );
      },
    );
  },
);
