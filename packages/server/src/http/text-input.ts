import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.ts';
import type { Text } from './messages.ts';

/**
 * Issue 24 item 10: a NUL byte (U+0000) in any text of a request, body, query or path, is refused
 * here, before any schema or handler reads it. PostgreSQL cannot store U+0000 in text
 * ("invalid byte sequence for encoding UTF8: 0x00"), so such a value used to reach the database and
 * answer 500 on some thirty routes. The answer is a 400 in the envelope naming the field.
 *
 * One place for every route: a schema's text field would have to remember the rule, and routes that
 * parse their own input (or take a field no schema names) would not.
 */

/** The field's name as the error messages write it: `reply.content`, `ids[2]`, or `body`. */
function fieldName(path: readonly (string | number)[], part: string): string {
  if (path.length === 0) return part;
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key),
    '',
  );
}

/** Where the first NUL byte is in `value` (a key or a text), or undefined. Depth-first, in order. */
export function findNulByte(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulByte(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNulByte(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function nulByteMessage(field: string): Text {
  return {
    zh: `参数 ${field} 不合法：含有空字符（\\u0000），不接受二进制数据`,
    en: `Invalid parameter ${field}: it contains a NUL byte (\\u0000); binary data is not accepted`,
  };
}

/** Refuses a request whose path parameters, query or body hold a NUL byte (HTTP 400, body status 400). */
export const refuseNulBytes = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNulByte(value);
      if (path) throw new ApiError(400, nulByteMessage(fieldName(path, part)), 400);
    }
  });
});
