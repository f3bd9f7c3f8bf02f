import type { ApiError } from '../http/errors.ts';
import type { Rule, RuleContext } from './rule.ts';
import { contestRules } from './rules/contest.ts';
import { discussionRules } from './rules/discussion.ts';
import { groupRules } from './rules/group.ts';
import { problemRules } from './rules/problem.ts';
import { submissionRules } from './rules/submission.ts';
import { trainingRules } from './rules/training.ts';
import { SCOPES, type ScopeTable } from './scopes.ts';
import type { Subject } from './subjects.ts';

/**
 * The access policy: "may this user do this to this resource" (reference §2, §7.7, §7.10, §7.12,
 * §7.13, §7.15, §7.18). Route gates (login, role, permission) are `config.access` of each route
 * (http/auth); everything that depends on the resource is decided here, from facts the service loads.
 */
const rules = {
  ...problemRules,
  ...submissionRules,
  ...trainingRules,
  ...contestRules,
  ...groupRules,
  ...discussionRules,
};

type Rules = typeof rules;
export type Action = keyof Rules;
export type ResourceOf<A extends Action> = Rules[A] extends Rule<infer R> ? R : never;
type Args<A extends Action> = ResourceOf<A> extends void ? [] : [resource: ResourceOf<A>];

export interface Policy {
  /** The refusal `assertCan` would throw, or null when allowed. */
  refusal<A extends Action>(user: Subject, action: A, ...resource: Args<A>): ApiError | null;
  can<A extends Action>(user: Subject, action: A, ...resource: Args<A>): boolean;
  /** Throws the rule's refusal (the error types and messages clients already know). */
  assertCan<A extends Action>(user: Subject, action: A, ...resource: Args<A>): void;
}

/** A policy over a scope table; the server uses `SCOPES`, tests may switch scopes on. */
export function createPolicy(scopes: ScopeTable): Policy {
  const ctx: RuleContext = { scopes };
  const refusal = <A extends Action>(user: Subject, action: A, ...resource: Args<A>) =>
    (rules[action] as Rule<unknown>)(ctx, user, resource[0]);
  return {
    refusal,
    can: (user, action, ...resource) => refusal(user, action, ...resource) === null,
    assertCan: (user, action, ...resource) => {
      const error = refusal(user, action, ...resource);
      if (error) throw error;
    },
  };
}

export const policy = createPolicy(SCOPES);
export const { can, assertCan } = policy;
export { assertScopeAvailable, type Scope } from './scopes.ts';
export type { Subject } from './subjects.ts';
