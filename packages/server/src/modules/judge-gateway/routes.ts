import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimData,
  compileCheckResult,
  heartbeatAnswerData,
  JUDGE_TOKEN_HEADER,
  REMOTE_OJS,
  judgeProgress,
  judgeResult,
  keepTaskData,
  reportAcceptedData,
  testRunProgress,
  testRunResult,
  workerHeartbeat,
  workerRegisteredData,
  workerRegistration,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers, answersFile } from '../../http/responses.ts';
import { notFound, unauthenticated } from '../../http/errors.ts';
import type { CompileChecks } from './compile-checks.ts';
import { claimNext } from '../submission/lifecycle/claim.ts';
import { claimRemote } from '../submission/lifecycle/claim-remote.ts';
import { applyTestRunResult, progressOfTestRun } from '../submission/lifecycle/test-runs.ts';
import * as lifecycle from '../submission/lifecycle/transitions.ts';
import type { QueueSignal } from './queue.ts';
import { buildTask } from './tasks.ts';
import type { TestDataStore } from './testdata-store.ts';
import { recordLoad } from './worker-load.ts';
import { recordHeartbeat, registerWorker } from './workers.ts';

export interface GatewayOptions {
  judgeToken: string;
  store: TestDataStore;
  signal: QueueSignal;
  compileChecks: CompileChecks;
  /** How long a claim or a progress report holds a task. */
  leaseMs: number;
  /** How often a long-polling claim looks again without a signal (POLL_MS; tests lengthen it). */
  pollMs?: number;
}

const workerName = z.string().min(1).max(100);
const MAX_WAIT_MS = 30_000;
/** Other server processes insert work too; without a signal from them, look again this often. */
const POLL_MS = 1_000;

/**
 * The judge gateway: workers pull work over HTTP and never open the database (ARCHITECTURE).
 * Every call carries the judge token; user logins are neither needed nor accepted here.
 */
export async function judgeGatewayRoutes(app: FastifyInstance, opts: GatewayOptions) {
  const expected = Buffer.from(opts.judgeToken);
  const checkToken = async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[JUDGE_TOKEN_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthenticated({ zh: '判题机令牌无效！', en: 'Invalid judge token!' });
    }
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Workers are not browsers: the security headers of every other answer (helmet) would only cost
  // CPU on the calls each verdict makes.
  const config = { access: access.judge, helmet: { skipRoute: true as const } };
  // Workers poll all day long; their routine calls would drown the access log.
  app.addHook('onRoute', (route) => {
    route.logLevel = 'warn';
  });
  const prefix = '/api/judge-gateway';
  const keeps = { 200: answers(keepTaskData) };
  const accepts = { 200: answers(reportAcceptedData) };

  r.post(
    `${prefix}/register`,
    {
      config,
      onRequest: checkToken,
      schema: { body: workerRegistration, response: { 200: answers(workerRegisteredData) } },
    },
    async (request) => {
      await registerWorker(app.db, request.body, app.clock.now());
      return ok({ leaseMs: opts.leaseMs });
    },
  );

  r.post(
    `${prefix}/heartbeat`,
    {
      config,
      onRequest: checkToken,
      schema: { body: workerHeartbeat, response: { 200: answers(heartbeatAnswerData) } },
    },
    async (request) => {
      const { name, taskNumber, load } = request.body;
      const now = app.clock.now();
      const known = await recordHeartbeat(app.db, name, taskNumber, now);
      if (known && load) await recordLoad(app.db, name, load, now);
      return ok({ known });
    },
  );

  // Long poll: answers with a task as soon as one can be claimed, or null after waitMs. Compile checks
  // come first (an admin is waiting on each); `judgePrograms` names the worker's checker and
  // interactor compilers (SPJ-C, INTERACTIVE-C++…), absent for a worker that offers none.
  r.post(
    `${prefix}/claim`,
    {
      config,
      onRequest: checkToken,
      schema: {
        body: z.object({
          name: workerName,
          languages: z.array(z.string()).max(200),
          judgePrograms: z.array(z.string()).max(20).default([]),
          waitMs: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
          /** a remote-judge worker's sites: it claims only their submissions (reference §10) */
          remoteSites: z.array(z.enum(REMOTE_OJS)).max(REMOTE_OJS.length).default([]),
        }),
        response: { 200: answers(claimData) },
      },
    },
    async (request, reply) => {
      // The response's close, not the request's: a request "closes" as soon as its body is read.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const deadline = Date.now() + request.body.waitMs;
      for (;;) {
        const seen = opts.signal.version;
        const { remoteSites } = request.body;
        const check = remoteSites.length
          ? undefined
          : await opts.compileChecks.claim(request.body, opts.leaseMs);
        if (check) return ok(check);
        const claimed = remoteSites.length
          ? await claimRemote(
              app.db,
              { name: request.body.name, sites: remoteSites },
              opts.leaseMs,
              app.clock.now(),
            )
          : await claimNext(app.db, request.body, opts.leaseMs, app.clock.now());
        if (claimed) return ok(await buildTask(app.db, opts.store, claimed, opts.leaseMs));
        const left = deadline - Date.now();
        if (left <= 0 || gone.signal.aborted) return ok(null);
        await opts.signal.wait(Math.min(left, opts.pollMs ?? POLL_MS), gone.signal, seen);
      }
    },
  );

  r.get(
    `${prefix}/testdata/:sha256`,
    {
      config,
      onRequest: checkToken,
      schema: {
        params: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
        response: { 200: answersFile('application/octet-stream') },
      },
    },
    async (request, reply) => {
      const file = opts.store.pathOf(request.params.sha256);
      const info = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !info) throw notFound();
      return reply
        .type('application/octet-stream')
        .header('Content-Length', info.size)
        .send(createReadStream(file));
    },
  );

  r.post(
    `${prefix}/progress`,
    {
      config,
      onRequest: checkToken,
      schema: { body: judgeProgress.extend({ name: workerName }), response: keeps },
    },
    async (request) =>
      ok({
        keep: await lifecycle.progress(
          app.db,
          request.body,
          request.body.name,
          opts.leaseMs,
          app.clock.now(),
        ),
      }),
  );

  r.post(
    `${prefix}/result`,
    {
      config,
      onRequest: checkToken,
      schema: { body: judgeResult.extend({ name: workerName }), response: accepts },
    },
    async (request) => {
      const accepted = await lifecycle.applyResult(app.db, request.body, request.body.name, app.clock.now());
      if (accepted) app.metrics?.judged(request.body.status);
      return ok({ accepted });
    },
  );

  r.post(
    `${prefix}/compile-result`,
    {
      config,
      onRequest: checkToken,
      schema: { body: compileCheckResult.extend({ name: workerName }), response: accepts },
    },
    async (request) => ok({ accepted: await opts.compileChecks.report(request.body, request.body.name) }),
  );

  r.post(
    `${prefix}/test-progress`,
    {
      config,
      onRequest: checkToken,
      schema: { body: testRunProgress.extend({ name: workerName }), response: keeps },
    },
    async (request) => {
      const { id, attempt, name } = request.body;
      return ok({
        keep: await progressOfTestRun(app.db, id, attempt, name, opts.leaseMs, app.clock.now()),
      });
    },
  );

  r.post(
    `${prefix}/test-result`,
    {
      config,
      onRequest: checkToken,
      schema: { body: testRunResult.extend({ name: workerName }), response: accepts },
    },
    async (request) => ok({ accepted: await applyTestRunResult(app.db, request.body, request.body.name) }),
  );
}
