import type { ApiError } from '../http/errors.ts';
import type { ScopeTable } from './scopes.ts';
import type { Subject } from './subjects.ts';

export interface RuleContext {
  scopes: ScopeTable;
}

/** A rule answers null to allow, or the refusal that `assertCan` throws. */
export type Rule<R> = (ctx: RuleContext, user: Subject, resource: R) => ApiError | null;

/** The first refusal among checks run in order, or null. */
export function firstRefusal(...checks: (() => ApiError | null)[]): ApiError | null {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return null;
}
