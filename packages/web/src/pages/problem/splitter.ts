/**
 * Spec part 1 §2: the splitter between statement and editor keeps the editor at least 580 px
 * wide; the statement keeps a readable minimum too. Pure, for the tests.
 */
export const RIGHT_MIN_PX = 580;
export const LEFT_MIN_PX = 320;
export const SPLITTER_PX = 12;

/** The statement's width for a wished share of the container, within both minimums. */
export function clampLeftWidth(containerWidth: number, ratio: number): number {
  const available = containerWidth - SPLITTER_PX;
  const max = available - RIGHT_MIN_PX;
  const wished = available * ratio;
  if (max < LEFT_MIN_PX) return Math.max(0, Math.min(wished, available / 2));
  return Math.round(Math.min(Math.max(wished, LEFT_MIN_PX), max));
}
