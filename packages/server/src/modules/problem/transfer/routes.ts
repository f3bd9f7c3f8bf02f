import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveId, problemImportData } from '@verdict/shared';
import { access, type AuthUser } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers, answersFile } from '../../../http/responses.ts';
import { ApiError, fail } from '../../../http/errors.ts';
import { localize, problemMessages, requestLanguage, type Text } from '../../../http/messages.ts';
import { assertFileWhole, fileTooLarge, isFileTooLargeError } from '../../../http/uploads.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import { exportHojZip } from './export.ts';
import { EXPORT_MAX_PROBLEMS, PROBLEM_ZIP_LIMITS, type ProblemZipLimits } from './hoj-format.ts';
import { importFpsXml } from './fps.ts';
import { importHydroZip } from './hydro.ts';
import { importHojZip, type ImportContext, type ImportResult } from './import.ts';
import { importPolygonZip } from './polygon.ts';
import { importQdojZip } from './qduoj.ts';
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
/** issue 29: the Polygon statement's language, a folder name of `statements/`; absent, '' or 'both': all */
const polygonQuery = z.object({ lang: z.string().trim().max(64).optional() });

/** What an import route takes: the file name's ending and the messages of its refusals. */
interface UploadKind {
  suffix: RegExp;
  missing: Text;
  wrongType: Text;
  tooLarge: Text;
}
const noQuery = z.object({});

/**
 * HOJ's problem zip (reference §3.11 import-problem and export-problem, §11.1) and the QDUOJ, Hydro
 * and FPS imports (§11.2–§11.4), root only as
 * HOJ's `@RequiresRoles("root")`: anonymous callers get HTTP 401, other roles HTTP 403.
 */
export async function problemTransferRoutes(
  app: FastifyInstance,
  opts: { staging: TestCaseStaging; dataDir: string; limits?: Partial<ProblemZipLimits> },
) {
  const limits: ProblemZipLimits = { ...PROBLEM_ZIP_LIMITS, ...opts.limits };
  // in this plugin's scope only, with this call's limits
  await app.register(multipart, {
    limits: { fileSize: limits.maxZipBytes, files: 1, fields: 10, parts: 20 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const root = { access: access.anyRole('root') };

  const zip: UploadKind = {
    suffix: /\.zip$/i,
    missing: m.zipMissing,
    wrongType: m.notZip,
    tooLarge: problemMessages.zipTooBig(limits.maxZipBytes),
  };
  const xml: UploadKind = {
    suffix: /\.xml$/i,
    missing: m.fpsMissing,
    wrongType: m.notXml,
    tooLarge: m.xmlTooLarge(Math.min(limits.maxXmlBytes, limits.maxZipBytes)),
  };
  /**
   * One import route: the uploaded file (its name ending in `suffix`) into the staging folder, read
   * by `run` (one format's reader and the shared pipeline), answered as reference §11 says.
   */
  const importRoute = <Query extends z.ZodType = typeof noQuery>(
    url: string,
    { suffix, missing, wrongType, tooLarge }: UploadKind,
    run: (ctx: ImportContext, user: AuthUser, file: string, query: z.infer<Query>) => Promise<ImportResult>,
    querystring: Query = noQuery as unknown as Query,
  ) =>
    r.post(
      url,
      { config: root, schema: { querystring, response: { 200: answers(problemImportData) } } },
      async (request) => {
        const part = request.isMultipart() ? await request.file() : undefined;
        if (!part) throw fail(missing);
        if (!suffix.test(part.filename)) {
          part.file.resume();
          throw fail(wrongType);
        }
        const upload = await opts.staging.create();
        try {
          const file = path.join(upload.dir, 'problems.upload.tmp');
          await pipeline(part.file, createWriteStream(file));
          assertFileWhole(part, tooLarge);
          const result = await run(
            {
              db: app.db,
              dataDir: opts.dataDir,
              staging: opts.staging,
              store: app.testData,
              now: app.clock.now(),
              log: request.log,
            },
            request.user!,
            file,
            request.query as z.infer<Query>,
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
          if (isFileTooLargeError(error)) throw fileTooLarge(tooLarge);
          throw error;
        } finally {
          await opts.staging.discard(upload.id);
        }
      },
    );

  importRoute('/api/file/import-problem', zip, (ctx, user, file) => importHojZip(ctx, user, file, limits));
  // reference §11.2
  importRoute('/api/file/import-qdoj-problem', zip, (ctx, user, file) =>
    importQdojZip(ctx, user, file, limits),
  );
  // reference §11.4
  importRoute('/api/file/import-hydro-problem', zip, (ctx, user, file) =>
    importHydroZip(ctx, user, file, limits),
  );
  // reference §11.3
  importRoute('/api/file/import-fps-problem', xml, (ctx, user, file) =>
    importFpsXml(ctx, user, file, limits),
  );

  // issue 29 (Verdict's own): a Polygon package; `?lang=english` picks the statement's language
  importRoute(
    '/api/file/import-polygon-problem',
    zip,
    (ctx, user, file, { lang }) =>
      importPolygonZip(ctx, user, file, limits, lang && lang !== 'both' ? { lang } : {}),
    polygonQuery,
  );

  r.get(
    '/api/file/export-problem',
    { config: root, schema: { querystring: exportQuery, response: { 200: answersFile('application/zip') } } },
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
