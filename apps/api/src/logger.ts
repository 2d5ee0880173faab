import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';
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

/**
 * The access log: one line per answered request at `info` (Fastify's own request logging, two lines per
 * request through a child logger each, is off in app.ts). The line holds the five fields of
 * `AccessLine` (method, path without its query string, status, time, request id), which none of
 * `REDACTED_PATHS` names (logger.test.ts proves redacting it changes nothing), so it is written
 * through a child logger without the redaction pass (pino's `redact` child option), which was a tenth
 * of GET /api/me's CPU (decision 107). Every other line keeps the redaction. Not added at all when
 * `info` is off, so `LOG_LEVEL=warn` pays nothing per request.
 *
 * Returns the function that writes a line (one that writes nothing when `info` is off), for an answer
 * that runs no `onResponse` hook: a request Fastify refuses before routing (`frameworkErrors` in
 * app.ts, decision 147 amended).
 */
export function registerAccessLog(app: FastifyInstance): AccessLog {
  const logger = app.log as Logger;
  if (!logger.isLevelEnabled('info')) return () => {};
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

/**
 * The crash line (decision 101): one fatal line, written at once, with the error as the log may hold
 * it (decision 153): a failed query's parameters (a member's name, an address) are never quoted.
 */
export function logCrash(log: Pick<FastifyBaseLogger, 'fatal'>, error: unknown): void {
  log.fatal({ error: describeError(error) }, 'uncaught exception');
}
