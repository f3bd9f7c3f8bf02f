import { JUDGE_TOKEN_HEADER } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routesWithAccess } from '../../src/http/auth/plugin.ts';
import { findNulByte } from '../../src/http/text-input.ts';
import { JUDGE_TOKEN } from '../helpers/app.ts';
import { emptyPayload, schemaFields, setPath, type FieldPath } from '../helpers/schema-fields.ts';
import { CPP, createWorld, type World } from '../problem/fixtures.ts';

/**
 * Issue 24 item 10: a NUL byte (U+0000) in a request's text reached PostgreSQL ("invalid byte
 * sequence for encoding UTF8: 0x00") and answered 500 on some thirty routes. It is now a 400 in the
 * envelope naming the field, decided in one place (http/text-input.ts), whatever the route.
 */

const NUL = 'a\u0000b';
/** Text names of HOJ's calls, for routes that parse their own input (no route schema). */
const GENERIC_TEXTS = ['keyword', 'username', 'password', 'title', 'content', 'code', 'name', 'email', 'key'];

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
/** The field as the answer names it: `reply.content`, `concernedList[0]`. */
const named = (path: FieldPath) =>
  path.reduce((name, key) => (key === '*' ? `${name}[0]` : name ? `${name}.${key}` : key), '');

describe('issue 24 item 10: every route × a NUL byte in each text field answers 400, never 500', () => {
  it('body and query fields of every route (route enumeration)', async () => {
    const answers: { call: string; field: string; status: number; msg: string }[] = [];
    for (const route of routesWithAccess(w.t.app)) {
      if (route.method === 'HEAD' || route.url === '/*' || route.url === '/api/msg/stream') continue;
      const headers: Record<string, string> = route.url.startsWith('/api/judge-gateway/')
        ? { [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN }
        : {
            authorization: await w.t.app.auth.openSession(w.uids.root, {
              userAgent: 'vitest',
              ip: '127.0.0.1',
            }),
          };
      const url = route.url.replace(':name', 'none.png').replace(':sha256', '0'.repeat(64));
      const parts: ['body' | 'query', FieldPath[]][] = [];
      const hasBody = route.method !== 'GET';
      const own = (schema: unknown) => (isSchema(schema) ? schemaFields(schema).texts : []);
      const generic = GENERIC_TEXTS.map((name) => [name]);
      if (hasBody) parts.push(['body', route.schema.body ? own(route.schema.body) : generic]);
      parts.push(['query', route.schema.querystring ? own(route.schema.querystring) : generic]);
      for (const [where, paths] of parts) {
        for (const path of paths) {
          if (where === 'query' && path.length !== 1) continue;
          const payload = where === 'body' ? emptyPayload([path]) : {};
          setPath(payload, path, NUL);
          const res = await w.t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(where === 'body'
              ? { payload: payload as object }
              : { query: payload as Record<string, string> }),
          });
          const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
          answers.push({
            call: `${route.method} ${route.url} ${where}`,
            field: named(path),
            status: res.statusCode,
            msg: String(body.msg ?? res.body.slice(0, 200)),
          });
        }
      }
    }
    expect(answers.length).toBeGreaterThan(400);
    // named in the issue: among the probed calls
    for (const call of [
      'GET /api/get-problem-list query',
      'GET /api/get-submission-list query',
      'POST /api/login body',
      'POST /api/submit-problem-judge body',
      'POST /api/comment body',
    ]) {
      expect(answers.some((a) => a.call === call)).toBe(true);
    }
    // a route's rate limit (checked when the request arrives, before its input is read) may answer 429
    const wrong = answers.filter(
      (a) => a.status !== 429 && (a.status !== 400 || !a.msg.includes(`参数 ${a.field} 不合法：含有空字符`)),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(wrong).toEqual([]);
  }, 600_000);

  it('a path parameter too', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/public/img/a%00b.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 name 不合法：含有空字符（\\u0000），不接受二进制数据');
  });
});

