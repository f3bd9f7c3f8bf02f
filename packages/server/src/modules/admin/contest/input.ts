import { CONTEST_ADMIN_MESSAGES, isContestAdminMessageKey } from '@verdict/shared';
import type { z } from 'zod';
import { fail } from '../../../http/errors.ts';
import { invalidParameter, type Message } from '../../../http/messages.ts';

/** The message of a schema issue: the shared contest-admin text when the issue names one. */
function issueMessage(issue: z.core.$ZodIssue): Message {
  if (isContestAdminMessageKey(issue.message)) return CONTEST_ADMIN_MESSAGES[issue.message];
  return invalidParameter(issue.path.join('.') || 'body', issue.message);
}

/**
 * Parses a body with a shared contest-admin schema. A refusal is a business failure (HTTP 200,
 * body status 400) with the first issue's message in the caller's language, as HOJ's contest
 * validator answers (reference §1.2, §3.12); the route declares no body schema so that these
 * messages, not the framework's, reach the form.
 */
export function parseContestInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw fail(issueMessage(result.error.issues[0]!));
}
