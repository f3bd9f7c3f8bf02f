import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_S } from '../../src/config/constants.ts';
import { bindToastInstance, toast } from '../../src/feedback/toast.ts';
import { recordingInstance } from './support/toast-recorder.ts';

/**
 * Spec part 1 §8: toasts appear top centre for 4000 ms and replace any earlier one. Ant Design's
 * message is the top-centre toast; what the module asks of it is checked here, where it lands on
 * the page is checked in the browser (test/e2e/shell.test.ts).
 */
describe('toasts (spec part 1 §8)', () => {
  it('share one key, so each new toast replaces the one before, and each gets its full 4000 ms', () => {
    const { instance, shown, destroyed } = recordingInstance();
    bindToastInstance(instance);
    toast.error('first');
    toast.success('second');
    toast.info('third');
    toast.warning('fourth');
    expect(shown.map(({ type, content }) => [type, content])).toEqual([
      ['error', 'first'],
      ['success', 'second'],
      ['info', 'third'],
      ['warning', 'fourth'],
    ]);
    expect(new Set(shown.map(({ key }) => key)).size).toBe(1);
    expect(destroyed).toEqual([]);
    // antd's durations are in seconds. It restarts a notice's timer only when the duration changes,
    // so consecutive toasts differ by a millisecond: a replacing toast is not cut short.
    const durations = shown.map(({ duration }) => Math.round(Number(duration) * 1000));
    expect(durations.every((ms) => ms === 4000 || ms === 4001)).toBe(true);
    for (let i = 1; i < durations.length; i++) expect(durations[i]).not.toBe(durations[i - 1]);
    expect(TOAST_DURATION_S * 1000).toBe(4000);
  });

  it('a toast on one message instance ends the one still showing on the other', () => {
    // The fallback instance (before the shell mounts) and the App's render separate lists.
    const early = recordingInstance();
    const late = recordingInstance();
    bindToastInstance(early.instance);
    toast.warning('Please login first');
    bindToastInstance(late.instance);
    toast.error('Wrong password');
    expect(early.destroyed).toEqual([early.shown[0]!.key]);
    expect(late.shown.map(({ content }) => content)).toEqual(['Wrong password']);
    toast.info('again');
    expect(early.destroyed).toHaveLength(1);
    expect(late.destroyed).toEqual([]);
  });

  it("reference §11: HOJ's <br/> in a message (the problem import's result) becomes a line break, not text or HTML", () => {
    const { instance, shown } = recordingInstance();
    bindToastInstance(instance);
    toast.error('[导入结果] 成功数：1<br/>P2: <b>repeat</b><br />end');
    const content = shown[0]!.content as unknown[];
    expect(Array.isArray(content)).toBe(true);
    const texts = content.filter((part) => typeof part === 'string');
    expect(texts).toEqual(['[导入结果] 成功数：1', 'P2: <b>repeat</b>', 'end']);
    const breaks = content.filter((part) => typeof part === 'object') as { type: string }[];
    expect(breaks.map((b) => b.type)).toEqual(['br', 'br']);
  });
});