describe('issue 24 item 10: the calls the issue names, anonymous and signed in, in both languages', () => {
  it('GET query strings with %00 (problem, submission, contest, training and discussion lists)', async () => {
    for (const url of [
      '/api/get-problem-list?keyword=%00',
      '/api/get-problem-detail?problemId=%00',
      '/api/get-submission-list?username=%00',
      '/api/get-contest-list?keyword=x%00',
      '/api/get-training-list?keyword=%00',
      '/api/get-discussion-list?keyword=%00',
    ]) {
      const res = await w.t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode, url).toBe(400);
      const field = url.split('?')[1]!.split('=')[0]!;
      expect(res.json()).toEqual({
        status: 400,
        msg: `Invalid parameter ${field}: it contains a NUL byte (\\u0000); binary data is not accepted`,
        data: null,
      });
    }
  });

  it('login, profile, discussion and a nested field of a body', async () => {
    const login = await w.call('POST', '/api/login', {
      payload: { username: 'alice', password: 'a\u0000bcdef' },
    });
    expect([login.http, login.status, login.msg]).toEqual([
      400,
      400,
      'Invalid parameter password: it contains a NUL byte (\\u0000); binary data is not accepted',
    ]);
    const profile = await w.call('POST', '/api/change-userInfo', {
      token: w.tokens.alice,
      payload: { nickname: 'x\u0000', signature: 'fine' },
      lang: 'zh',
    });
    expect(profile.msg).toBe('参数 nickname 不合法：含有空字符（\\u0000），不接受二进制数据');
    const reply = await w.call('POST', '/api/reply', {
      token: w.tokens.alice,
      payload: { reply: { commentId: 1, toUid: w.uids.bob, content: 'hi\u0000' }, did: 1 },
    });
    expect(reply.http).toBe(400);
    expect(reply.msg).toContain('reply.content');
    const key = await w.call('PUT', '/api/admin/switch/update', {
      token: w.tokens.root,
      payload: { ['open\u0000Judge']: true },
    });
    expect(key.http).toBe(400);
  });

  it('code with a NUL byte or another control character is refused as binary, submit and test run', async () => {
    const submit = (code: string, lang: 'en' | 'zh' = 'en') =>
      w.call('POST', '/api/submit-problem-judge', {
        token: w.tokens.alice,
        payload: { pid: 'P1000', language: 'C++', code, cid: 0, isRemote: false },
        lang,
      });
    const nul = await submit(`${CPP}\u0000`);
    expect([nul.http, nul.status]).toEqual([400, 400]);
    expect(nul.msg).toBe(
      'Invalid parameter code: it contains a NUL byte (\\u0000); binary data is not accepted',
    );
    for (const control of ['\u0001', '\u0007', '\u001b', '\u007f']) {
      const res = await submit(`${CPP}//${control}`);
      expect([res.status, res.msg], JSON.stringify(control)).toEqual([
        400,
        'The code contains binary bytes (control characters): please submit plain-text source code!',
      ]);
    }
    expect((await submit(`${CPP}//\u0001`, 'zh')).msg).toBe(
      '提交的代码含有二进制字符（控制字符），请提交纯文本源代码！',
    );
    // tab, line feed, vertical tab, form feed and carriage return are text
    const fine = await submit(`${CPP}\t//\u000b\u000c\r\n`);
    expect([fine.status, fine.msg]).toEqual([200, 'success']);

    const testRun = await w.call('POST', '/api/submit-problem-test-judge', {
      token: w.tokens.alice,
      payload: { pid: w.p1000, type: 'public', code: `${CPP}\u0002`, language: 'C++', userInput: '1 2' },
      lang: 'en',
    });
    expect([testRun.status, testRun.msg]).toEqual([
      400,
      'The code contains binary bytes (control characters): please submit plain-text source code!',
    ]);
  });

  it('findNulByte finds keys and texts at any depth, and nothing in clean input', () => {
    expect(findNulByte({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNulByte({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findNulByte('\u0000')).toEqual([]);
    expect(findNulByte({ a: ['x', { b: 'y\n\t' }], n: 1, z: null })).toBeUndefined();
  });
});
