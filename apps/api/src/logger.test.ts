import { randomBytes } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { FixedClock } from './clock';
import { loadConfig } from './config';
import { accessLine, loggerOptions, REDACTED_PATHS } from './logger';
import { createTestDatabase } from '../test/db';
import { TEST_NOW } from '../test/helpers';
import { Browser, latestOtp, PASSWORD, registrationPayload } from '../test/accounts';
import { processWarnings } from '../test/process-warnings';

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
    expect(log.split('\n').filter(Boolean).length).toBeGreaterThan(5); // requests were logged at all
    expect(log).toContain('/api/login');
    for (const secret of [PASSWORD, otp, token, token.split('|')[1] ?? token, xsrf]) {
      expect(secret.length).toBeGreaterThan(3);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(encodeURIComponent(payload.email));
    expect(log).not.toContain(payload.email);
  });
});

describe('the server', () => {
  it('starts without a deprecation warning of Fastify’s', async () => {
    // Node emits a warning on the next tick. A deprecated Fastify option warns once per process: at
    // this file's app, or at the first app another file built in this worker (test/process-warnings.ts).
    await new Promise((resolve) => setImmediate(resolve));
    expect(processWarnings.filter((code) => code.startsWith('FSTDEP'))).toEqual([]);
  });
});

describe('request loggers', () => {
  it('write nothing below the level, and at it carry the request id with secrets redacted', async () => {
    const written: string[] = [];
    const quiet = Fastify({
      logger: loggerOptions('warn', { write: (line: string) => void written.push(line) }),
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: () => 'req-42',
    });
    quiet.post('/echo', async (request) => {
      request.log.info('not written');
      request.log.debug({ password: 'hunter2-hunter2' }, 'not written either');
      request.log.warn({ body: { password: 'hunter2-hunter2' } }, 'written');
      return { ok: true };
    });
    expect((await quiet.inject({ method: 'POST', url: '/echo', payload: {} })).statusCode).toBe(200);
    await quiet.close();
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ reqId: 'req-42', msg: 'written', body: { password: '[redacted]' } });
  });
});

describe('the access line', () => {
  it('holds no field the redaction names, so writing it without the redaction pass changes nothing', () => {
    const written = (redact: string[]) => {
      const out: string[] = [];
      const logger = pino(
        { level: 'info', base: null, timestamp: false, redact: { paths: redact, censor: '[redacted]' } },
        { write: (line: string) => void out.push(line) },
      );
      // The strangest request the line can meet: every redacted name in the path and the query string.
      const names = REDACTED_PATHS.map((path) => path.replace(/^.*[.[]"?/, '').replace(/"?]$/, ''));
      const url = `/api/${names.join('/')}?${names.map((name) => `${name}=x`).join('&')}&email=a%40b.c`;
      logger.info(accessLine({ id: 'req-7', method: 'POST', url }, 401, 1.234), 'request completed');
      return out.join('');
    };
    const plain = written([]);
    expect(plain).toBe(written(REDACTED_PATHS));
    expect(plain).not.toContain('[redacted]');
    expect(plain).not.toContain('?');
    expect(plain).not.toContain('a%40b.c');
    const line = JSON.parse(plain) as Record<string, unknown>;
    expect(Object.keys(line).sort()).toEqual(['level', 'msg', 'reqId', 'req', 'res', 'responseTime'].sort());
    expect(line).toMatchObject({ req: { method: 'POST' }, res: { statusCode: 401 }, responseTime: 1.23 });
  });
});
