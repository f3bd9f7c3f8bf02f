import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, submissionListData } from '@verdict/shared';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

type Json = Record<string, unknown>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  doc = response.json();
});
afterAll(() => t.close());

/** Every `$ref` in `value`, with where it was found. */
function refs(value: unknown, at = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [[at, v] as [string, string]] : refs(v, `${at}/${k}`),
  );
}

function resolve(pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('issue 28: GET /api/openapi.json, the API document', () => {
  it('is an OpenAPI 3.1 document whose operations have ids, tags, access and responses', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths as Json).length).toBeGreaterThan(200);
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      expect(['get', 'post', 'put', 'delete', 'patch'], path).toContain(method);
      expect(path, 'paths use {name}, not :name').not.toContain(':');
      expect(ids.has(op.operationId as string), `${op.operationId} is unique`).toBe(false);
      ids.add(op.operationId as string);
      expect((op.tags as string[]).length).toBe(1);
      expect(op['x-access']).toHaveProperty('auth');
      expect(Object.keys(op.responses as Json).length).toBeGreaterThan(0);
      // every {name} of the path is a declared path parameter
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const params = (op.parameters ?? []) as Json[];
        expect(
          params.some((p) => p.in === 'path' && p.name === name),
          `${path} ${name}`,
        ).toBe(true);
      }
    }
  });

  it('resolves every $ref inside the document', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const [at, ref] of all) {
      expect(ref.startsWith('#/'), `${at}: ${ref}`).toBe(true);
      expect(resolve(ref), `${at}: ${ref}`).toBeDefined();
    }
  });

  it('includes the admin and judge-gateway routes with their access, and not the web app files', () => {
    const submit = (doc.paths as Json)['/api/judge-gateway/claim'] as Record<string, Json>;
    expect(submit.post!['x-access']).toEqual({ auth: 'judge' });
    expect(submit.post!.security).toEqual([{ judgeToken: [] }]);
    const rejudge = (doc.paths as Json)['/api/admin/judge/rejudge'] as Record<string, Json>;
    expect(rejudge.get!['x-access']).toMatchObject({ auth: 'login', roles: ['root'] });
    expect(Object.keys(doc.paths as Json)).not.toContain('/*');
  });

  it("documents the submission list (reference §3.4) with its query and its answer's schema", () => {
    const op = ((doc.paths as Json)['/api/get-submission-list'] as Record<string, Json>).get!;
    expect(op.tags).toEqual(['submission']);
    const names = (op.parameters as Json[]).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['currentPage', 'limit', 'status', 'username', 'problemID']),
    );
    const answer = ((op.responses as Json)['200'] as Json).content as Record<string, Json>;
    const expected = z.toJSONSchema(envelope(submissionListData), {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-2020-12',
    });
    delete expected.$schema;
    expect(answer['application/json']!.schema).toEqual(expected);
  });

  it('declares the metrics as text, not JSON', () => {
    const op = ((doc.paths as Json)['/metrics'] as Record<string, Json>).get!;
    const content = ((op.responses as Json)['200'] as Json).content as Json;
    expect(Object.keys(content)).toEqual(['text/plain; version=0.0.4']);
  });
});
