/**
 * The constraint named by a PostgreSQL unique violation (SQLSTATE 23505), looking through the
 * wrappers of Drizzle (DrizzleQueryError.cause) and of both drivers; undefined for any other error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}
