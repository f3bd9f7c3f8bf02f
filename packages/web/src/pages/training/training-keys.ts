/** The query keys of a training's screens, shared with the problem page (issue 24 item 15). */
export const trainingDetailKey = (tid: number) => ['training-detail', tid] as const;
export const trainingAccessKey = (tid: number) => ['training-access', tid] as const;
export const trainingProblemsKey = (tid: number) => ['training-problems', tid] as const;
/** every page of the rank (the page and the keyword follow) */
export const trainingRankPrefix = (tid: number) => ['training-rank', tid] as const;
/** every query of the training list (its filters follow) */
export const TRAINING_LIST_PREFIX = ['training-list'] as const;
