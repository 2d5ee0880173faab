import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
