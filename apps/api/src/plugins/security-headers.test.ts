import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, securityHeadersHook } from './security-headers';

/** The headers that act only on a document a browser renders (decision 147). */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function appWithHeaders(production: boolean) {
  const app = Fastify();
  // As app.ts adds it: the first onRequest hook.
  app.addHook('onRequest', securityHeadersHook({ production }));
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>x</title>'));
  app.get('/api/things', async () => ({ things: [] }));
  app.get('/api/docs/static/index.html', async (_request, reply) =>
    reply.type('text/html').send('<p>docs</p>'),
  );
  await app.ready();
  return app;
}

describe('security headers (DESIGN §8, decision 147)', () => {
  it('give pages a policy without inline script, and every header helmet sets', async () => {
    const app = await appWithHeaders(false);
    for (const url of ['/', '/api/docs/static/index.html']) {
      const page = await app.inject(url);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const name of DOCUMENT_ONLY) expect(page.headers[name], `${url} ${name}`).toBeDefined();
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
    expect((await app.inject('/')).headers['cache-control']).toBeUndefined();
    expect((await app.inject('/api/docs/static/index.html')).headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('give API answers, errors included, a policy that allows nothing and leave off what acts only on documents', async () => {
    const app = await appWithHeaders(false);
    for (const [url, status] of [
      ['/api/things', 200],
      ['/api/nothing-here', 404],
      // Routed to /api/things once decoded: the headers of the route, not of the text asked for.
      ['/%61pi/things', 200],
      ['/api/docsX', 404],
    ] as const) {
      const answer = await app.inject(url);
      expect(answer.statusCode).toBe(status);
      expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
      expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['cache-control']).toBe('no-store');
      for (const name of DOCUMENT_ONLY) expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
    }
    await app.close();
  });

  it('add HSTS to pages and API answers in production', async () => {
    const app = await appWithHeaders(true);
    for (const url of ['/', '/api/things']) {
      expect((await app.inject(url)).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    expect(String((await app.inject('/')).headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
    await app.close();
  });
});
