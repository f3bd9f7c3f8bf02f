import { isAccountMessageKey, ACCOUNT_MESSAGES } from '@verdict/shared';
import type { z } from 'zod';
import { fail } from '../../http/errors.ts';
import { invalidParameter, type Message } from '../../http/messages.ts';

/** The message of a schema issue: the shared account text when the issue names one. */
export function issueMessage(issue: z.core.$ZodIssue): Message {
  if (isAccountMessageKey(issue.message)) return ACCOUNT_MESSAGES[issue.message];
  return invalidParameter(issue.path.join('.') || 'body', issue.message);
}

/**
 * Parses a body or query with a shared account schema. A refusal is a business failure (HTTP 200,
 * body status 400) with the first issue's message, as HOJ's managers answer (reference §1.2).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw fail(issueMessage(result.error.issues[0]!));
}
