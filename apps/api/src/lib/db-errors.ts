/**
 * The PostgreSQL error inside `error`, looking through the wrappers of Drizzle (DrizzleQueryError.cause)
 * and of both drivers: its SQLSTATE and, for constraint violations, the constraint's name.
 */
function databaseError(error: unknown): { code: string; constraint: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && candidate.code.length === 5)
      return { code: candidate.code, constraint: candidate.constraint };
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error (e.g. '23505'); undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** The constraint named by a unique violation (SQLSTATE 23505); undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  const found = databaseError(error);
  if (found?.code !== '23505') return undefined;
  return typeof found.constraint === 'string' ? found.constraint : '';
}
