import type { FastifyReply } from 'fastify';
import type { Message } from './messages.ts';

/** reference §1.1: every JSON endpoint answers exactly `{status, msg, data}`. */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** A successful result; the message is localised when the reply is sent. */
export class Ok<T> {
  constructor(
    readonly data: T,
    readonly msg: Message = 'success',
  ) {}
}

export const ok = <T>(data: T, msg?: Message) => new Ok(data, msg);

/**
 * Data written as JSON already, for an answer that must be serialised at once (a board page reads
 * rows that the next await may change, contest/rank/page.ts). A route that answers it calls
 * `answersJsonText(reply)` first.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Lets `reply` answer an envelope whose data is `JsonText`. The route declares its answer with
 * `answers(...)`: its serializer (http/responses.ts) writes the text as it is and, while checking,
 * checks it like any other answer.
 */
export function answersJsonText(reply: FastifyReply): void {
  reply.type('application/json; charset=utf-8');
}

/** An envelope as JSON, with `JsonText` data written as it is. */
export function serializeEnvelope(payload: unknown): string {
  if (payload && typeof payload === 'object' && 'data' in payload && payload.data instanceof JsonText) {
    const { data, ...rest } = payload;
    const head = JSON.stringify(rest).slice(0, -1);
    return `${head}${head === '{' ? '' : ','}"data":${data.text}}`;
  }
  return JSON.stringify(payload);
}

/** reference §1.1: paged payloads in MyBatis-Plus `IPage` shape; clients read `records` and `total`. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** `page()` with its records written as a JSON array already (a list the database wrote as JSON). */
export function pageJsonText(records: string, total: number, current: number, size: number): JsonText {
  const { records: _none, ...rest } = page([], total, current, size);
  return new JsonText(`{"records":${records},${JSON.stringify(rest).slice(1)}`);
}
