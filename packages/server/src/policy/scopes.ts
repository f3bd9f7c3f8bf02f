import { fail, type ApiError } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';

/**
 * Where an action happens: the public bank, a training, a contest or a group. `groupCore` is the
 * groups themselves (list, detail, create, edit, delete, membership); `group` is a group's problems
 * and their submissions (`gid` on problem and submission calls); `groupTraining`, `groupContest` and
 * `groupDiscussion` a group's trainings, contests and discussions.
 */
export type Scope =
  | 'public'
  | 'training'
  | 'contest'
  | 'groupCore'
  | 'group'
  | 'groupTraining'
  | 'groupContest'
  | 'groupDiscussion';

/**
 * Which scopes are switched on. A scope whose issue has not landed yet answers its "not available"
 * message (HTTP 200, body 400) wherever it is asked for; its issue switches it on here, and the
 * rules of rules/<scope>.ts (already written from the reference) take over.
 */
export type ScopeTable = Record<Scope, { available: true } | { available: false; message: Message }>;

export const SCOPES: ScopeTable = {
  public: { available: true },
  training: { available: true },
  contest: { available: true },
  groupCore: { available: true },
  group: { available: true },
  groupTraining: { available: true },
  groupContest: { available: true },
  groupDiscussion: { available: true },
};

/** Every scope on: what the rules answer once contests and groups exist (unit tests use it). */
export const ALL_SCOPES: ScopeTable = {
  public: { available: true },
  training: { available: true },
  contest: { available: true },
  groupCore: { available: true },
  group: { available: true },
  groupTraining: { available: true },
  groupContest: { available: true },
  groupDiscussion: { available: true },
};

/** The refusal of a scope that is not available yet, or null. */
export function scopeRefusal(table: ScopeTable, scope: Scope): ApiError | null {
  const entry = table[scope];
  return entry.available ? null : fail(entry.message);
}

/** Throws the "not available" answer of a scope that is switched off (reference: none; Verdict's staging). */
export function assertScopeAvailable(scope: Scope, table: ScopeTable = SCOPES): void {
  const refusal = scopeRefusal(table, scope);
  if (refusal) throw refusal;
}

/** The scope of a submission or a request naming a contest id and a group id. */
export function scopeOf(where: { cid?: number | null; gid?: number | null }): Scope {
  if ((where.cid ?? 0) !== 0) return 'contest';
  if (where.gid !== undefined && where.gid !== null && where.gid !== 0) return 'group';
  return 'public';
}
