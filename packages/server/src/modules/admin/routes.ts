import type { FastifyInstance } from 'fastify';
import type { SmtpConfig } from '../../config.ts';
import { stagingOf } from '../file/routes.ts';
import { adminConfigRoutes } from './config/routes.ts';
import { adminJudgeRoutes } from './judge/routes.ts';
import { adminProblemRoutes } from './problem/routes.ts';
import { adminTagRoutes } from './tag/routes.ts';
import { adminUserRoutes } from './user/routes.ts';

/** The admin area's problem, tag, judge, configuration and user calls (reference §3.12, §3.4 admin judge). */
export async function adminRoutes(app: FastifyInstance, opts: { dataDir: string; smtp?: SmtpConfig }) {
  await app.register(adminProblemRoutes, { staging: stagingOf(app, opts.dataDir) });
  await app.register(adminTagRoutes);
  await app.register(adminJudgeRoutes);
  await app.register(adminConfigRoutes, { smtp: opts.smtp });
  await app.register(adminUserRoutes);
}
