/**
 * What the admin forms need of a shared zod schema (kept structural: zod is the shared package's
 * dependency). The forms check a field with the schema the server validates it with, so the limits
 * live in one place; the words stay the web app's own (i18n adminProblem.errors / adminProblem.tag).
 */
export interface CheckedSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { code: string }[] } };
}

/**
 * The kind of the first issue the schema finds in `value` ('too_small', 'too_big', 'invalid_type',
 * …), or undefined when the schema accepts it.
 */
export function schemaIssue(schema: CheckedSchema, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.code ?? 'invalid');
}
