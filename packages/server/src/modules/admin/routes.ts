import type { FastifyInstance } from 'fastify';
import type { SmtpConfig } from '../../config.ts';
import { stagingOf } from '../file/routes.ts';
import { adminAnnouncementRoutes } from './announcement/routes.ts';
import { adminConfigRoutes } from './config/routes.ts';
import { adminContestRoutes } from '../contest/admin/routes.ts';
import { adminDashboardRoutes } from './dashboard/routes.ts';
import { adminJudgeRoutes } from './judge/routes.ts';
import { adminNoticeRoutes } from './notice/routes.ts';
import { adminProblemRoutes } from '../problem/admin/routes.ts';
import type { ProblemZipLimits } from '../problem/transfer/hoj-format.ts';
import { problemTransferRoutes } from '../problem/transfer/routes.ts';
import { adminSwitchRoutes } from './switch/routes.ts';
import { adminTagRoutes } from '../problem/admin/tag-routes.ts';
import { adminTrainingRoutes } from '../training/admin/routes.ts';
import { adminUserRoutes } from './user/routes.ts';

/**
 * The admin area's problem, contest, tag, judge, configuration, dashboard, announcement, notice,
 * switch and user calls (reference §3.12, §3.4 admin judge).
 */
export async function adminRoutes(
  app: FastifyInstance,
  opts: {
    dataDir: string;
    smtp?: SmtpConfig;
    judgeLeaseMs: number;
    /** PROBLEM_IMPORT_MAX_* (PROBLEM_ZIP_LIMITS' values when not given) */
    problemImport?: Partial<ProblemZipLimits>;
  },
) {
  const staging = stagingOf(app, opts.dataDir);
  await app.register(adminProblemRoutes, { staging });
  // reference §3.11 import-problem / export-problem, §11.1, and the QDUOJ, FPS and Hydro imports
  // (§11.2–§11.4; the paths are under /api/file)
  await app.register(problemTransferRoutes, { staging, dataDir: opts.dataDir, limits: opts.problemImport });
  await app.register(adminContestRoutes, { staging });
  await app.register(adminTagRoutes);
  await app.register(adminJudgeRoutes);
  await app.register(adminConfigRoutes, { smtp: opts.smtp, dataDir: opts.dataDir });
  await app.register(adminDashboardRoutes, { judgeLeaseMs: opts.judgeLeaseMs });
  await app.register(adminAnnouncementRoutes);
  await app.register(adminNoticeRoutes);
  await app.register(adminSwitchRoutes, { smtp: opts.smtp });
  await app.register(adminUserRoutes);
  await app.register(adminTrainingRoutes, { staging });
}
