import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contestOutsideInfoData,
  contestOutsideInfoQuery,
  contestRankBody,
  contestRankPageData,
  downloadContestRankQuery,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { answersJsonText, ok } from '../../../http/envelope.ts';
import { answers, answersFile } from '../../../http/responses.ts';
import { problemsOfContest } from '../problems.ts';
import { rankRowsJson } from './page.ts';
import { contestRank, outsideInfo, outsideScoreboard, wholeBoard } from './service.ts';
import { rankCsv, rankTable, rankXlsx } from './sheet.ts';
import { RankBoards } from './store.ts';

/**
 * The contest scoreboards (reference §3.6, §3.11, §9): the in-contest board, the outside board and
 * its info, and the board's download. The process's incremental boards live here.
 */
export async function contestRankRoutes(app: FastifyInstance, options: { boards?: RankBoards } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const boards = options.boards ?? new RankBoards(app.db);
  const now = () => app.clock.now();

  r.post(
    '/api/get-contest-rank',
    {
      config: { access: access.login },
      schema: { body: contestRankBody, response: { 200: answers(contestRankPageData) } },
    },
    async (request, reply) => {
      answersJsonText(reply);
      return ok(await contestRank(app.db, boards, request.user!, request.body, now()));
    },
  );

  // reference §3.6: anonymous callers allowed (openRank, §9.6)
  r.post(
    '/api/get-contest-outside-scoreboard',
    {
      config: { access: access.anon },
      schema: { body: contestRankBody, response: { 200: answers(contestRankPageData) } },
    },
    async (request, reply) => {
      answersJsonText(reply);
      return ok(await outsideScoreboard(app.db, boards, request.user, request.body, now()));
    },
  );

  r.get(
    '/api/get-contest-outsize-info',
    {
      config: { access: access.anon },
      schema: { querystring: contestOutsideInfoQuery, response: { 200: answers(contestOutsideInfoData) } },
    },
    async (request) => ok(await outsideInfo(app.db, request.user, request.query.cid, now())),
  );

  r.get(
    '/api/file/download-contest-rank',
    {
      config: { access: access.login },
      schema: {
        querystring: downloadContestRankQuery,
        // ?format=csv answers text/csv
        response: { 200: answersFile('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') },
      },
    },
    async (request, reply) => {
      const { view, copied } = await wholeBoard(app.db, boards, request.user!, request.query, now());
      const displayIds = (await problemsOfContest(app.db, view)).map((p) => p.cp.displayId);
      const rows = await rankRowsJson(app.db, view.row.type, copied.records);
      const table = rankTable(view.row.type, displayIds, rows);
      const csv = request.query.format === 'csv';
      const name = `contest_${view.row.id}_rank.${csv ? 'csv' : 'xlsx'}`;
      return reply
        .type(
          csv
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('Content-Disposition', `attachment;filename=${encodeURIComponent(name)}`)
        .header('Cache-Control', 'no-store')
        .send(csv ? rankCsv(table) : await rankXlsx(table));
    },
  );
}
