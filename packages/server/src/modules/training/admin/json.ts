import type { AdminTrainingVO, TrainingProblemLink } from '@verdict/shared';
import type { trainingProblem } from '../../../db/schema/index.ts';
import type { TrainingRow } from '../access.ts';

/**
 * reference §4.5 training in the admin answers. The password goes out only in the one-training
 * answer to its managers (reference §3.12), never in the list.
 */
export function adminTrainingJson(row: TrainingRow, options: { withPassword: boolean }): AdminTrainingVO {
  const { privatePwd, ...rest } = row;
  return {
    ...rest,
    ...(options.withPassword ? { privatePwd } : {}),
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  };
}

export function trainingProblemJson(row: typeof trainingProblem.$inferSelect): TrainingProblemLink {
  return {
    ...row,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  };
}
