import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { authPlugin, requireRouteAccess, routesWithAccess } from './http/auth/plugin.ts';
import { AuthService } from './http/auth/service.ts';
import { cors } from './http/cors.ts';
import { errorHandling } from './http/error-handler.ts';
import { acceptFormBodies } from './http/form-body.ts';
import { rateLimitPlugin } from './http/rate-limit.ts';
import { responseSerializer } from './http/responses.ts';
import { securityHeaders } from './http/security-headers.ts';
import { refuseNulBytes } from './http/text-input.ts';
import { registerWebApp } from './http/web-app.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { contestRoutes } from './modules/contest/routes.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { groupRoutes } from './modules/group/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { messageRoutes } from './modules/message/routes.ts';
import { adminDiscussionRoutes, discussionRoutes } from './modules/discussion/routes.ts';
import { contestStaffRoutes } from './modules/contest/staff/routes.ts';
import { contestRankRoutes } from './modules/contest/rank/routes.ts';
import { contestScrollBoardRoutes } from './modules/contest/scroll-board/routes.ts';
import { fileRoutes } from './modules/file/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import {
  CompileChecks,
  DEFAULT_COMPILE_CHECK_OPTIONS,
  type CompileCheckOptions,
} from './modules/judge-gateway/compile-checks.ts';
import { QueueSignal } from './modules/judge-gateway/queue.ts';
import { judgeGatewayRoutes } from './modules/judge-gateway/routes.ts';
import { loadShedding } from './http/load-shedding.ts';
import { Metrics } from './modules/ops/metrics.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { TestDataStore } from './modules/judge-gateway/testdata-store.ts';
import { problemRoutes } from './modules/problem/routes.ts';
import { submissionRoutes } from './modules/submission/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    /** Wakes judge workers waiting for work; call it after queueing a submission. */
    judgeQueue: QueueSignal;
    /** Compile checks of checkers and interactors, answered by judge workers (reference §3.12). */
    compileChecks: CompileChecks;
    /** Test data by content hash; judge workers fetch from it. */
    testData: TestDataStore;
    /** Prometheus metrics, when METRICS_TOKEN turns them on. */
    metrics: Metrics | null;
  }
}

export interface AppDeps {
  db: Db;
  config: Pick<Config, 'jwt' | 'webDist' | 'corsOrigins' | 'dataDir' | 'judgeLeaseMs'> &
    Partial<Pick<Config, 'trustProxy' | 'metricsToken' | 'loadShedding' | 'problemImport'>> & {
      jwt: { secret: string };
      judgeToken: string;
      /** SMTP_* (optional: without it, mail goes by the admin e-mail configuration only) */
      smtp?: Config['smtp'];
    };
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** How long an admin's compile check waits for a worker (tests shorten it). */
  compileCheck?: Partial<CompileCheckOptions>;
  /** How often a long-polling claim looks again without a signal (tests lengthen it). */
  claimPollMs?: number;
  /** How often an open message stream re-reads its counts and login (tests shorten it). */
  messageStreamRecheckMs?: number;
  /** Check every successful answer against its response schema (VERDICT_CHECK_RESPONSES=1 in tests). */
  checkResponses?: boolean;
}

/**
 * While the server closes, answers in flight end their connection: a kept-alive idle connection
 * would otherwise hold `close()` open until the client lets go.
 */
function closeKeepAliveOnShutdown(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
}

/** Builds the HTTP application; main.ts listens on it, tests call `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy ?? ['loopback'],
    bodyLimit: 16 * 1024 * 1024,
    // Requests in flight finish on close; new ones are refused with 503 meanwhile.
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // answers are sent as they are; their schemas document them and, in tests, check them (http/responses.ts)
  app.setSerializerCompiler(
    responseSerializer(deps.checkResponses ?? process.env.VERDICT_CHECK_RESPONSES === '1'),
  );
  app.decorate('db', deps.db);
  app.decorate('clock', clock);
  app.decorate('judgeQueue', new QueueSignal());
  app.decorate(
    'compileChecks',
    new CompileChecks(deps.db, clock, app.judgeQueue, {
      ...DEFAULT_COMPILE_CHECK_OPTIONS,
      ...deps.compileCheck,
    }),
  );
  app.decorate('testData', new TestDataStore(path.join(deps.config.dataDir, 'testdata')));
  closeKeepAliveOnShutdown(app);
  // before any route: a route without `config.access` fails to register
  requireRouteAccess(app);
  const metrics = deps.config.metricsToken ? new Metrics(deps.db, clock, deps.config.judgeLeaseMs) : null;
  app.decorate('metrics', metrics);
  // before any route, so that every route's answers are counted
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  // before the other hooks: a call the server cannot take is refused before any work is done for it
  if (deps.config.loadShedding) {
    await app.register(loadShedding, {
      ...deps.config.loadShedding,
      onShed: (method, route) => metrics?.shed(method, route),
    });
  }
  await app.register(securityHeaders, { corsOrigins: deps.config.corsOrigins });

  const clientRouteFallback = deps.config.webDist
    ? await registerWebApp(app, deps.config.webDist)
    : undefined;
  await app.register(errorHandling, { clientRouteFallback });
  await app.register(cors, { origins: deps.config.corsOrigins });
  // issue 24 item 3: HOJ's client posts some bodies form-encoded
  acceptFormBodies(app);
  await app.register(authPlugin, {
    service: new AuthService(deps.db, clock, {
      secret: deps.config.jwt.secret,
      expireSeconds: deps.config.jwt.expireSeconds,
      refreshAfterSeconds: deps.config.jwt.refreshAfterSeconds,
    }),
  });

  await app.register(rateLimitPlugin);
  // issue 24 item 10: a NUL byte anywhere in a request's text is a 400 naming the field
  await app.register(refuseNulBytes);

  await app.register(opsRoutes, {
    metrics,
    metricsToken: deps.config.metricsToken,
    routes: () => routesWithAccess(app),
  });
  await app.register(homeRoutes, { smtp: deps.config.smtp });
  await app.register(accountRoutes, { dataDir: deps.config.dataDir, smtp: deps.config.smtp });
  await app.register(problemRoutes);
  await app.register(submissionRoutes);
  await app.register(contestRoutes);
  await app.register(trainingRoutes);
  await app.register(groupRoutes, { dataDir: deps.config.dataDir });
  await app.register(messageRoutes, { streamRecheckMs: deps.messageStreamRecheckMs });
  await app.register(discussionRoutes);
  await app.register(adminDiscussionRoutes);
  await app.register(adminRoutes, {
    dataDir: deps.config.dataDir,
    smtp: deps.config.smtp,
    judgeLeaseMs: deps.config.judgeLeaseMs,
    problemImport: deps.config.problemImport,
  });
  await app.register(fileRoutes, { dataDir: deps.config.dataDir });
  await app.register(contestStaffRoutes);
  await app.register(contestRankRoutes);
  await app.register(contestScrollBoardRoutes);
  await app.register(judgeGatewayRoutes, {
    judgeToken: deps.config.judgeToken,
    store: app.testData,
    signal: app.judgeQueue,
    compileChecks: app.compileChecks,
    leaseMs: deps.config.judgeLeaseMs,
    pollMs: deps.claimPollMs,
  });
  return app;
}
