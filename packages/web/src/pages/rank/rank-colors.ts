import type { RankKind } from '../../api/rank';

/**
 * Spec part 1 §9 "Rank name colour": by AC count (ACM) at 600 red, 400 orange, 250 green, 100 blue,
 * else gray; by score (OI) at 5000, 3000, 1500 and 500. A threshold reached counts.
 */
export type RankColorName = 'red' | 'orange' | 'green' | 'blue' | 'gray';

const THRESHOLDS: Record<RankKind, readonly number[]> = {
  acm: [600, 400, 250, 100],
  oi: [5000, 3000, 1500, 500],
};

const NAMES: readonly RankColorName[] = ['red', 'orange', 'green', 'blue'];

export function rankColorName(kind: RankKind, value: number | null | undefined): RankColorName {
  const at = THRESHOLDS[kind].findIndex((threshold) => (value ?? 0) >= threshold);
  return at < 0 ? 'gray' : NAMES[at]!;
}

/** The colours themselves, readable on white. */
export const RANK_COLOR_HEX: Record<RankColorName, string> = {
  red: '#e53935',
  orange: '#fb8c00',
  green: '#43a047',
  blue: '#1e88e5',
  gray: '#8c8c8c',
};

/** The value that colours a row: AC for ACM, score for OI. */
export function rankColor(kind: RankKind, record: { ac: number; score?: number | null }): string {
  return RANK_COLOR_HEX[rankColorName(kind, kind === 'acm' ? record.ac : record.score)];
}
