import { AWARD_TYPE } from '@verdict/shared';
import type { AwardTier, RankConfig, RankedRow, ScoredRow } from './model.ts';

/**
 * reference §9.3, §9.4: the board's order. ACM: more accepted problems, then less time; OI: more
 * score, then less time. Among equals, the user who first submitted comes first (HOJ keeps the
 * order in which users appear in the records); the uid only makes the order total.
 */
export function compareRows(type: number, a: ScoredRow, b: ScoredRow): number {
  const primary = type === 0 ? b.ac - a.ac : b.totalScore - a.totalScore;
  return (
    primary ||
    a.totalTime - b.totalTime ||
    a.firstMs - b.firstMs ||
    a.firstId - b.firstId ||
    (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)
  );
}

function sameScore(type: number, a: ScoredRow, b: ScoredRow): boolean {
  return (type === 0 ? a.ac === b.ac : a.totalScore === b.totalScore) && a.totalTime === b.totalTime;
}

/**
 * reference §9.5: how many rows each tier takes, in priority order. Percentages of the N ranked
 * non-star users round down (tiers of 0 are dropped). **Changed:** HOJ computes num × 0.01 × N in
 * floating point, where 29 % of 100 gives 28; Verdict uses exact integers (⌊num·N / 100⌋).
 */
export function awardSlots(config: Pick<RankConfig, 'awardType' | 'awards'>, ranked: number): AwardTier[] {
  if (config.awardType !== AWARD_TYPE.percentage && config.awardType !== AWARD_TYPE.count) return [];
  const slots: AwardTier[] = [];
  const tiers = [...config.awards].sort((a, b) => a.priority - b.priority);
  for (const tier of tiers) {
    const n =
      config.awardType === AWARD_TYPE.percentage
        ? Math.floor((tier.num * ranked) / 100)
        : Math.floor(tier.num);
    for (let i = 0; i < n; i++) slots.push(tier);
  }
  return slots;
}

/**
 * reference §9.3–§9.5 on rows already in board order: rank numbers 1, 2, 2, 4 (equal score and time
 * share a rank; star users are -1 and take no position) and awards, given in order to eligible
 * rows (ACM: an accepted problem; OI: a score above 0; never star users) until the tiers run out.
 * Writes `rank` and `award` into the rows it answers.
 */
export function rankInOrder(config: RankConfig, sorted: ScoredRow[]): RankedRow[] {
  const out = sorted as RankedRow[];
  let position = 0;
  let previous: ScoredRow | undefined;
  let previousRank = 0;
  let ranked = 0;
  for (const row of sorted) if (!row.star) ranked++;
  const slots = awardSlots(config, ranked);
  let slot = 0;
  for (const row of out) {
    row.award = null;
    if (row.star) {
      row.rank = -1;
      continue;
    }
    position++;
    row.rank = previous && sameScore(config.type, previous, row) ? previousRank : position;
    previous = row;
    previousRank = row.rank;
    const eligible = config.type === 0 ? row.ac > 0 : row.totalScore > 0;
    if (eligible && slot < slots.length) row.award = slots[slot++]!;
  }
  return out;
}
