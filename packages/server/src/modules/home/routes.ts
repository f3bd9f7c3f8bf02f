import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmtpConfig } from '../../config.ts';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import {
  announcementPageQuery,
  optionalId,
  rankListQuery,
  submissionStatisticsQuery,
  userHomeQuery,
  announcementPageData,
  calendarHeatmapData,
  languagesData,
  otherContestsData,
  rankListData,
  recentAcRankData,
  recentContestsData,
  remoteJudgesData,
  submissionStatisticsData,
  userHomeData,
  websiteConfigData,
} from '@verdict/shared';
import { Mailer } from '../../mail/mailer.ts';
import { registerMode } from '../account/registration.ts';
import { commonAnnouncements } from '../admin/announcement/service.ts';
import { sitesWithAccounts } from '../remote-judge/accounts.ts';
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

  r.get(
    '/api/get-website-config',
    { config: { access: access.anon }, schema: { response: { 200: answers(websiteConfigData) } } },
    async () => ok(await websiteConfig(app.db, await registerMode(app.db, mailer))),
  );

  // reference §3.2: shown site announcements, newest first, paged (`limit=10`, `currentPage`)
  r.get(
    '/api/get-common-announcement',
    {
      config: { access: access.anon },
      schema: { querystring: announcementPageQuery, response: { 200: answers(announcementPageData) } },
    },
    async (request) => ok(await commonAnnouncements(app.db, request.query.currentPage, request.query.limit)),
  );

  r.get(
    '/api/languages',
    {
      config: { access: access.anon },
      schema: {
        querystring: z.object({ pid: optionalId, all: booleanQuery }),
        response: { 200: answers(languagesData) },
      },
    },
    async (request) =>
      ok(
        await listLanguages(app.db, {
          all: request.query.all ?? false,
          pid: request.query.pid ?? undefined,
          now: app.clock.now(),
        }),
      ),
  );

  // reference §3.2: the home page's calls, all anon
  r.get(
    '/api/get-recent-contest',
    { config: { access: access.anon }, schema: { response: { 200: answers(recentContestsData) } } },
    async () => ok(await recentContests(app.db, app.clock.now())),
  );

  r.get(
    '/api/get-recent-seven-ac-rank',
    { config: { access: access.anon }, schema: { response: { 200: answers(recentAcRankData) } } },
    async () => ok(await recentSevenAcRank(app.db, app.clock.now())),
  );

  // Verdict (issue 30): the home page's "supported remote judges", the sites that have an account
  r.get(
    '/api/get-remote-judges',
    { config: { access: access.anon }, schema: { response: { 200: answers(remoteJudgesData) } } },
    async () => ok(await sitesWithAccounts(app.db)),
  );

  r.get(
    '/api/get-recent-other-contest',
    { config: { access: access.anon }, schema: { response: { 200: answers(otherContestsData) } } },
    async () => ok(recentOtherContests()),
  );

  // reference §7.17: cached 30 minutes in this process; `forceRefresh` is honoured for root only
  const statistics = new StatisticsCache(app.db, app.clock);
  r.get(
    '/api/get-last-week-submission-statistics',
    {
      config: { access: access.anon },
      schema: {
        querystring: submissionStatisticsQuery,
        response: { 200: answers(submissionStatisticsData) },
      },
    },
    async (request) => {
      const force = request.query.forceRefresh === true && request.user?.roles.includes('root') === true;
      return ok(await statistics.get(force));
    },
  );

  // reference §3.7: the global ACM and OI rank lists
  r.get(
    '/api/get-rank-list',
    {
      config: { access: access.anon },
      schema: { querystring: rankListQuery, response: { 200: answers(rankListData) } },
    },
    async (request) => ok(await rankList(app.db, request.query)),
  );

  // reference §3.1: no annotation in HOJ (`open`): an invalid token is refused, none means anonymous
  r.get(
    '/api/get-user-home-info',
    {
      config: { access: access.open },
      schema: { querystring: userHomeQuery, response: { 200: answers(userHomeData) } },
    },
    async (request) => ok(await userHomeInfo(app.db, await homeUser(app.db, request.query, request.user))),
  );

  r.get(
    '/api/get-user-calendar-heatmap',
    {
      config: { access: access.anon },
      schema: { querystring: userHomeQuery, response: { 200: answers(calendarHeatmapData) } },
    },
    async (request) =>
      ok(await calendarHeatmap(app.db, await homeUser(app.db, request.query, request.user), app.clock.now())),
  );
}
