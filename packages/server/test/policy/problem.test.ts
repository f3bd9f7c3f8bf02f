import { PROBLEM_AUTH } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import type { ProblemFacts } from '../../src/policy/resources.ts';
import {
  admin,
  allScopes,
  anonymous,
  answer,
  other,
  problemAdmin,
  root,
  today,
  user,
  type Row,
} from './support.ts';

const PUBLIC: ProblemFacts = { auth: PROBLEM_AUTH.public, isGroup: false, author: 'carol' };
const HIDDEN: ProblemFacts = { auth: PROBLEM_AUTH.hidden, isGroup: false, author: 'carol' };
const CONTEST_ONLY: ProblemFacts = { auth: PROBLEM_AUTH.contest, isGroup: false, author: 'carol' };
const GROUP: ProblemFacts = { auth: PROBLEM_AUTH.public, isGroup: true, gid: 7, author: 'bob' };
const inGroup = (level: number): ProblemFacts => ({ ...GROUP, group: { gid: 7, owner: 'zz', level } });

describe('reference §7.7: problem visibility (problem.view)', () => {
  const rows: (Row<'problem.view'> & { policy?: typeof today })[] = [
    { name: 'a public problem is open to anyone', user: anonymous, resource: PUBLIC, expected: 'allow' },
    { name: 'a missing problem is not found', user: root, resource: undefined, expected: m.problemNotFound },
    { name: 'hidden (2): refused to users', user: user, resource: HIDDEN, expected: m.problemNotPublic },
    { name: 'hidden (2): the admin roles preview it', user: admin, resource: HIDDEN, expected: 'allow' },
    {
      name: 'contest-only (3): refused outside contests',
      user: user,
      resource: CONTEST_ONLY,
      expected: m.problemNotPublic,
    },
    {
      name: 'a group problem outside its group: refused',
      user: user,
      resource: GROUP,
      expected: m.problemNotPublic,
    },
    { name: 'a group problem: root bypasses', user: root, resource: GROUP, expected: 'allow' },
    {
      name: 'issue 27: a group problem in its group: members see it',
      user: user,
      resource: inGroup(3),
      expected: 'allow',
    },
    {
      name: 'a group problem in its group: an applicant does not',
      user: user,
      resource: inGroup(1),
      expected: pm.groupMembersOnly,
    },
    {
      name: "a group problem in another group's page: refused",
      user: user,
      resource: { ...GROUP, group: { gid: 8, owner: 'zz', level: 5 } },
      expected: m.problemNotPublic,
    },
    {
      name: '§7.12 a hidden (2) group problem: not to members',
      user: user,
      resource: { ...inGroup(3), auth: PROBLEM_AUTH.hidden },
      expected: m.problemNotPublic,
    },
    {
      name: "§7.12 a hidden (2) group problem: the group's admins",
      user: user,
      resource: { ...inGroup(4), auth: PROBLEM_AUTH.hidden },
      expected: 'allow',
    },
    {
      name: "§7.12 a group's contest problem (3): the group's admins",
      user: user,
      resource: { ...inGroup(4), auth: PROBLEM_AUTH.contest },
      expected: 'allow',
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'problem.view', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §3.12, spec part 2 §6: administering a problem (problem.edit, problem.publish)', () => {
  const edit: (Row<'problem.edit'> & { policy?: typeof today })[] = [
    { name: 'root edits any', user: root, resource: HIDDEN, expected: 'allow' },
    { name: 'problem_admin edits any', user: problemAdmin, resource: PUBLIC, expected: 'allow' },
    { name: 'an admin edits what they authored', user: admin, resource: HIDDEN, expected: 'allow' },
    { name: "an admin does not edit another's", user: admin, resource: GROUP, expected: m.problemNotYours },
    { name: 'a missing problem is not found', user: admin, resource: undefined, expected: m.problemNotFound },
    {
      name: '§7.12: a group root edits its group problems',
      user: user,
      resource: inGroup(5),
      expected: 'allow',
      policy: allScopes,
    },
    {
      name: '§7.12: a group admin (4) does not',
      user: user,
      resource: inGroup(4),
      expected: m.problemNotYours,
      policy: allScopes,
    },
  ];
  it.each(edit)('$name', (row) => {
    expect(answer(row.policy ?? today, 'problem.edit', row, row.expected)).toEqual(row.expected);
  });

  const publish: Row<'problem.publish'>[] = [
    {
      name: 'an admin may not make a problem public',
      user: admin,
      resource: { auth: 1, previous: 2 },
      expected: m.publishNeedsProblemAdmin,
    },
    { name: 'an admin may create a hidden one', user: admin, resource: { auth: 2 }, expected: 'allow' },
    {
      name: 'an admin may keep a public one public',
      user: admin,
      resource: { auth: 1, previous: 1 },
      expected: 'allow',
    },
    {
      name: 'problem_admin makes problems public',
      user: problemAdmin,
      resource: { auth: 1, previous: 2 },
      expected: 'allow',
    },
  ];
  it.each(publish)('$name', (row) => {
    expect(answer(today, 'problem.publish', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §6.1 step 5, §13.21: submitting outside a contest (problem.submit)', () => {
  const rows: Row<'problem.submit'>[] = [
    { name: 'a public problem', user: user, resource: PUBLIC, expected: 'allow' },
    {
      name: 'a hidden problem: refused to users',
      user: other,
      resource: HIDDEN,
      expected: m.problemNotSubmittable,
    },
    { name: 'a hidden problem: the admin roles test it', user: admin, resource: HIDDEN, expected: 'allow' },
    {
      name: 'a contest-only problem: refused even to root (HOJ accepted it, §13.21)',
      user: root,
      resource: CONTEST_ONLY,
      expected: m.contestProblemOutside,
    },
    {
      name: 'a group problem outside its group',
      user: root,
      resource: GROUP,
      expected: m.groupProblemOutside,
    },
    {
      name: 'issue 27: a group problem in its group, by a member',
      user: user,
      resource: inGroup(3),
      expected: 'allow',
    },
    {
      name: 'a group problem in its group, by an applicant',
      user: user,
      resource: inGroup(1),
      expected: pm.groupMembersOnly,
    },
    {
      name: '§7.12 a hidden (2) group problem: not by members',
      user: user,
      resource: { ...inGroup(3), auth: PROBLEM_AUTH.hidden },
      expected: m.problemNotSubmittable,
    },
    {
      name: "§7.12 a hidden (2) group problem: by the group's admins",
      user: user,
      resource: { ...inGroup(4), auth: PROBLEM_AUTH.hidden },
      expected: 'allow',
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(today, 'problem.submit', row, row.expected)).toEqual(row.expected);
  });
});
