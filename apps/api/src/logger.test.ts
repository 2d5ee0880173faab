import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { FixedClock } from './clock';
import { loadConfig } from './config';
import { createTestDatabase } from '../test/db';
import { TEST_NOW } from '../test/helpers';
import { Browser, latestOtp, PASSWORD, registrationPayload } from '../test/accounts';

const lines: string[] = [];
const { database, drop } = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', TRUST_PROXY: '1' }),
  database,
  clock: new FixedClock(TEST_NOW),
  appKey: randomBytes(32),
  logStream: { write: (line) => void lines.push(line) },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
});

describe('logs (DESIGN §8)', () => {
  it('never contain passwords, codes, tokens, cookies or the email of a query string', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload();
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const otp = await latestOtp(app, payload.email);
    expect((await browser.post('/api/verify-otp', { email: payload.email, otp })).statusCode).toBe(200);
    const login = await browser.post('/api/login', { email: payload.email, password: PASSWORD });
    const token = login.json<{ token: string }>().token;
    expect((await browser.get('/api/me', { token })).statusCode).toBe(200);
    await browser.get(`/api/dev/mail?to=${encodeURIComponent(payload.email)}`);
    const xsrf = browser.cookie('XSRF-TOKEN') ?? '';

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5); // requests were logged at all
    expect(log).toContain('/api/login');
    for (const secret of [PASSWORD, otp, token, token.split('|')[1] ?? token, xsrf]) {
      expect(secret.length).toBeGreaterThan(3);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(encodeURIComponent(payload.email));
    expect(log).not.toContain(payload.email);
  });
});
