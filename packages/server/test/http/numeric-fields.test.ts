import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as shared from '@verdict/shared';
import { int, intOneOf, optionalInt, positiveId } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as judgeContract from '../../../shared/src/judge.ts';
import { routesWithAccess, type DeclaredRoute } from '../../src/http/auth/plugin.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { digitsFor, emptyPayload, schemaFields, setPath, type FieldPath } from '../helpers/schema-fields.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Issue 24 item 1: HOJ's client sends numeric ids as strings after a page reload (`cid: "1000"`),
 * and HOJ's server takes them (Jackson coerces). Every numeric field of a request, in a body or a
 * query, is one of shared/numbers.ts's helpers, which take a number or a string of digits in range.
 */

/**
 * Numbers that stay plain: Verdict's own, not in the reference. `slideX` is the slide captcha's
 * pixel offset, which the browser measures and may send with a fraction.
 */
const PLAIN_NUMBER_ALLOWED = new Set(['loginSchema slideX']);

/** Routes outside HOJ's contract: the judge gateway (Verdict's workers) and the web app's files. */
const outsideHojContract = (route: DeclaredRoute) =>
  route.url.startsWith('/api/judge-gateway/') || route.url === '/*' || route.method === 'HEAD';

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
const joined = (path: FieldPath) => path.join('.');

