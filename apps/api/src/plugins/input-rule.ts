import { isIP } from 'node:net';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INPUT_MESSAGES, inputTextProblems } from '@app/shared';
import { AppError } from '../errors';

/** Refuses the texts no field may hold (`inputTextProblems`), each with its path, as zod issues. */
const inputText = z.unknown().superRefine((value, ctx) => {
  for (const problem of inputTextProblems(value)) {
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
});

/**
 * The validator of every route part (body, query string, path, headers) that has a schema: the input
 * rule of decision 153 first (no NUL, no text longer than any field takes), then the route's own zod
 * schema. A failure of either is the same 400 VALIDATION_FAILED with field errors (plugins/errors.ts);
 * the route's schema runs only on input the rule let through.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: inputText.pipe(route.schema) });

/** An IP address, alone or with a port ("203.0.113.7:51234", "[2001:db8::1]:443", as some balancers write it). */
export function isClientAddress(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const withPort = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):\d{1,5}$/.exec(value);
  return withPort !== null && isIP(withPort[1] ?? withPort[2] ?? '') !== 0;
}

export const HEADER_MESSAGES = {
  userAgent: INPUT_MESSAGES.nul,
  forwardedFor: 'X-Forwarded-For must name the client by its IP address.',
} as const;

/**
 * The request headers the API stores (decision 153): the user agent (sessions, security mails) and,
 * behind a trusted proxy, the client address X-Forwarded-For gives (sessions, audit log, throttles).
 * A NUL in the user agent, or a forwarded "address" that is not an IP address (with or without a
 * port), is refused with a 400 naming the header. (Node's HTTP parser already refuses control
 * characters in any header; requests injected in-process are not parsed.) Without a trusted proxy,
 * the address is the socket's.
 */
export function registerStoredHeaderRule(app: FastifyInstance, options: { trustProxy: boolean }): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    if (agent !== undefined && agent.includes('\u0000')) {
      return done(AppError.validation('User-Agent', HEADER_MESSAGES.userAgent));
    }
    if (options.trustProxy && !isClientAddress(request.ip)) {
      return done(AppError.validation('X-Forwarded-For', HEADER_MESSAGES.forwardedFor));
    }
    done();
  });
}
