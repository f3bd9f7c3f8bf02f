import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pidQuery,
  TESTCASE_ZIP_LIMITS,
  uploadedZipData,
  uploadTestcaseQuery,
  type TestCaseZipLimits,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { fail, noPermission } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { answers, answersFile } from '../../http/responses.ts';
import { assertFileWhole, fileTooLarge, isFileTooLargeError } from '../../http/uploads.ts';
import { findProblem } from '../problem/detail.ts';
import { assertCan } from '../../policy/index.ts';
import { isAdminRole } from '../../policy/subjects.ts';
import { groupFor } from '../group/access.ts';
import { carouselRoutes } from './carousel-routes.ts';
import { compactTimestamp, testCaseZip } from './download.ts';
import { stagingRoot, TestCaseStaging } from './staging.ts';
import { extractTestCaseZip, ZipRejected } from './testcase-zip.ts';

export interface FileRoutesOptions {
  /** DATA_DIR: uploads wait in DATA_DIR/testcase-uploads until their problem is saved */
  dataDir: string;
  /** test-case zip limits; TESTCASE_ZIP_LIMITS by default */
  zipLimits?: Partial<TestCaseZipLimits>;
}

export const stagingOf = (app: FastifyInstance, dataDir: string) =>
  new TestCaseStaging(stagingRoot(dataDir), app.testData);

/** Test-case files: reference §3.11 upload-testcase-zip and download-testcase, §8.6. */
export async function fileRoutes(app: FastifyInstance, opts: FileRoutesOptions) {
  const limits: TestCaseZipLimits = { ...TESTCASE_ZIP_LIMITS, ...opts.zipLimits };
  const staging = stagingOf(app, opts.dataDir);
  // Registered in this plugin's scope only, with this call's limits.
  await app.register(multipart, {
    limits: { fileSize: limits.maxZipBytes, files: 1, fields: 10, parts: 20 },
  });
  await app.register(carouselRoutes, { dataDir: opts.dataDir });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/file/upload-testcase-zip',
    // reference §3.11: the admin area, or with `gid` the group's admins (group problems, §7.12)
    {
      config: { access: access.login },
      schema: { querystring: uploadTestcaseQuery, response: { 200: answers(uploadedZipData) } },
    },
    async (request) => {
      if (request.query.gid !== undefined)
        await groupFor(app.db, request.user!, request.query.gid, 'group.admin');
      else if (!isAdminRole(request.user)) throw noPermission();
      const now = app.clock.now();
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw fail(problemMessages.zipMissing);
      if (!/\.zip$/i.test(part.filename)) {
        part.file.resume();
        throw fail(problemMessages.zipInvalid);
      }
      const upload = await staging.create();
      try {
        const zipFile = path.join(upload.dir, 'upload.zip.tmp');
        await pipeline(part.file, createWriteStream(zipFile));
        assertFileWhole(part, problemMessages.zipTooBig(limits.maxZipBytes));
        const { pairs, files } = await extractTestCaseZip(zipFile, upload.dir, limits, request.query.mode);
        await staging.removeFile(upload.id, 'upload.zip.tmp');
        await staging.writeManifest(upload.id, {
          uid: request.user!.uid,
          createdAt: now.toISOString(),
          files,
        });
        return ok({ fileList: pairs, fileListDir: upload.id });
      } catch (error) {
        // nothing of a refused upload stays behind
        await staging.discard(upload.id);
        if (error instanceof ZipRejected) throw fail(error.reason);
        if (isFileTooLargeError(error)) throw fileTooLarge(problemMessages.zipTooBig(limits.maxZipBytes));
        throw error;
      }
    },
  );

  r.get(
    '/api/file/download-testcase',
    {
      config: { access: access.login },
      schema: { querystring: pidQuery, response: { 200: answersFile('application/zip') } },
    },
    async (request, reply) => {
      const problem = await findProblem(app.db, request.query.pid);
      // reference §3.11: root, problem_admin or the author; a group's problem: its author or the group's root
      if (problem?.isGroup && problem.gid !== null) {
        const view = await groupFor(app.db, request.user!, problem.gid, 'group.view');
        assertCan(request.user, 'group.editContent', { group: view.facts, author: problem.author });
      } else assertCan(request.user, 'problem.edit', problem);
      const stream = await testCaseZip(app.db, app.testData, problem!.id);
      const name = `problem_${problem!.id}_testcase_${compactTimestamp(app.clock.now())}.zip`;
      return reply
        .type('application/zip')
        .header('Content-disposition', `attachment;filename=${encodeURIComponent(name)}`)
        .send(stream);
    },
  );
}
