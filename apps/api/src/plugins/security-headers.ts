import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's configuration for DESIGN §8: CSP without inline script, HSTS in production, no framing. */
function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for our configuration, computed once. They depend on nothing in the request
 * (no CSP nonces), so building them per request — as @fastify/helmet does — only costs time on every
 * answer (decision 006).
 */
function securityHeaders(production: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(helmetOptions(production))({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw new Error('helmet refused the security header configuration', { cause: failure });
  return headers;
}

/**
 * Sets the security headers of DESIGN §8 on every answer. API answers also get `Cache-Control:
 * no-store` (ASVS 8.2.1: members' data stays out of browser and proxy caches); a public route that may
 * be cached (help, markets, SEO) sets its own value over it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }): void {
  const headers = securityHeaders(options.production);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
