import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { describeError } from './lib/error-line';

/** Fields that never reach a log line (DESIGN §8): passwords, tokens, codes, secrets, account numbers. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.new_password_confirmation',
  '*.token',
  '*.otp',
  '*.secret',
  '*.totp_secret',
  '*.account_number',
  '*.routing_number',
  '*.recovery_codes',
];

/**
 * Where log lines go when nobody says: stdout through pino's asynchronous destination (sonic-boom), which
 * gathers lines in memory and writes them in the background instead of making one blocking system call
 * per line. pino registers it to be flushed synchronously when the process exits, which covers the
 * shutdown (`process.exit` in server.ts) and a crash (an uncaught exception also ends in `exit`); only a
 * SIGKILL can lose the last lines (decision 101). At `silent` nothing is opened.
 *
 * Lines leave in writes of at least `LOG_WRITE_BYTES` (about 160 access lines), and at least once a
 * second (`LOG_FLUSH_MS`), so a quiet server's last line is never held longer than that: under load one
 * `write(2)` per request cost 3–4 % of GET /api/me's CPU (decision 107), and each write is handed to
 * libuv's thread pool and back, which at 4 KB a write still cost 1.2 µs a request (decision 149).
 * `LOG_MAX_WRITE` is the most one write takes (sonic-boom's `maxWrite`, which must exceed `minLength`).
 */
