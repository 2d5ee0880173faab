import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { hmacSha256Hex, randomSecret, safeEqual } from '../lib/crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The echoed header percent-decoded, as the cookie was written; undefined when it is not valid encoding. */
function decodedOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The Sanctum CSRF contract (DESIGN §6): GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie;
 * every unsafe request that carries cookies must echo it in X-XSRF-TOKEN, else 419. The token is a
 * signed double-submit value (random.hmac(APP_KEY, random)) so an injected cookie is not accepted.
 */
export function registerCsrf(
  app: FastifyInstance,
  options: { key: Buffer; secure: boolean; exempt: (url: string) => boolean },
): void {
  const sign = (nonce: string) => `${nonce}.${hmacSha256Hex(options.key, `xsrf:${nonce}`)}`;
  const isGenuine = (token: string) => {
    const [nonce, mac] = token.split('.');
    return Boolean(nonce && mac) && safeEqual(sign(nonce ?? ''), token);
  };

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const existing = request.cookies[XSRF_COOKIE];
      const token = existing && isGenuine(existing) ? existing : sign(randomSecret(18));
      void reply.setCookie(XSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
      return reply.status(204).send();
    },
  );

  // A synchronous hook (done callback): it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || options.exempt(request.url)) return done();
    if (!request.headers.cookie) return done(); // no ambient credential: nothing to forge
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers['x-xsrf-token'];
    const echoed = Array.isArray(header) ? header[0] : header;
    const decoded = echoed === undefined ? undefined : decodedOrUndefined(echoed);
    if (!cookie || !decoded || !safeEqual(decoded, cookie) || !isGenuine(cookie)) {
      return done(new AppError('CSRF_MISMATCH', 'CSRF token mismatch.'));
    }
    done();
  });
}
