import type { FastifyInstance } from 'fastify';

/**
 * `application/x-www-form-urlencoded` request bodies (issue 24 item 3). HOJ's client posts through
 * axios, which sends any body that is not an object (a string, a number) with that type: the admin
 * dashboard's `get-sessions` posts the uid as a bare string, and Fastify refused it with 415. HOJ's
 * Spring server reads such bodies as form fields, and so does Verdict, for every route: a body
 * `a=1&b=x` is `{a: '1', b: 'x'}` (a repeated name gives a list), `abc` is `{abc: ''}`. The values
 * are text; numeric fields take them as digits (shared/numbers.ts), and the route's schema decides.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    // never a key that reaches an object's prototype
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
    const earlier = Object.hasOwn(fields, name) ? fields[name] : undefined;
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

/** Registers the form body parser on `app` (the root instance, so every route has it). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseFormBody(body as string));
    },
  );
}
