import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmtpConfig } from '../../config.ts';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import {
  announcementPageQuery,
  optionalId,
  rankListQuery,
  submissionStatisticsQuery,
  userHomeQuery,
} from '@verdict/shared';
import { Mailer } from '../../mail/mailer.ts';
import { registerMode } from '../account/registration.ts';
import { commonAnnouncements } from '../admin/announcement/service.ts';
import { rankList } from './rank.ts';
import { recentContests, recentOtherContests, recentSevenAcRank } from './recent.ts';
import { listLanguages, websiteConfig } from './service.ts';
import { StatisticsCache } from './statistics.ts';
import { calendarHeatmap, homeUser, userHomeInfo } from './user-home.ts';

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export async function homeRoutes(app: FastifyInstance, opts: { smtp?: SmtpConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailer = new Mailer(app.db, opts.smtp);

  r.get('/api/get-website-config', { config: { access: access.anon } }, async () =>
    ok(await websiteConfig(app.db, await registerMode(app.db, mailer))),
  );

  // reference §3.2: shown site announcements, newest first, paged (`limit=10`, `currentPage`)
  r.get(
    '/api/get-common-announcement',
    { config: { access: access.anon }, schema: { querystring: announcementPageQuery } },
    async (request) => ok(await commonAnnouncements(app.db, request.query.currentPage, request.query.limit)),
  );

  r.get(
    '/api/languages',
    {
      config: { access: access.anon },
      schema: {
        querystring: z.object({ pid: optionalId, all: booleanQuery }),
      },
    },
    async (request) =>
      ok(await listLanguages(app.db, { all: request.query.all ?? false, now: app.clock.now() })),
  );

  // reference §3.2: the home page's calls, all anon
  r.get('/api/get-recent-contest', { config: { access: access.anon } }, async () =>
    ok(await recentContests(app.db, app.clock.now())),
  );

  r.get('/api/get-recent-seven-ac-rank', { config: { access: access.anon } }, async () =>
    ok(await recentSevenAcRank(app.db, app.clock.now())),
  );

  r.get('/api/get-recent-other-contest', { config: { access: access.anon } }, async () =>
    ok(recentOtherContests()),
  );

  // reference §7.17: cached 30 minutes in this process; `forceRefresh` is honoured for root only
  const statistics = new StatisticsCache(app.db, app.clock);
  r.get(
    '/api/get-last-week-submission-statistics',
    { config: { access: access.anon }, schema: { querystring: submissionStatisticsQuery } },
    async (request) => {
      const force = request.query.forceRefresh === true && request.user?.roles.includes('root') === true;
      return ok(await statistics.get(force));
    },
  );

  // reference §3.7: the global ACM and OI rank lists
  r.get(
    '/api/get-rank-list',
    { config: { access: access.anon }, schema: { querystring: rankListQuery } },
    async (request) => ok(await rankList(app.db, request.query)),
  );

  // reference §3.1: no annotation in HOJ (`open`): an invalid token is refused, none means anonymous
  r.get(
    '/api/get-user-home-info',
    { config: { access: access.open }, schema: { querystring: userHomeQuery } },
    async (request) => ok(await userHomeInfo(app.db, await homeUser(app.db, request.query, request.user))),
  );

  r.get(
    '/api/get-user-calendar-heatmap',
    { config: { access: access.anon }, schema: { querystring: userHomeQuery } },
    async (request) =>
      ok(await calendarHeatmap(app.db, await homeUser(app.db, request.query, request.user), app.clock.now())),
  );
}
