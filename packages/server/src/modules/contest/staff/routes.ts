import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acSubmissionZipQuery,
  checkAcInfoBody,
  checkPrintQuery,
  contestAcInfoPageData,
  contestPrintPageData,
  contestStaffPageQuery,
  printIdQuery,
  submitPrintBody,
} from '@verdict/shared';
import { z } from 'zod';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers, answersFile } from '../../../http/responses.ts';
import { checkAcInfo, listAcInfo } from './ac-info.ts';
import { acSubmissionZip } from './ac-zip.ts';
import { listPrints, markPrinted, printText, submitPrint } from './print.ts';

const attachment = (name: string) => `attachment;filename=${encodeURIComponent(name)}`;

/**
 * Contest staff (reference §3.6): printing, the AC helper and the accepted-code zip. Every call
 * needs a login (HOJ's annotations); who may act on which contest is the policy's (`contest.print`,
 * `contest.staff`). The contest problem rejudge is `/api/admin/judge/rejudge-contest-problem`.
 */
export async function contestStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.login };

  r.post(
    '/api/submit-print-text',
    { config, schema: { body: submitPrintBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      const { cid, content } = request.body;
      await submitPrint(app.db, request.user!, cid, content, app.clock.now());
      return ok(null);
    },
  );

  r.get(
    '/api/get-contest-print',
    {
      config,
      schema: { querystring: contestStaffPageQuery, response: { 200: answers(contestPrintPageData) } },
    },
    async (request) => ok(await listPrints(app.db, request.user!, request.query, app.clock.now())),
  );

  r.put(
    '/api/check-contest-print-status',
    { config, schema: { querystring: checkPrintQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await markPrinted(app.db, request.user!, request.query, app.clock.now());
      return ok(null);
    },
  );

  r.get(
    '/api/file/download-contest-print-text',
    {
      config,
      schema: { querystring: printIdQuery, response: { 200: answersFile('text/plain; charset=utf-8') } },
    },
    async (request, reply) => {
      const { fileName, content } = await printText(app.db, request.user!, request.query.id, app.clock.now());
      return reply
        .type('text/plain; charset=utf-8')
        .header('Content-disposition', attachment(fileName))
        .send(content);
    },
  );

  r.get(
    '/api/get-contest-ac-info',
    {
      config,
      schema: { querystring: contestStaffPageQuery, response: { 200: answers(contestAcInfoPageData) } },
    },
    async (request) => ok(await listAcInfo(app.db, request.user!, request.query, app.clock.now())),
  );

  r.put(
    '/api/check-contest-ac-info',
    { config, schema: { body: checkAcInfoBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      await checkAcInfo(app.db, request.user!, request.body, app.clock.now());
      return ok(null);
    },
  );

  r.get(
    '/api/file/download-contest-ac-submission',
    {
      config,
      schema: { querystring: acSubmissionZipQuery, response: { 200: answersFile('application/zip') } },
    },
    async (request, reply) => {
      const { fileName, stream } = await acSubmissionZip(
        app.db,
        request.user!,
        request.query,
        app.clock.now(),
      );
      return reply.type('application/zip').header('Content-disposition', attachment(fileName)).send(stream);
    },
  );
}
