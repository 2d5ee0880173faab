import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
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
 * The headers of an answer that is never rendered as a page (the JSON API, the CSV export), from the
 * page headers (OWASP REST Security Cheat Sheet; ASVS 14.4): a policy that allows nothing and no
 * framing, `X-Frame-Options` for browsers without `frame-ancestors`, nosniff, the referrer policy, the
 * same-origin resource policy (no cross-origin reads of an answer), HSTS in production, and
 * `Cache-Control: no-store` (ASVS 8.2.1: members' data stays out of browser and proxy caches).
 * Left off are the six that act only on a document a browser renders (opener policy, origin-keyed
 * agent clusters, DNS prefetching, IE's download prompt, Flash and PDF cross-domain policies, the
 * legacy XSS filter): each header costs every answer time in Node and in the client, and these six
 * cost GET /api/me 9 % of its throughput (decision 147).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";
const API_KEPT = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

function apiHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': API_CONTENT_SECURITY_POLICY };
  for (const name of API_KEPT) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  headers['cache-control'] = 'no-store';
  return headers;
}

/** The API's security headers (above), for an answer written without Fastify (`parser-refusals.ts`). */
export function apiSecurityHeaders(options: { production: boolean }): Record<string, string> {
  return apiHeadersOf(securityHeaders(options.production));
}

/**
 * The hook that sets the security headers of DESIGN §8 on an answer: the page headers on the web app,
 * its files and the OpenAPI browser (`/api/docs`, a page with scripts, which also sets its own
 * policy), the API headers above on every other `/api/` answer. A public route that may be cached
 * (help, markets, SEO) sets its own `Cache-Control` over `no-store`. The app registers it first of its
 * hooks, and calls it for a request refused before routing, which runs no hook (decision 147).
 */
export function securityHeadersHook(options: { production: boolean }): onRequestHookHandler {
  const headers = securityHeaders(options.production);
  const docsHeaders = { ...headers, 'cache-control': 'no-store' };
  const apiHeaders = apiHeadersOf(headers);
  return (request, reply, done) => {
    // The path as asked, or, when it holds percent-encoding, the path of the route it matched: the
    // router decodes `/%61pi/me` to `/api/me`, and that is the only way the two differ. Fastify builds
    // `routeOptions` anew on each read, so it is read only then.
    const path = request.url.includes('%') ? (request.routeOptions.url ?? request.url) : request.url;
    const api = path.startsWith('/api/') || request.url.startsWith('/api/');
    const docs = path === '/api/docs' || path.startsWith('/api/docs/');
    void reply.headers(!api ? headers : docs ? docsHeaders : apiHeaders);
    done();
  };
}
