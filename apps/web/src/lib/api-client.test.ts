import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { ApiError, api, errorMessage, forgetCsrfCookie, isUnauthenticated } from './api-client';
import { STORAGE_KEYS } from './storage';

beforeEach(() => forgetCsrfCookie());

describe('api client (spec §7)', () => {
  it('sends Accept JSON and credentials on a GET, with no body, no CSRF call and no token when none is stored', async () => {
    const server = fakeApi({ 'GET /api/thing': () => json({ ok: true }) });
    await expect(api.get('/api/thing')).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.headers).toEqual({ Accept: 'application/json' });
    expect(request?.credentials).toBe('include');
    expect(request?.body).toBeUndefined();
  });

  it('adds the stored bearer token: the member one by default, the admin one for admin calls', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|member');
    window.localStorage.setItem(STORAGE_KEYS.adminToken, '2|admin');
    const server = fakeApi({ 'GET /api/me': () => json({}), 'GET /api/admin/me': () => json({}) });
    await api.get('/api/me');
    await api.get('/api/admin/me', { auth: 'admin' });
    expect(server.to('GET /api/me')[0]?.headers.Authorization).toBe('Bearer 1|member');
    expect(server.to('GET /api/admin/me')[0]?.headers.Authorization).toBe('Bearer 2|admin');
  });

  it('fetches the CSRF cookie once, before the first write, and echoes it in X-XSRF-TOKEN', async () => {
    const server = fakeApi({
      'POST /api/one': () => json({ n: 1 }),
      'POST /api/two': () => json({ n: 2 }),
    });
    await api.post('/api/one', { a: 1 });
    await api.post('/api/two');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/one',
      'POST /api/two',
    ]);
    const [csrf, one, two] = server.requests;
    expect(csrf?.credentials).toBe('include');
    expect(one?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': 'xsrf=token',
    });
    expect(one?.body).toEqual({ a: 1 });
    // A write without a payload still sends a JSON body.
    expect(two?.body).toEqual({});
    expect(two?.headers['X-XSRF-TOKEN']).toBe('xsrf=token');
  });

  it('tries the CSRF cookie again after it failed, and after a 419', async () => {
    let csrfAnswers = 0;
    let writeAnswers = 0;
    const server = fakeApi({
      'GET /sanctum/csrf-cookie': () => {
        csrfAnswers += 1;
        if (csrfAnswers === 1) return json({ message: 'down' }, 503, 'Service Unavailable');
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return new Response(null, { status: 204 });
      },
      'POST /api/write': () => {
        writeAnswers += 1;
        return writeAnswers === 1
          ? json({ message: 'CSRF token mismatch.', code: 'CSRF_MISMATCH' }, 419)
          : json({});
      },
    });
    await expect(api.post('/api/write')).rejects.toMatchObject({ status: 503 });
    await expect(api.post('/api/write')).rejects.toMatchObject({
      status: 419,
      message: 'CSRF token mismatch.',
    });
    await api.post('/api/write');
    expect(server.to('GET /sanctum/csrf-cookie')).toHaveLength(3);
  });

  it('returns parsed JSON for a JSON answer and the text otherwise', async () => {
    fakeApi({
      'GET /api/json': () => json([1, 2]),
      'GET /api/text': () => new Response('plain words', { headers: { 'Content-Type': 'text/plain' } }),
      'GET /api/empty': () => new Response(null, { status: 204 }),
    });
    await expect(api.get('/api/json')).resolves.toEqual([1, 2]);
    await expect(api.get('/api/text')).resolves.toBe('plain words');
    await expect(api.get('/api/empty')).resolves.toBe('');
  });

  it('turns a non-OK answer into an ApiError: the body message, else the status text, else "API Error"', async () => {
    fakeApi({
      'GET /api/a': () =>
        json({ message: 'Email is taken.', code: 'BUSINESS_RULE', errors: { email: ['Taken.'] } }, 422),
      'GET /api/b': () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
      'GET /api/c': () => new Response('', { status: 500 }),
    });
    const a = await api.get('/api/a').catch((error: unknown) => error);
    expect(a).toBeInstanceOf(ApiError);
    expect(a).toMatchObject({
      status: 422,
      message: 'Email is taken.',
      code: 'BUSINESS_RULE',
      fieldErrors: { email: ['Taken.'] },
    });
    await expect(api.get('/api/b')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
    await expect(api.get('/api/c')).rejects.toMatchObject({ status: 500, message: 'API Error' });
  });

  it("says 'Network error' when no answer arrives", async () => {
    fakeApi({
      'GET /api/down': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/api/down')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });

  it('sends a money write with an Idempotency-Key, the same one again while it has had no settling answer', async () => {
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json({ message: 'A request with this Idempotency-Key is still in flight.' }, 409),
      () => json({ message: 'Invested.' }, 201),
      () => json({ message: 'Invested.' }, 201),
      () => json({ message: 'Insufficient balance.' }, 422),
      () => json({ message: 'Invested.' }, 201),
    ];
    const server = fakeApi({ 'POST /api/invest': () => answers.shift()!() });
    const invest = (amount: number) => api.post('/api/invest', { plan_id: 1, amount }, { idempotent: true });
    await expect(invest(100)).rejects.toMatchObject({ status: 0 });
    await expect(invest(100)).rejects.toMatchObject({ status: 409 });
    await expect(invest(100)).resolves.toMatchObject({ message: 'Invested.' });
    // Answered: the same investment made again is a new one, with a new key.
    await expect(invest(100)).resolves.toMatchObject({ message: 'Invested.' });
    await expect(invest(250)).rejects.toMatchObject({ status: 422 });
    await expect(invest(250)).resolves.toMatchObject({ message: 'Invested.' });
    const keys = server.to('POST /api/invest').map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    // Tries 1–3 are one request (no answer, then "still in flight"); 4, 5 and 6 are each their own.
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(new Set(keys.slice(2)).size).toBe(4);
  });

  it('keeps the key when the answer is cut off in its body: the retry is the same request', async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      );
    const answers = [cutOff, () => json({ message: 'Withdrawal request submitted successfully!' }, 201)];
    const server = fakeApi({ 'POST /api/withdrawal': () => answers.shift()!() });
    const withdraw = () => api.post('/api/withdrawal', { amount: 40 }, { idempotent: true });
    await expect(withdraw()).rejects.toMatchObject({ status: 0, message: 'Network error' });
    await expect(withdraw()).resolves.toMatchObject({
      message: 'Withdrawal request submitted successfully!',
    });
    const keys = server.to('POST /api/withdrawal').map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the status of a refusal whose body is cut off: a 401 is still signed out', async () => {
    fakeApi({
      'GET /api/me': () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.error(new TypeError('terminated'));
            },
          }),
          { status: 401, statusText: 'Unauthorized', headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const failure = await api.get('/api/me').catch((error: unknown) => error);
    expect(isUnauthenticated(failure)).toBe(true);
  });

  it('sends no Idempotency-Key on a write that is not a money move', async () => {
    const server = fakeApi({ 'POST /api/profile': () => json({}) });
    await api.post('/api/profile', { name: 'A' });
    expect(server.to('POST /api/profile')[0]?.headers['Idempotency-Key']).toBeUndefined();
  });

  it("shows the server's own message, else the screen's fallback", async () => {
    fakeApi({
      'GET /api/said': () => json({ message: 'Invalid OTP.' }, 422),
      'GET /api/silent': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    const said = await api.get('/api/said').catch((error: unknown) => error);
    const silent = await api.get('/api/silent').catch((error: unknown) => error);
    expect(errorMessage(said, 'OTP verification failed')).toBe('Invalid OTP.');
    expect(errorMessage(silent, 'OTP verification failed')).toBe('OTP verification failed');
    expect(errorMessage(new ApiError(0, 'Network error'), 'Login failed')).toBe('Login failed');
  });
});
