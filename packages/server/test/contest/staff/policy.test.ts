import { describe, expect, it } from 'vitest';
import { problemMessages as m } from '../../../src/http/messages.ts';
import { policyMessages as pm } from '../../../src/policy/messages.ts';
import type { ContestFacts } from '../../../src/policy/resources.ts';
import { admin, allScopes, anonymous, answer, other, root, user, type Row } from '../../policy/support.ts';

const creator = { ...other, uid: 'creator' };
const running: ContestFacts = { uid: 'creator', auth: 1, status: 0, visible: true, openPrint: true };

describe('contest.print (reference §3.6 submit-print-text, §7.18)', () => {
  const rows: Row<'contest.print'>[] = [
    { name: 'a registered participant', user, resource: { ...running, registered: true }, expected: 'allow' },
    { name: 'private, not registered', user, resource: running, expected: pm.contestNotRegistered },
    { name: 'anonymous: login first', user: anonymous, resource: running, expected: m.loginFirst },
    { name: 'the creator', user: creator, resource: running, expected: 'allow' },
    {
      name: 'printing not open, even for root',
      user: root,
      resource: { ...running, openPrint: false },
      expected: pm.contestPrintClosed,
    },
    {
      name: 'scheduled: not yet',
      user,
      resource: { ...running, status: -1, registered: true },
      expected: pm.contestNotStarted,
    },
    {
      name: 'invisible = does not exist',
      user,
      resource: { ...running, visible: false, registered: true },
      expected: m.contestNotFound,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(allScopes, 'contest.print', row, row.expected)).toEqual(row.expected);
  });
});

describe('contest.staff (reference §2 contest admins; §3.6 AC helper, print list, zip)', () => {
  const rows: Row<'contest.staff'>[] = [
    { name: 'the creator', user: creator, resource: running, expected: 'allow' },
    { name: 'root', user: root, resource: { ...running, visible: false }, expected: 'allow' },
    {
      name: 'a registered participant',
      user,
      resource: { ...running, registered: true },
      expected: pm.contestNoPermission,
    },
    {
      name: 'an admin who did not create it',
      user: admin,
      resource: running,
      expected: pm.contestNoPermission,
    },
    { name: 'anonymous: login first', user: anonymous, resource: running, expected: m.loginFirst },
    {
      name: 'invisible = does not exist',
      user: admin,
      resource: { ...running, visible: false },
      expected: m.contestNotFound,
    },
    {
      name: 'the group root of a group contest',
      user,
      resource: { ...running, group: { gid: 3, owner: 'x', level: 5 } },
      expected: 'allow',
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(allScopes, 'contest.staff', row, row.expected)).toEqual(row.expected);
  });
});
