import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveId } from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { ApiError, fail } from '../../../http/errors.ts';
import { localize, problemMessages, requestLanguage } from '../../../http/messages.ts';
import { assertFileWhole, fileTooLarge, isFileTooLargeError } from '../../../http/uploads.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import { exportHojZip } from './export.ts';
import { EXPORT_MAX_PROBLEMS, PROBLEM_ZIP_LIMITS, type ProblemZipLimits } from './hoj-format.ts';
import { importHojZip } from './import.ts';
import { importResultMessage, transferMessages as m } from './messages.ts';

/** `pid` repeated (`pid=1&pid=2`), with brackets or comma-separated, as Spring binds `List<Long>`. */
const pidList = z.preprocess(
  (v) =>
    (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
      .flatMap((item) => String(item).split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  z.array(positiveId),
);
const exportQuery = z.object({ pid: pidList, 'pid[]': pidList });

/**
 * HOJ's problem zip (reference §3.11 import-problem and export-problem, §11.1), root only as
 * HOJ's `@RequiresRoles("root")`: anonymous callers get HTTP 401, other roles HTTP 403.
 */
export async function problemTransferRoutes(
  app: FastifyInstance,
  opts: { staging: TestCaseStaging; limits?: Partial<ProblemZipLimits> },
) {
  const limits: ProblemZipLimits = { ...PROBLEM_ZIP_LIMITS, ...opts.limits };
  // in this plugin's scope only, with this call's limits
  await app.register(multipart, {
    limits: { fileSize: limits.maxZipBytes, files: 1, fields: 10, parts: 20 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const root = { access: access.anyRole('root') };

  r.post('/api/file/import-problem', { config: root }, async (request) => {
    const part = request.isMultipart() ? await request.file() : undefined;
    if (!part) throw fail(m.zipMissing);
    if (!/\.zip$/i.test(part.filename)) {
      part.file.resume();
      throw fail(m.notZip);
    }
    const upload = await opts.staging.create();
    try {
      const zipFile = path.join(upload.dir, 'problems.zip.tmp');
      await pipeline(part.file, createWriteStream(zipFile));
      assertFileWhole(part, problemMessages.zipTooBig(limits.maxZipBytes));
      const result = await importHojZip(
        { db: app.db, staging: opts.staging, store: app.testData, now: app.clock.now(), log: request.log },
        request.user!,
        zipFile,
        limits,
      );
      const lang = requestLanguage(request);
      const data = {
        imported: result.imported,
        failed: result.failed.map((f) => ({
          key: f.key,
          problemId: f.label,
          repeat: f.repeat,
          reason: localize(f.reason, lang),
        })),
      };
      // reference §11: any failure answers status 400 with the counts; the imported problems stay
      if (result.failed.length > 0)
        throw new ApiError(400, importResultMessage(result.imported.length, result.failed), 200, data);
      return ok(data);
    } catch (error) {
      if (error instanceof ZipRejected) throw fail(error.reason);
      if (isFileTooLargeError(error)) throw fileTooLarge(problemMessages.zipTooBig(limits.maxZipBytes));
      throw error;
    } finally {
      await opts.staging.discard(upload.id);
    }
  });

  r.get(
    '/api/file/export-problem',
    { config: root, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const pids = [...request.query.pid, ...request.query['pid[]']];
      if (pids.length === 0) throw fail(m.exportPidMissing);
      if (pids.length > EXPORT_MAX_PROBLEMS) throw fail(m.exportTooMany(EXPORT_MAX_PROBLEMS));
      const stream = await exportHojZip(app.db, app.testData, pids);
      // reference §1.2 downloads, §3.11: problem_export_<milliseconds>.zip
      const name = `problem_export_${app.clock.now().getTime()}.zip`;
      return reply
        .type('application/zip')
        .header('Content-disposition', `attachment;filename=${encodeURIComponent(name)}`)
        .send(stream);
    },
  );
}
