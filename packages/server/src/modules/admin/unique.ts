/**
 * The constraint named by a unique-constraint violation (SQLSTATE 23505) in a database error or one
 * it wraps ('' when the driver does not say), or undefined when the error is not one.
 */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

/** Whether a database error (or one it wraps) is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationConstraint(error) !== undefined;
}
