import { describe, expect, it } from 'vitest';
import { ApiClient, createTestApp } from '../../test/helpers';
import { signedInMember } from '../../test/money';

const { app } = await createTestApp();

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('gives front settings with the spec defaults and three languages, Arabic right-to-left', async () => {
    const response = await app.inject('/api/front');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sitename).toBe('Our Platform');
    expect(body.currency).toEqual({ code: 'USD', symbol: '$' });
    expect(body.language).toEqual({ code: 'en', label: 'English', direction: 'ltr' });
    expect(body.available_languages.map((l: { code: string }) => l.code)).toEqual(['en', 'es', 'ar']);
    expect(body.available_languages.find((l: { code: string }) => l.code === 'ar').direction).toBe('rtl');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sets the security headers of DESIGN §8 (an API answer: a policy that allows nothing)', async () => {
    const response = await app.inject('/api/front');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The OpenAPI browser is a page with scripts: it keeps the page headers.
    const docs = await app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain('script-src');
    expect(docs.headers['cache-control']).toBe('no-store');
    const page = String((await app.inject('/healthz')).headers['content-security-policy']);
    expect(page).toContain("script-src 'self'");
    expect(page).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page).toContain("frame-ancestors 'none'");
  });

  it('keeps API answers out of caches unless the route allows it', async () => {
    const client = new ApiClient(app);
    const unauthenticated = await client.get('/api/me');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const member = await signedInMember(app);
    const own = await member.client.get('/api/me', { token: member.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await app.inject('/api/front')).headers['cache-control']).toBe('no-store');
    // Public help content sets its own caching over the default.
    expect((await app.inject('/api/help/faqs')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('issues a readable XSRF-TOKEN cookie and refuses a cookie-carrying write without the echo (419)', async () => {
    const cookieResponse = await app.inject('/sanctum/csrf-cookie');
    expect(cookieResponse.statusCode).toBe(204);
    const xsrf = cookieResponse.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/resend-otp',
      headers: { cookie: `XSRF-TOKEN=${xsrf?.value}` },
      payload: { email: 'x@example.com' },
    });
    expect(refused.statusCode).toBe(419);
    expect(refused.json()).toMatchObject({ message: 'CSRF token mismatch.', code: 'CSRF_MISMATCH' });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/resend-otp',
      headers: { cookie: 'XSRF-TOKEN=made-up.value', 'x-xsrf-token': 'made-up.value' },
      payload: { email: 'x@example.com' },
    });
    expect(forged.statusCode).toBe(419);
    // An echo that is not valid percent-encoding is a mismatch too, not a server error.
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/resend-otp',
      headers: { cookie: `XSRF-TOKEN=${xsrf?.value}`, 'x-xsrf-token': '%E0%A4%A' },
      payload: { email: 'x@example.com' },
    });
    expect(malformed.statusCode).toBe(419);
    expect(malformed.json()).toMatchObject({ code: 'CSRF_MISMATCH' });
  });

  it('lets a write through when the XSRF token is echoed', async () => {
    const client = new ApiClient(app);
    const response = await client.post('/api/front-does-not-exist', {});
    expect(response.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/front');
  });
});