describe('issue 24 item 1: the helpers take a number or a string of digits, in range, nothing else', () => {
  it('accepts digits and numbers, refuses 1.5, " 1", 1e3, "", 0x10, +1 and unsafe integers', () => {
    for (const ok of [7, '7', '007', '9007199254740991'])
      expect(int().safeParse(ok).success, String(ok)).toBe(true);
    expect(int().parse('12')).toBe(12);
    for (const bad of [
      '1.5',
      ' 1',
      '1 ',
      '1e3',
      '',
      '0x10',
      '+1',
      '１',
      1.5,
      '9007199254740992',
      null,
      true,
    ]) {
      expect(int().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes a leading '-' only where the range has negatives, and keeps the range", () => {
    expect(int().parse('-3')).toBe(-3);
    expect(positiveId.safeParse('-3').success).toBe(false);
    expect(positiveId.safeParse('0').success).toBe(false);
    expect(int({ min: 0 }).safeParse('-0').success).toBe(false);
    expect(int({ min: -10, max: 15 }).parse('-10')).toBe(-10);
    expect(int({ min: -10, max: 15 }).safeParse('16').success).toBe(false);
    expect(intOneOf([0, 1]).parse('1')).toBe(1);
    expect(intOneOf([0, 1]).safeParse('2').success).toBe(false);
  });

  it('optionalInt: absent, null and "" are no value; anything else must be an integer', () => {
    const q = z.object({ n: optionalInt({ min: 1 }) });
    expect(q.parse({})).toEqual({});
    expect(q.parse({ n: '' }).n).toBeUndefined();
    expect(q.parse({ n: null }).n).toBeUndefined();
    expect(q.parse({ n: '5' }).n).toBe(5);
    expect(q.safeParse({ n: 'x' }).success).toBe(false);
  });

  it('names the field and says what it takes; a missing field stays "missing"', () => {
    const issue = z.object({ cid: positiveId }).safeParse({ cid: '1.5' }).error!.issues[0]!;
    expect(issue.path).toEqual(['cid']);
    expect(issue.message).toBe('expected an integer of at least 1 (a number or a string of digits)');
    expect(z.object({ cid: positiveId }).safeParse({}).error!.issues[0]!.message).toMatch(
      /received undefined/,
    );
  });
});

/** The names exported by the response schema files (shared/src/responses/). */
async function responseSchemaNames(): Promise<string[]> {
  const folder = fileURLToPath(new URL('../../../shared/src/responses/', import.meta.url));
  const names: string[] = [];
  for (const file of (await readdir(folder)).filter((f) => f.endsWith('.ts')))
    names.push(...Object.keys((await import(path.join(folder, file))) as object));
  return names;
}

describe('issue 24 item 1: no request schema of the contract keeps a plain number', () => {
  it('every exported request schema of @verdict/shared uses the helpers (the judge gateway aside)', async () => {
    // answers (shared/src/responses/, issue 28) describe what the server writes; they parse nothing
    const skipped = new Set([...Object.keys(judgeContract), ...(await responseSchemaNames())]);
    const plain: string[] = [];
    let numeric = 0;
    for (const [name, value] of Object.entries(shared)) {
      if (!isSchema(value) || skipped.has(name)) continue;
      const fields = schemaFields(value);
      numeric += fields.ints.length;
      for (const path of fields.plainNumbers) {
        if (!PLAIN_NUMBER_ALLOWED.has(`${name} ${joined(path)}`)) plain.push(`${name} ${joined(path)}`);
      }
    }
    expect(plain).toEqual([]);
    expect(numeric).toBeGreaterThan(100);
  });
});

/** Numeric names HOJ's calls use, for routes whose handler parses its own input (no route schema). */
const GENERIC: Record<string, string> = {
  cid: '1',
  pid: '1',
  tid: '1',
  did: '1',
  id: '1',
  aid: '1',
  submitId: '1',
  commentId: '1',
  currentPage: '1',
  limit: '10',
};

let t: TestApp;
let rootUid: string;
beforeAll(async () => {
  t = await buildTestApp();
  rootUid = await createUser(t.db, { username: 'numeric-root', role: 'root' });
});
afterAll(() => t.close());

interface Probe {
  route: string;
  where: 'body' | 'query';
  fields: string[];
  answer: string;
  schemaIssues: string[];
}

/** The payload of one part (body or query): the schema's numeric fields as digits, or GENERIC. */
function probePart(schema: unknown, useGeneric: boolean) {
  if (!isSchema(schema)) return useGeneric ? { payload: { ...GENERIC }, ints: [] as FieldPath[] } : undefined;
  const { ints } = schemaFields(schema);
  if (ints.length === 0) return undefined;
  const payload = emptyPayload(ints.map((f) => f.path));
  for (const field of ints) setPath(payload, field.path, digitsFor(field.facts));
  return { payload, ints: ints.map((f) => f.path) };
}

/** The schema's issues on the numeric fields themselves (other fields are left out on purpose). */
function numericIssues(schema: unknown, payload: unknown, ints: FieldPath[]): string[] {
  if (!isSchema(schema)) return [];
  const result = schema.safeParse(payload);
  if (result.success) return [];
  const numeric = new Set(ints.map((p) => joined(p.map((k) => (k === '*' ? '0' : k)))));
  // a cross-field rule (code 'custom', e.g. "give either cid or did") is not about the spelling
  return result.error.issues
    .filter((issue) => issue.code !== 'custom' && numeric.has(issue.path.map(String).join('.')))
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('issue 24 item 1: every route takes its numeric fields as strings of digits (route enumeration)', () => {
  it('no route answers "expected number" for a body or query id written as a string', async () => {
    const probes: Probe[] = [];
    const routes = routesWithAccess(t.app).filter(
      (r) => !outsideHojContract(r) && r.url !== '/api/msg/stream',
    );
    for (const route of routes) {
      const hasBody = route.method !== 'GET';
      const body = hasBody ? probePart(route.schema.body, !route.schema.body) : undefined;
      // a route that parses its own input may read either part: both get the generic ids
      const query = probePart(route.schema.querystring, !route.schema.querystring && !route.schema.body);
      for (const [where, part, schema] of [
        ['body', body, route.schema.body],
        ['query', query, route.schema.querystring],
      ] as const) {
        if (!part) continue;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':name', 'none.png'),
          headers: {
            authorization: await t.app.auth.openSession(rootUid, { userAgent: 'vitest', ip: '127.0.0.1' }),
          },
          ...(where === 'body' ? { payload: part.payload as object } : {}),
          ...(where === 'query' ? { query: part.payload as Record<string, string> } : {}),
        });
        probes.push({
          route: `${route.method} ${route.url}`,
          where,
          fields: part.ints.length ? part.ints.map(joined) : Object.keys(GENERIC),
          answer: `${res.statusCode} ${res.body.slice(0, 300)}`,
          schemaIssues: numericIssues(schema, part.payload, part.ints),
        });
      }
    }
    // the routes the issue names are among those probed with their own schemas
    for (const named of [
      'POST /api/get-contest-rank',
      'POST /api/get-user-problem-status',
      'POST /api/submit-problem-judge',
      'POST /api/comment',
      'POST /api/reply',
      'POST /api/get-contest-not-read-announcement',
      'POST /api/admin/contest/add-problem-from-public',
      'POST /api/admin/contest/announcement',
    ]) {
      expect(
        probes.some((p) => p.route === named && p.fields.length > 0),
        named,
      ).toBe(true);
    }
    expect(probes.length).toBeGreaterThan(150);
    const refused = probes.filter(
      (p) =>
        /expected (a )?number, received string|expected an integer|expected one of the integers/i.test(
          p.answer,
        ) || p.schemaIssues.length > 0,
    );
    expect(refused).toEqual([]);
  }, 600_000);
});
