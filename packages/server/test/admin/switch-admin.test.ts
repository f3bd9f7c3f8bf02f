import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_ACCOUNT_FIELDS, SWITCH_DEFAULTS } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { remoteJudgeAccount } from '../../src/db/schema/index.ts';
import { readConfig } from '../../src/modules/home/service.ts';
import { judgeSwitches } from '../../src/modules/submission/switches.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, JUDGE_TOKEN, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

let t: TestApp;
let c: Client;
/** A second server process on the same database (reference §3.12 switch/update: every instance). */
let other: FastifyInstance;
const tokens = { root: '', admin: '', user: '' };
const INFO = '/api/admin/switch/info';
const UPDATE = '/api/admin/switch/update';

const update = (payload: unknown, token = tokens.root, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'PUT',
    url: UPDATE,
    payload: payload as object,
    headers: { authorization: token, 'accept-language': 'en-US' },
  });
const info = async (app: FastifyInstance = t.app, token = tokens.root) =>
  body(await app.inject({ method: 'GET', url: INFO, headers: { authorization: token } })).data as Record<
    string,
    unknown
  >;
const stored = () => readConfig<Record<string, unknown>>(t.db, 'switch');
/** What switch/info answers on a site without mail (issue 24 item 7: no e-mail code without mail). */
const NO_ACCOUNTS = Object.fromEntries(REMOTE_ACCOUNT_FIELDS.map((field) => [field, []]));
const DEFAULTS_WITHOUT_MAIL = { ...SWITCH_DEFAULTS, registerNeedsEmailCode: false, ...NO_ACCOUNTS };
/** The pool's rows of one site, password included (what the remote worker gets, nobody else). */
const pool = async (oj: string) =>
  (
    await t.db
      .select({ username: remoteJudgeAccount.username, password: remoteJudgeAccount.password })
      .from(remoteJudgeAccount)
      .where(eq(remoteJudgeAccount.oj, oj))
      .orderBy(remoteJudgeAccount.id)
  ).map((r) => `${r.username}:${r.password}`);