export const LOG_WRITE_BYTES = 32 * 1024;
export const LOG_MAX_WRITE = 64 * 1024;
export const LOG_FLUSH_MS = 1000;
function defaultDestination(level: string) {
  return level === 'silent'
    ? undefined
    : pino.destination({
        dest: 1,
        sync: false,
        minLength: LOG_WRITE_BYTES,
        maxWrite: LOG_MAX_WRITE,
        periodicFlush: LOG_FLUSH_MS,
      });
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  const destination = stream ?? defaultDestination(level);
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        // Query strings may carry emails (dev mail): keep the path only.
        url: request.url.split('?')[0],
      }),
    },
  };
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes pino's child logger (with the request id) only when something is
 * written at an enabled level. Fastify makes a child for every request, and a pino child with our
 * redaction configured cost about 2.5 µs (1.5% of GET /api/me's CPU), for a logger that at the
 * production level (`warn`) and above is almost never written to (decision 006).
 */
class LazyChildLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: LevelName, args: LogArgs) {
    if (this.#child || this.#parent.isLevelEnabled(level)) this.#real()[level](...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: LogArgs) {
    this.#write('fatal', args);
  }
  error(...args: LogArgs) {
    this.#write('error', args);
  }
  warn(...args: LogArgs) {
    this.#write('warn', args);
  }
  info(...args: LogArgs) {
    this.#write('info', args);
  }
  debug(...args: LogArgs) {
    this.#write('debug', args);
  }
  trace(...args: LogArgs) {
    this.#write('trace', args);
  }
  silent() {}
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.#real().bindings();
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: lazy children, or pino's own when a route sets logger options. */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger as Logger, bindings);

/** The one access-log line of a request: these fields and nothing else (decision 107). */
export interface AccessLine {
  reqId: string;
  req: { method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
}

/** Writes the access line of an answered request (`registerAccessLog`). */
export type AccessLog = (
  request: { id: string; method: string; url: string },
  statusCode: number,
  elapsedMs: number,
) => void;

/** The access line of a request: the path without its query string (it may carry an email). */
export function accessLine(
  request: { id: string; method: string; url: string },
  statusCode: number,
  elapsedMs: number,
): AccessLine {
  const query = request.url.indexOf('?');
  return {
    reqId: request.id,
    req: { method: request.method, url: query === -1 ? request.url : request.url.slice(0, query) },
    res: { statusCode },
    responseTime: Math.round(elapsedMs * 100) / 100,
  };
}

/** Printable ASCII but the double quote and the backslash: text JSON writes as it is, between quotes. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `JSON.stringify(text)`: the same string, without the call into V8's C++ for the text that needs no
 * escape (a request id, a method, most paths); about 0.2 µs of an access line (decision 149).
 */
export function jsonString(text: string): string {
  return PLAIN_JSON_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * An access line as pino writes `log.info(line, 'request completed')` at the default settings (level
 * number, epoch time, the logger's bindings, the line's fields, the message), built as one string: the
 * same bytes without pino's pass over the object (access-log.test.ts compares them). `bindings` is the
 * logger's bound fields as pino keeps them already written (`,"pid":…,"hostname":…`).
 */
export function formatAccessLine(line: AccessLine, time: number, bindings: string): string {
  return (
    `{"level":30,"time":${timeText(time)}${bindings},"reqId":${jsonString(line.reqId)},` +
    `"req":{"method":${jsonString(line.req.method)},"url":${jsonString(line.req.url)}},` +
    `"res":{"statusCode":${line.res.statusCode}},"responseTime":${hundredthsText(line.responseTime)},"msg":"request completed"}\n`
  );
}

/**
 * The text of a line's epoch time, made once a millisecond: the lines of one millisecond share it.
 * A number past 2^31 is written by a call into V8's C++ (decision 149).
 */
let lastTime = Number.NaN;
let lastTimeText = '';
function timeText(time: number): string {
  if (time !== lastTime) {
    lastTime = time;
    lastTimeText = `${time}`;
  }
  return lastTimeText;
}

/**
 * `String(value)` for a response time rounded to hundredths of a millisecond, written from its whole
 * hundredths: the same text (a value that is exactly n / 100 has no shorter decimal form), without
 * V8's double-to-text call (0.15 µs of an access line; decision 149). Anything else as V8 writes it.
 */
export function hundredthsText(value: number): string {
  const hundredths = Math.round(value * 100);
  if (!(hundredths >= 0 && hundredths < 2 ** 31) || hundredths / 100 !== value) return `${value}`;
  const whole = Math.floor(hundredths / 100);
  const part = hundredths - whole * 100;
  if (part === 0) return `${whole}`;
  if (part % 10 === 0) return `${whole}.${part / 10}`;
  return `${whole}.${part < 10 ? '0' : ''}${part}`;
}

/** The destination a pino logger writes to (`pino.symbols.streamSym`): pino's asynchronous one (sonic-boom), or a test's. */
interface Destination {
  write(text: string): unknown;
  /** sonic-boom: the bytes it gathers before it starts a write in the background. */
  minLength?: number;
  flushSync?: () => void;
  destroyed?: boolean;
}

/** Where a pino logger writes, and its bound fields as written text (pino's exported symbols). */
function destinationOf(logger: Logger): { stream: Destination; bindings: string } {
  const own = logger as unknown as Record<symbol, unknown>;
  return {
    stream: own[pino.symbols.streamSym] as Destination,
    bindings: own[pino.symbols.chindingsSym] as string,
  };
}

/**
 * The access log: one line per answered request at `info` (Fastify's own request logging, two lines per
 * request through a child logger each, is off in app.ts). The line holds the five fields of
 * `AccessLine` (method, path without its query string, status, time, request id), which none of
 * `REDACTED_PATHS` names (logger.test.ts proves redacting it changes nothing), so it is written
 * without pino's redaction pass, which was a tenth of GET /api/me's CPU (decision 107). Every other
 * line keeps the redaction. Not added at all when `info` is off, so `LOG_LEVEL=warn` pays nothing
 * per request.
 *
 * The lines are written as text (`formatAccessLine`) and the lines of one turn of the event loop are
 * handed to the log's destination in one write at the end of that turn (decision 146): through pino,
 * a line cost GET /api/me 4 µs of its 41 µs of CPU, most of it pino's pass over the line's object and
 * the destination's bookkeeping per write; this way, 2–3 µs. This bypasses what pino does per line beyond the format above (mixins, hooks,
 * formatters, a multistream's levels), none of which the product's logger uses; a destination that
 * asks pino for a line's level (`pino.metadata`) gets the lines through pino instead.
 *
 * A line never waits longer than the turn it was made in: the pending lines are also handed over when
 * the app closes (the shutdown) and, first among the process's exit listeners, when the process exits
 * (a crash). There, no write may start in the background (the process would end before it finished):
 * the lines are written synchronously, with whatever the destination still holds.
 *
 * Returns the function that writes a line (one that writes nothing when `info` is off), for an answer
 * that runs no `onResponse` hook: a request Fastify refuses before routing (`frameworkErrors` in
 * app.ts, decision 147 amended).
 */
export function registerAccessLog(app: FastifyInstance): AccessLog {
  const logger = app.log as Logger;
  if (!logger.isLevelEnabled('info')) return () => {};
  const { stream, bindings } = destinationOf(logger);
  if ((stream as unknown as Record<symbol, unknown>)[Symbol.for('pino.metadata')]) {
    const log = logger.child({}, { redact: [] });
    const logLine: AccessLog = (request, statusCode, elapsedMs) => {
      log.info(accessLine(request, statusCode, elapsedMs), 'request completed');
    };
    app.addHook('onResponse', (request, reply, done) => {
      logLine(request, reply.statusCode, reply.elapsedTime);
      done();
    });
    return logLine;
  }
  let pending: string[] = [];
  const handOver = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    stream.write(text);
  };
  const handOverAtExit = () => {
    if (pending.length === 0 || stream.destroyed) return;
    if (stream.minLength !== undefined) stream.minLength = Number.MAX_SAFE_INTEGER;
    handOver();
    try {
      stream.flushSync?.();
    } catch {
      // Not open yet, or the descriptor refused: pino's own exit handler tries again.
    }
  };
  process.prependListener('exit', handOverAtExit);
  app.addHook('onClose', (_instance, done) => {
    handOver();
    process.removeListener('exit', handOverAtExit);
    done();
  });
  const gather: AccessLog = (request, statusCode, elapsedMs) => {
    if (pending.length === 0) setImmediate(handOver);
    pending.push(formatAccessLine(accessLine(request, statusCode, elapsedMs), Date.now(), bindings));
  };
  app.addHook('onResponse', (request, reply, done) => {
    gather(request, reply.statusCode, reply.elapsedTime);
    done();
  });
  return gather;
}

/**
 * The crash line (decision 101): one fatal line, written at once, with the error as the log may hold
 * it (decision 153): a failed query's parameters (a member's name, an address) are never quoted.
 */
export function logCrash(log: Pick<FastifyBaseLogger, 'fatal'>, error: unknown): void {
  log.fatal({ error: describeError(error) }, 'uncaught exception');
}
