import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { envelope } from '@verdict/shared';
import { serializeEnvelope, type JsonText, type Ok } from './envelope.ts';

/**
 * How a route declares its answer (issue 28, the API document):
 *
 *   r.get('/api/x', { config, schema: { querystring: xQuery, response: { 200: answers(xData) } } }, …)
 *
 * `xData` is the zod schema of the envelope's `data`, in `shared/src/responses/<domain>.ts`. The
 * type provider then checks that the handler returns `ok(...)` of that shape; `/api/openapi.json`
 * documents it; and while tests run (VERDICT_CHECK_RESPONSES=1, set by vitest.config.ts) every
 * successful answer is checked against it. A route answering a file or a stream declares
 * `answersFile('application/zip')` instead.
 */

/** What a handler may hand over for a wire type: JSON.stringify writes a Date as an ISO string. */
export type Sendable<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Sendable<E>[]
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

/** The response schema of a JSON route: the success envelope of `data`, typed as what `ok()` returns. */
export function answers<D extends z.ZodType>(data: D) {
  return envelope(data) as unknown as z.ZodType<Ok<Sendable<z.output<D>>> | Ok<JsonText>>;
}

const FILE_ANSWER = Symbol('file answer');

/** The response schema of a route answering a file, an image or a stream of `contentType`. */
export function answersFile(contentType: string) {
  const schema = z.custom<unknown>().meta({ contentType });
  return Object.assign(schema, { [FILE_ANSWER]: contentType });
}

/** The content type a file answer declares, or undefined for a JSON answer. */
export function fileContentType(schema: unknown): string | undefined {
  return typeof schema === 'object' && schema !== null && FILE_ANSWER in schema
    ? String(schema[FILE_ANSWER])
    : undefined;
}

/** A successful answer that its declared schema does not describe (only while checking). */
export class UndocumentedAnswer extends Error {}

/**
 * Serialises answers as they are: a response schema documents, it never strips or rewrites (HOJ's
 * client reads fields a schema may not list). With `check`, a 2xx answer whose envelope says success
 * is checked against the schema, and an answer the schema does not describe becomes a 500 naming
 * the route and the zod issues.
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const text = serializeEnvelope(data);
      if (!check || !String(httpStatus).startsWith('2') || !(schema instanceof z.ZodType)) return text;
      if (fileContentType(schema) !== undefined) return text;
      const wire: unknown = JSON.parse(text);
      if (typeof wire !== 'object' || wire === null || !('status' in wire) || wire.status !== 200)
        return text;
      const result = schema.safeParse(wire);
      if (!result.success) {
        const issues = z.prettifyError(result.error);
        const message = `${method} ${url} answered what its response schema does not describe:\n${issues}`;
        process.stderr.write(`${message}\n`);
        throw new UndocumentedAnswer(message);
      }
      return text;
    };
}