beforeAll(async () => {
  t = await buildTestApp();
  c = client(t);
  await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  tokens.root = await signIn(c, 'root', ROOT_PASSWORD);
  tokens.admin = await signIn(c, 'boss', 'boss-pass');
  tokens.user = await signIn(c, 'plain', 'plain-pass');
  other = await buildApp({
    db: t.db,
    config: {
      jwt: { secret: randomBytes(32).toString('hex'), expireSeconds: 86400, refreshAfterSeconds: 43200 },
      webDist: undefined,
      corsOrigins: [],
      dataDir: await mkdtemp(path.join(tmpdir(), 'verdict-test-')),
      judgeToken: JUDGE_TOKEN,
      judgeLeaseMs: 30_000,
    },
  });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('reference §3.12 switch/info and switch/update (§7.14 SwitchConfigDTO): P(system_info_admin)', () => {
  it('refuses anonymous callers (401), plain users and admins (403), changing nothing', async () => {
    const before = await stored();
    expect((await t.app.inject({ url: INFO })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: UPDATE, payload: { openPublicJudge: false } })).statusCode,
    ).toBe(401);
    for (const token of [tokens.user, tokens.admin]) {
      expect((await t.app.inject({ url: INFO, headers: { authorization: token } })).statusCode).toBe(403);
      expect((await update({ openPublicJudge: false }, token)).statusCode).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers every switch and limit Verdict uses, with HOJ names and defaults (GET and POST)', async () => {
    expect(await info()).toEqual(DEFAULTS_WITHOUT_MAIL);
    const viaPost = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: { authorization: tokens.root },
    });
    expect(body(viaPost).data).toEqual(DEFAULTS_WITHOUT_MAIL);
  });

  it.each([
    [{ openPublicJudge: 'false' }, 'openPublicJudge'],
    [{ openContestComment: 1 }, 'openContestComment'],
    [{ defaultSubmitInterval: -1 }, 'defaultSubmitInterval'],
    [{ defaultSubmitInterval: 2.5 }, 'defaultSubmitInterval'],
    [{ submitCaptchaThreshold: 1e9 }, 'submitCaptchaThreshold'],
    // '5' is taken (issue 24 item 1: digits as a string, as Jackson binds them); ' 5' and '5.0' are not
    [{ defaultCreateGroupLimit: ' 5' }, 'defaultCreateGroupLimit'],
    [{ defaultCreateGroupLimit: '5.0' }, 'defaultCreateGroupLimit'],
    [{ openPublicJudge: false, openPublicJudgeTypo: true }, 'openPublicJudgeTypo'],
    [{ hduUsernameList: 'me' }, 'hduUsernameList'],
    [[], 'body'],
  ])(
    'refuses %j with an error naming %s, changing nothing (not even the valid fields)',
    async (payload, field) => {
      const before = await stored();
      const res = await update(payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).status).toBe(400);
      expect(body(res).msg).toContain(field);
      expect(await stored()).toEqual(before);
    },
  );

  it("changes the fields sent and keeps the rest and those sent as null; HOJ's remote account lists go to the account pool (reference §10.1), never back out", async () => {
    const res = await update({
      openGroupDiscussion: false,
      defaultSubmitInterval: 0,
      submitCaptchaThreshold: 3,
      openContestJudge: null,
      hduUsernameList: ['a'],
      hduPasswordList: ['secret'],
    });
    expect(body(res)).toEqual({ status: 200, msg: 'success', data: null });
    expect(await info()).toEqual({
      ...DEFAULTS_WITHOUT_MAIL,
      openGroupDiscussion: false,
      defaultSubmitInterval: 0,
      submitCaptchaThreshold: 3,
      hduUsernameList: ['a'],
      hduPasswordList: [''],
    });
    expect(JSON.stringify(await stored())).not.toContain('secret');
    expect(JSON.stringify(await info())).not.toContain('secret');
    expect(
      await t.db
        .select({ oj: remoteJudgeAccount.oj, username: remoteJudgeAccount.username })
        .from(remoteJudgeAccount),
    ).toEqual([{ oj: 'HDU', username: 'a' }]);
    // uneven lists are refused before anything is written
    const uneven = await update({
      openGroupDiscussion: true,
      cfUsernameList: ['x', 'y'],
      cfPasswordList: ['p'],
    });
    expect(body(uneven).status).toBe(400);
    expect((await info()).openGroupDiscussion).toBe(false);
    expect(await judgeSwitches(t.db)).toMatchObject({ defaultSubmitInterval: 0, submitCaptchaThreshold: 3 });
    // an empty update changes nothing
    expect(body(await update({})).status).toBe(200);
    expect((await info()).submitCaptchaThreshold).toBe(3);
  });

  it("reference §7.14, issue 30: the account lists come back with usernames and '' for each password; sent back untouched they keep every password; no answer ever holds one", async () => {
    const answers: string[] = [];
    const send = async (payload: object) => {
      const res = await update(payload);
      answers.push(res.body);
      return body(res);
    };
    expect(
      (
        await send({
          cfUsernameList: ['club-1', 'club-2'],
          cfPasswordList: ['pw-one-1', 'pw-two-2'],
          spojUsernameList: ['sp'],
          spojPasswordList: ['pw-spoj-3'],
        })
      ).status,
    ).toBe(200);
    const shown = await info();
    answers.push(JSON.stringify(shown));
    expect(shown).toMatchObject({
      cfUsernameList: ['club-1', 'club-2'],
      cfPasswordList: ['', ''],
      spojUsernameList: ['sp'],
      spojPasswordList: [''],
      pojUsernameList: [],
      pojPasswordList: [],
    });
    // HOJ's client saves the whole page it was given: nothing changes, no password is lost
    expect((await send(shown)).status).toBe(200);
    expect(await pool('CF')).toEqual(['club-1:pw-one-1', 'club-2:pw-two-2']);
    expect(await pool('SPOJ')).toEqual(['sp:pw-spoj-3']);
    // one password changed, one account removed, one added: the untouched one keeps its password
    expect(
      (
        await send({
          cfUsernameList: ['club-2', 'club-3'],
          cfPasswordList: ['pw-new-2', 'pw-three-3'],
          spojUsernameList: ['sp'],
          spojPasswordList: [''],
        })
      ).status,
    ).toBe(200);
    expect(await pool('CF')).toEqual(['club-2:pw-new-2', 'club-3:pw-three-3']);
    expect(await pool('SPOJ')).toEqual(['sp:pw-spoj-3']);
    answers.push(JSON.stringify(await info()));
    for (const answer of answers) expect(answer).not.toMatch(/pw-/);
    await send({ cfUsernameList: [], cfPasswordList: [], spojUsernameList: [], spojPasswordList: [] });
    expect(await pool('CF')).toEqual([]);
  });

  it('issue 30: switches and accounts are written in one transaction: a refused account list leaves the switches unchanged too', async () => {
    expect((await update({ cfUsernameList: ['club-1'], cfPasswordList: ['pw-kept-1'] })).statusCode).toBe(
      200,
    );
    const before = { switches: await stored(), cf: await pool('CF'), hdu: await pool('HDU') };
    // a new username with an empty password: refused after the switches were written in the transaction
    const res = await update({
      openPublicDiscussion: !(before.switches.openPublicDiscussion as boolean),
      defaultSubmitInterval: 77,
      hduUsernameList: ['h1'],
      hduPasswordList: ['pw-hdu-1'],
      cfUsernameList: ['club-1', 'newcomer'],
      cfPasswordList: ['', ''],
    });
    expect(body(res).status).toBe(400);
    expect(body(res).msg).toBe('The Codeforces remote judge account newcomer is new: it needs a password!');
    expect(res.body).not.toMatch(/pw-/);
    expect({ switches: await stored(), cf: await pool('CF'), hdu: await pool('HDU') }).toEqual(before);
    await update({ cfUsernameList: [], cfPasswordList: [] });
  });

  it('a change made through one server process is obeyed by another on its next request', async () => {
    const c2 = (url: string, init: { method?: 'GET' | 'POST'; payload?: object; token?: string } = {}) =>
      other.inject({
        method: init.method ?? 'GET',
        url,
        payload: init.payload,
        headers: { 'accept-language': 'en-US', ...(init.token ? { authorization: init.token } : {}) },
      });
    const login = await c2('/api/login', {
      method: 'POST',
      payload: { username: 'plain', password: 'plain-pass' },
    });
    const userToken = login.headers.authorization as string;
    const submit = () =>
      c2('/api/submit-problem-judge', {
        method: 'POST',
        token: userToken,
        payload: { pid: 'no-such-problem', language: 'C++', code: 'int main() { return 0; }' },
      });
    expect((await submit()).statusCode).toBe(200);
    expect(body(await c2('/api/get-website-config')).data).toMatchObject({ openPublicDiscussion: true });

    expect(body(await update({ openPublicJudge: false, openPublicDiscussion: false })).status).toBe(200);

    const refused = await submit();
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(
      'Judging is closed on this site at the moment: submitting and testing are disabled!',
    );
    expect(body(await c2('/api/get-website-config')).data).toMatchObject({ openPublicDiscussion: false });

    // and back again through the other process
    const rootLogin = await c2('/api/login', {
      method: 'POST',
      payload: { username: 'root', password: ROOT_PASSWORD },
    });
    expect(
      body(await update({ openPublicJudge: true }, rootLogin.headers.authorization as string, other)).status,
    ).toBe(200);
    expect((await info()).openPublicJudge).toBe(true);
  });
});
