import type { FastifyInstance } from 'fastify';
import { stagingOf } from '../file/routes.ts';
import { adminJudgeRoutes } from './judge/routes.ts';
import { adminProblemRoutes } from './problem/routes.ts';
import { adminTagRoutes } from './tag/routes.ts';

/** The admin area's problem, tag and judge calls (reference §3.12, §3.4 admin judge). */
export async function adminRoutes(app: FastifyInstance, opts: { dataDir: string }) {
  await app.register(adminProblemRoutes, { staging: stagingOf(app, opts.dataDir) });
  await app.register(adminTagRoutes);
  await app.register(adminJudgeRoutes);
}
