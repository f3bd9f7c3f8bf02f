import type { TrainingCategoryVO, TrainingVO } from '@verdict/shared';
import type { trainingCategory } from '../../db/schema/index.ts';
import type { TrainingRow } from './access.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A training row with its category and counts as TrainingVO (reference §3.5). */
export function trainingJson(
  row: Pick<TrainingRow, 'id' | 'title' | 'author' | 'auth' | 'rank' | 'gid'> & {
    description?: string | null;
    gmtCreate: Date | string;
    gmtModified: Date | string;
  },
  extra: {
    categoryId: number | string | null;
    categoryName: string | null;
    categoryColor: string | null;
    problemCount: number | string;
    acCount: number | string;
  },
): TrainingVO {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description ?? null,
    author: row.author,
    auth: row.auth,
    categoryId: extra.categoryId === null ? null : Number(extra.categoryId),
    categoryName: extra.categoryName,
    categoryColor: extra.categoryColor,
    rank: row.rank,
    problemCount: Number(extra.problemCount),
    acCount: Number(extra.acCount),
    gid: row.gid === null ? null : Number(row.gid),
    gmtCreate: iso(row.gmtCreate),
    gmtModified: iso(row.gmtModified),
  };
}

export function trainingCategoryJson(row: typeof trainingCategory.$inferSelect): TrainingCategoryVO {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    gid: row.gid,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  };
}
