import { CONTEST_ADMIN_MESSAGES } from '@verdict/shared';
import type { z } from 'zod';
import { fail } from '../../../http/errors.ts';
import { invalidParameter, type Message } from '../../../http/messages.ts';

/** The texts of a form's schema issues: each issue message that is a key of `table` is shown as its text. */
export type FormMessages = Readonly<Record<string, Message>>;

/**
 * Parses a body with a shared admin form schema. A refusal is a business failure (HTTP 200, body
 * status 400) with the first issue's message in the caller's language (the table's text when the
 * issue names one), as HOJ's validators answer (reference §1.2, §3.12); the routes declare no body
 * schema so that these messages, not the framework's, reach the form.
 */
export function parseFormInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  table: FormMessages,
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw fail(
    Object.hasOwn(table, issue.message)
      ? table[issue.message]!
      : invalidParameter(issue.path.join('.') || 'body', issue.message),
  );
}

/** parseFormInput with the contest form's messages (shared CONTEST_ADMIN_MESSAGES). */
export function parseContestInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return parseFormInput(schema, input, CONTEST_ADMIN_MESSAGES);
}
