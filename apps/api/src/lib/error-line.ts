import type { FastifyRequest } from 'fastify';

/**
 * What the log says about an unexpected error (decision 153): what failed and where, never what the
 * request carried. Logging the error object itself wrote a failed query's parameters (Drizzle puts
 * them in the message, the stack and `params`: a member's name, email and message), and a database
 * error's `detail` names the row's values.
 */
export interface ErrorLine {
  /** The error's class, and the class of its cause when it wraps one ("DrizzleQueryError: error"). */
  type: string;
  /** The message (a database error's own, not the wrapper's), with any text the request sent cut out. */
  message: string;
  /** The database's SQLSTATE, and the constraint, table, column and type it names (no values). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  /** The statement that failed: its text only, with $1… for its parameters. */
  query?: string;
  /** The stack's frames (file and line), without its message lines. */
  stack?: string;
}

/** The shortest text that is cut out of a message: a shorter one would cut ordinary words. */
const MIN_CUT_LENGTH = 3;
const CUT = '[input]';

/** The request's method and route template ("POST /api/help/submit"): never a value it carried. */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
}

/** The error line of a request's unexpected error: the route, and the error without the request's values. */
export function requestErrorLine(
  request: FastifyRequest,
  error: unknown,
): { route: string; error: ErrorLine } {
  const inputs = inputTexts([request.body, request.query, request.params]);
  return { route: routeOf(request), error: describeError(error, inputs) };
}

/** `error` as the log may hold it, with every text of `inputs` cut out of its message. */
export function describeError(error: unknown, inputs: readonly string[] = []): ErrorLine {
  const outer = error instanceof Error ? error : new Error(String(error));
  const database = databaseErrorOf(outer);
  const cause = outer.cause instanceof Error ? outer.cause : undefined;
  const line: ErrorLine = {
    type: cause ? `${kindOf(outer)}: ${kindOf(cause)}` : kindOf(outer),
    message: cutInputs(database?.message ?? messageWithoutParams(outer, cause), inputs),
  };
  if (database) {
    for (const key of ['code', 'constraint', 'table', 'column', 'dataType'] as const) {
      const value = database[key];
      if (typeof value === 'string' && value !== '') line[key] = value;
    }
  }
  const query = (outer as { query?: unknown }).query;
  if (typeof query === 'string') line.query = cutInputs(query, inputs);
  const frames = (outer.stack ?? '').split('\n').filter((text) => /^\s+at /.test(text));
  if (frames.length > 0) line.stack = cutInputs(frames.join('\n'), inputs);
  return line;
}

/**
 * The message of an error that is not the database's own: a failed query's wrapper (Drizzle's
 * "Failed query: … params: …", marked by its `query` or `params`) is never quoted, only its cause
 * (a lost connection, a pool timeout, a closed database) or the words "Failed query".
 */
function messageWithoutParams(outer: Error, cause: Error | undefined): string {
  const wrapsQuery = 'params' in outer || 'query' in outer;
  if (!wrapsQuery) return outer.message;
  return cause && !('params' in cause) ? cause.message : 'Failed query';
}

/** An error's class name (Drizzle's errors keep the name "Error"). */
function kindOf(error: Error): string {
  const name = error.constructor.name;
  return name && name !== 'Error' ? name : error.name;
}

interface DatabaseError extends Error {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  dataType?: unknown;
}

/** The PostgreSQL error (a five-character SQLSTATE) in `error` or the causes it wraps. */
function databaseErrorOf(error: Error): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as DatabaseError).code;
    if (typeof code === 'string' && code.length === 5) return current;
    current = current.cause;
  }
  return undefined;
}

/** Every text value in the request's parts (not the field names), longest first, so a longer one is cut whole. */
function inputTexts(parts: unknown[]): string[] {
  const texts = new Set<string>();
  const pending = [...parts];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') texts.add(value.trim());
    else if (Array.isArray(value)) pending.push(...(value as unknown[]));
    else if (value !== null && typeof value === 'object')
      pending.push(...Object.values(value as Record<string, unknown>));
  }
  return [...texts].filter((text) => text.length >= MIN_CUT_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * `text` with every occurrence of each input, in any letter case, replaced by [input]. An input too
 * large for a regular expression withholds the whole text: nothing uncut is ever written.
 */
function cutInputs(text: string, inputs: readonly string[]): string {
  let result = text;
  try {
    for (const input of inputs) {
      result = result.replace(new RegExp(input.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), CUT);
    }
  } catch {
    return CUT;
  }
  return result;
}
