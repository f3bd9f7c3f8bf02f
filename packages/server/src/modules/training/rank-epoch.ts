/**
 * A counter of changes that may move a training rank in this process: a final verdict, a rejudge,
 * a registration, a problem joining a training (the lifecycle's training scope bumps it). A cached
 * rank (rank.ts) is reused only while the counter stands still, so within one server process a
 * rank is never stale; other processes' changes are seen within the cache's lifetime.
 */
let epoch = 0;

export function trainingRankEpoch(): number {
  return epoch;
}

export function bumpTrainingRankEpoch(): void {
  epoch += 1;
}
