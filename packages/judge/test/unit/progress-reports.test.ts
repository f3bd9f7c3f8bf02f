import type { CaseResult, JudgeProgress } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { CoalescedProgress } from '../../src/progress-reports.ts';

/**
 * Issue 25 item 5: a submission's progress reports are coalesced (at most one per interval, the rest
 * riding on the result), without losing a case the server would have shown or the "stop" answer.
 */
const task = { submitId: 7, attempt: 2 };
const caseOf = (seq: number): CaseResult => ({
  caseId: seq,
  seq,
  status: 0,
  time: 1,
  memory: 1,
  score: null,
  groupNum: null,
  mode: 'default',
  inputData: `${seq}.in`,
  outputData: `${seq}.out`,
  userOutput: null,
});

function recorder(answer: () => boolean | Promise<boolean> = () => true) {
  const sent: JudgeProgress[] = [];
  return { sent, send: async (r: JudgeProgress) => (sent.push(structuredClone(r)), answer()) };
}

describe('coalesced progress reports', () => {
  it('sends nothing for the stage the claim set, and keeps reports within the interval for the result', async () => {
    const { sent, send } = recorder();
    const reports = new CoalescedProgress(task, send, 60_000);
    expect(reports.report(6, [])).toBe(true); // Compiling: the server has it from the claim
    expect(reports.report(7, [])).toBe(true);
    for (let seq = 1; seq <= 5; seq++) expect(reports.report(7, [caseOf(seq)])).toBe(true);
    expect(await reports.close()).toBe(true);
    expect(sent).toEqual([]); // all of it rides on the result
  });

  it('sends a report at once when the last one is older than the interval, with every case since', async () => {
    const { sent, send } = recorder();
    const reports = new CoalescedProgress(task, send, 0);
    reports.report(7, []);
    reports.report(7, [caseOf(1)]);
    reports.report(7, [caseOf(2)]);
    await reports.close();
    expect(sent.map((r) => [r.status, r.cases.map((c) => c.seq)])).toEqual([
      [7, []],
      [7, [1]],
      [7, [2]],
    ]);
    expect(sent.every((r) => r.submitId === 7 && r.attempt === 2)).toBe(true);
  });

  it('answers false from the next report on once the server said stop', async () => {
    const { send } = recorder(() => false);
    const reports = new CoalescedProgress(task, send, 0);
    reports.report(7, [caseOf(1)]);
    expect(await reports.close()).toBe(false);
    expect(reports.report(7, [caseOf(2)])).toBe(false);
  });

  it('keeps the cases of a report the server did not get, for the next one', async () => {
    let fail = true;
    const { sent, send } = recorder(() => {
      if (fail) throw new Error('server away');
      return true;
    });
    const reports = new CoalescedProgress(task, send, 0);
    reports.report(7, [caseOf(1)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    fail = false;
    reports.report(7, [caseOf(2)]);
    await reports.close();
    expect(sent.at(-1)!.cases.map((c) => c.seq)).toEqual([1, 2]);
  });
});
