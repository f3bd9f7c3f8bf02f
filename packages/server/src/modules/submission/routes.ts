import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkSubmissionsStatusBody,
  lastAcCodeQuery,
  resubmitQuery,
  submissionListQuery,
  submitIdQuery,
  submitJudgeBody,
  testJudgeBody,
  testJudgeKeyQuery,
  updateSubmissionBody,
  submission,
  submissionListData,
  submissionDetailData,
  caseResultsData,
  submissionStatusesData,
  testJudgeResultData,
  testJudgeKeyData,
  lastAcCodeData,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { answersJsonText, ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import { can } from '../../policy/index.ts';
import { lastAcceptedCode, resubmit, setShare } from './actions.ts';
import { caseResults, submissionDetail } from './detail.ts';
import { judgeJson } from './json.ts';
import { listSubmissions } from './list.ts';
import { submissionStatuses } from './status.ts';
import { submitProblem } from './submit.ts';
import { submitTestRun, testRunResult } from './test-run.ts';

/** Submissions and judging: reference §3.4 (user side) and §3.3 get-last-ac-code. */
export async function submissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anon = { access: access.anon };
  const login = { access: access.login };
  const submitter = { access: access.permission('submit') };

  r.post(
    '/api/submit-problem-judge',
    { config: submitter, schema: { body: submitJudgeBody, response: { 200: answers(submission) } } },
    async (request) => {
      const row = await submitProblem(app.db, request.user!, request.body, {
        ip: request.ip,
        now: app.clock.now(),
      });
      app.judgeQueue.notify();
      return ok(judgeJson(row, { showIp: true }));
    },
  );

  r.get(
    '/api/resubmit',
    { config: login, schema: { querystring: resubmitQuery, response: { 200: answers(submission) } } },
    async (request) => {
      const row = await resubmit(app.db, request.user!, request.query.submitId, app.clock.now());
      app.judgeQueue.notify();
      return ok(judgeJson(row, { showIp: can(request.user, 'submission.ip') }));
    },
  );

  r.post(
    '/api/submit-problem-test-judge',
    { config: submitter, schema: { body: testJudgeBody, response: { 200: answers(testJudgeKeyData) } } },
    async (request) => {
      const key = await submitTestRun(app.db, request.user!, request.body, app.clock.now());
      app.judgeQueue.notify();
      return ok(key);
    },
  );

  r.get(
    '/api/get-test-judge-result',
    {
      config: login,
      schema: { querystring: testJudgeKeyQuery, response: { 200: answers(testJudgeResultData) } },
    },
    async (request) => ok(await testRunResult(app.db, request.user!, request.query.testJudgeKey)),
  );

  r.get(
    '/api/get-submission-list',
    {
      config: anon,
      schema: { querystring: submissionListQuery, response: { 200: answers(submissionListData) } },
    },
    async (request, reply) => {
      answersJsonText(reply);
      return ok(await listSubmissions(app.db, request.user, request.query));
    },
  );

  r.get(
    '/api/get-submission-detail',
    {
      config: anon,
      schema: { querystring: submitIdQuery, response: { 200: answers(submissionDetailData) } },
    },
    async (request) =>
      ok(await submissionDetail(app.db, request.user, request.query.submitId, app.clock.now())),
  );

  r.get(
    '/api/get-all-case-result',
    { config: anon, schema: { querystring: submitIdQuery, response: { 200: answers(caseResultsData) } } },
    async (request) => ok(await caseResults(app.db, request.user, request.query.submitId, app.clock.now())),
  );

  r.post(
    '/api/check-submissions-status',
    {
      config: anon,
      schema: { body: checkSubmissionsStatusBody, response: { 200: answers(submissionStatusesData) } },
    },
    async (request) =>
      ok(
        await submissionStatuses(
          app.db,
          request.user,
          request.body.submitIds,
          request.body.cid,
          app.clock.now(),
        ),
      ),
  );

  r.put(
    '/api/submission',
    { config: login, schema: { body: updateSubmissionBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      await setShare(app.db, request.user!, request.body.submitId, request.body.share);
      return ok(null);
    },
  );

  r.get(
    '/api/get-last-ac-code',
    { config: login, schema: { querystring: lastAcCodeQuery, response: { 200: answers(lastAcCodeData) } } },
    async (request) =>
      ok(
        await lastAcceptedCode(app.db, request.user!, request.query.pid, request.query.cid, app.clock.now()),
      ),
  );
}
