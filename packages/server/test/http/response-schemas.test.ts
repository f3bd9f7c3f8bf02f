import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@verdict/shared';
import { answersJsonText, JsonText } from '../../src/http/envelope.ts';
import { responseSerializer } from '../../src/http/responses.ts';
import { routesWithAccess } from '../../src/http/auth/plugin.ts';
import { tagOf } from '../../src/modules/ops/openapi.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('issue 28: every route documents its answer', () => {
  it('gives every API route a response schema (a route without one fails here, named with its tag)', () => {
    const routes = routesWithAccess(t.app).filter(
      (r) => r.method !== 'HEAD' && r.access.auth !== 'publicAsset',
    );
    const missing: Record<string, string[]> = {};
    for (const r of routes) {
      if (r.schema.response?.['200'] === undefined)
        (missing[tagOf(r.plugin)] ??= []).push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual({});
  });
});

describe('issue 28: response schemas document answers, they never rewrite them', () => {
  const item = z.object({ id: z.number(), name: z.string() });
  async function appAnswering(answer: unknown, check: boolean) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializer(check));
    app.get('/x', { schema: { response: { 200: envelope(item) } } }, async () => answer);
    await app.ready();
    return app;
  }

  it('sends fields the schema does not list, as they are (HOJ clients read them)', async () => {
    const answer = { status: 200, msg: 'success', data: { id: 1, name: 'a', extra: [1, 2] } };
    const app = await appAnswering(answer, true);
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answer);
    await app.close();
  });

  it('turns a success its schema does not describe into a 500 while checking, and sends it when not', async () => {
    const wrong = { status: 200, msg: 'success', data: { id: 'one' } };
    const checked = await appAnswering(wrong, true);
    expect((await checked.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await checked.close();
    const unchecked = await appAnswering(wrong, false);
    expect((await unchecked.inject({ method: 'GET', url: '/x' })).json()).toEqual(wrong);
    await unchecked.close();
  });

  it('checks an answer written as JSON text already (the contest boards, http/envelope.ts JsonText)', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializer(true));
    app.get('/x', { schema: { response: { 200: envelope(item) } } }, async (request, reply) => {
      answersJsonText(reply);
      const text = (request.query as { text: string }).text;
      return { status: 200, msg: 'success', data: new JsonText(text) };
    });
    await app.ready();
    const described = await app.inject({ method: 'GET', url: '/x', query: { text: '{"id":1,"name":"a"}' } });
    expect(described.body).toBe('{"status":200,"msg":"success","data":{"id":1,"name":"a"}}');
    const wrong = await app.inject({ method: 'GET', url: '/x', query: { text: '{"id":"one"}' } });
    expect(wrong.statusCode).toBe(500);
    await app.close();
  });

  it('leaves a refusal alone (reference §1.2: a business error keeps HTTP 200 with another status)', async () => {
    const refusal = { status: 400, msg: 'no', data: null };
    const app = await appAnswering(refusal, true);
    expect((await app.inject({ method: 'GET', url: '/x' })).json()).toEqual(refusal);
    await app.close();
  });
});
