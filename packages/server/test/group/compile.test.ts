import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCompileCheck } from '../../src/db/schema/index.ts';
import { problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { createWorld, problemDto, type World } from '../problem/fixtures.ts';

/**
 * Issue 27 "special judge and interactive compile" of group problems: reference §3.10
 * `POST /api/group/compile-spj|compile-interactive` (body CompileDTO, query `gid`) "as admin
 * compile" (§3.12): a group admin's call is queued as a compile check that a worker answers
 * (ARCHITECTURE "Runtime shape", played here by FakeJudge, as test/admin/compile-check.test.ts does
 * for the site admin), §7.12: members and outsiders are refused before anything is queued.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'member' | 'applicant' | 'alice' | 'root', string>;
let gid: number;
let pid: number;
/** a problem of another group (its admin's), and that group's admin */
let otherPid: number;
let otherAdmin: string;
const as = callAs(() => w);

const CHECKER = '#include "testlib.h"\nint main(int argc, char **argv) { registerTestlibCmd(argc, argv); }\n';
type Kind = 'spj' | 'interactive';
const url = (kind: Kind, group: number | string = gid) =>
  `/api/group/${kind === 'spj' ? 'compile-spj' : 'compile-interactive'}?gid=${group}`;
const openChecks = () => w.t.db.select().from(judgeCompileCheck);

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cmp01', 'Compile Class');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  const made = await as<{ pid: number }>(
    who.gadmin,
    'POST',
    '/api/group/problem',
    await problemDto(w, { gid, problemId: 'S1', title: 'Checked' }),
  );
  pid = made.data.pid;
  const other = await createClass(w, 'cmp02', 'Other Compile Class');
  otherAdmin = other.tokens.gadmin;
  const theirs = await as<{ pid: number }>(
    otherAdmin,
    'POST',
    '/api/group/problem',
    await problemDto(w, { gid: other.gid, problemId: 'S2', title: 'Theirs' }),
  );
  otherPid = theirs.data.pid;
});
afterAll(() => w?.t.close());

describe('reference §3.10 group compile-spj / compile-interactive, §3.12 "as admin compile"', () => {
  it('a group admin’s checker is queued for a worker, which compiles it: "Compiled successfully!"', async () => {
    const pending = as(who.gadmin, 'POST', url('spj'), {
      code: CHECKER,
      language: 'C++',
      pid,
      extraFiles: { 'testlib.h': '#pragma once\n' },
    });
    const task = await w.judge.claimCompileCheck();
    expect(task).toMatchObject({
      kind: 'compile',
      check: 'spj',
      language: 'C++',
      code: CHECKER,
      extraFiles: { 'testlib.h': '#pragma once\n' },
    });
    expect(await w.judge.finishCompileCheck(task, true)).toBe(true);
    expect(await pending).toMatchObject({
      http: 200,
      status: 200,
      msg: 'Compiled successfully!',
      data: null,
    });
    expect(await openChecks()).toEqual([]);
  });

  it('the group root’s interactor, with the compiler’s output as the message when it fails', async () => {
    const error = "interactor.c:1:5: error: expected ';' before '}' token\n";
    const pending = as(who.owner, 'POST', url('interactive'), { code: 'int main() { }', language: 'C', pid });
    const task = await w.judge.claimCompileCheck();
    expect(task).toMatchObject({ check: 'interactive', language: 'C' });
    await w.judge.finishCompileCheck(task, false, error);
    expect(await pending).toMatchObject({ http: 200, status: 500, msg: error });
  });

  it('site root compiles for any group', async () => {
    const pending = as(who.root, 'POST', url('spj'), { code: CHECKER, language: 'C' });
    await w.judge.finishCompileCheck(await w.judge.claimCompileCheck(), true);
    expect((await pending).status).toBe(200);
  });

  it('§7.12: refused to members, applicants, outsiders and anonymous callers; nothing is queued', async () => {
    for (const kind of ['spj', 'interactive'] as const) {
      for (const caller of ['member', 'applicant', 'alice'] as const)
        expect(
          outcome(await as(who[caller], 'POST', url(kind), { code: CHECKER, language: 'C++' })),
          caller,
        ).toBe(refusal(403, pm.groupAdminOnly));
      const anonymous = await w.call('POST', url(kind), { payload: { code: CHECKER, language: 'C++' } });
      expect([anonymous.http, anonymous.status]).toEqual([401, 401]);
    }
    expect(await openChecks()).toEqual([]);
    expect(await w.judge.claim()).toBeNull();
  });

  it('an unknown group is not found, a missing gid and bad code are refused before a worker sees them', async () => {
    expect(outcome(await as(who.root, 'POST', url('spj', 424242), { code: CHECKER, language: 'C++' }))).toBe(
      refusal(404, pm.groupNotFound),
    );
    const noGid = await as(who.gadmin, 'POST', '/api/group/compile-spj', { code: CHECKER, language: 'C++' });
    expect(noGid.status).toBe(400);
    const java = await as(who.gadmin, 'POST', url('spj'), { code: CHECKER, language: 'Java' });
    expect([java.status, java.msg]).toEqual([400, expect.stringContaining('C or C++')]);
    expect(await openChecks()).toEqual([]);
    expect(await w.judge.claim()).toBeNull();
  });
});

describe('reference §3.10 group compile-spj / compile-interactive, §7.12: the problem named (pid) is the group’s own', () => {
  it('a group admin is refused another group’s problem and a public one (not found); nothing is queued', async () => {
    for (const kind of ['spj', 'interactive'] as const) {
      for (const [name, named] of Object.entries({
        otherGroup: otherPid,
        otherGroupAsDigits: String(otherPid),
        publicBank: w.p1000,
        missing: 999_999,
      })) {
        for (const caller of ['gadmin', 'owner'] as const)
          expect(
            outcome(await as(who[caller], 'POST', url(kind), { code: CHECKER, language: 'C++', pid: named })),
            `${kind} ${name} ${caller}`,
          ).toBe(refusal(404, m.problemNotFound));
      }
      // members are refused before the problem is looked at
      expect(
        outcome(await as(who.member, 'POST', url(kind), { code: CHECKER, language: 'C++', pid: otherPid })),
      ).toBe(refusal(403, pm.groupAdminOnly));
      // the other group's own admin is refused this group, naming their own problem or not
      expect(
        outcome(await as(otherAdmin, 'POST', url(kind), { code: CHECKER, language: 'C++', pid: otherPid })),
      ).toBe(refusal(403, pm.groupAdminOnly));
    }
    expect(await openChecks()).toEqual([]);
    expect(await w.judge.claim()).toBeNull();
  });

  it('allowed for the group’s own problem (also as digits), and with no problem named (a new one: null, "")', async () => {
    for (const named of [pid, String(pid), null, '']) {
      const pending = as(who.gadmin, 'POST', url('interactive'), {
        code: CHECKER,
        language: 'C++',
        pid: named,
      });
      const task = await w.judge.claimCompileCheck();
      expect(task).toMatchObject({ check: 'interactive', code: CHECKER });
      await w.judge.finishCompileCheck(task, true);
      expect(outcome(await pending), JSON.stringify(named)).toBe('ok');
    }
    expect(await openChecks()).toEqual([]);
  });
});
