import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, authFailures } from '@app/db';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import {
  Browser,
  PASSWORD,
  createUser,
  errorOf,
  latestOtp,
  mailsTo,
  registrationPayload,
} from '../../../test/accounts';
import { IP_MAX_FAILURES } from './throttle.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

describe('sign-in throttling (DESIGN §6)', () => {
  it('refuses the 11th attempt within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    for (let i = 0; i < 10; i += 1) {
      clock.advance(10_000);
      const wrong = await browser.post('/api/login', { email, password: `wrong ${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await browser.post('/api/login', { email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right)).toEqual({
      message: 'Too many attempts. Please try again in 14 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // The oldest of the ten failures counts until 15 minutes after it: 15 min - 90 s from now.
    expect(right.headers['retry-after']).toBe(String(15 * 60 - 90));

    // Another address does not unlock the account: the limit is per account.
    const elsewhere = await new Browser(app).post('/api/login', { email, password: PASSWORD });
    expect(elsewhere.statusCode).toBe(429);
    // Nor does the admin sign-in, which shares the account's count.
    expect((await browser.post('/api/admin/login', { email, password: PASSWORD })).statusCode).toBe(429);

    clock.advance((15 * 60 - 90) * 1000);
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    for (let i = 0; i < 9; i += 1) await browser.post('/api/login', { email, password: 'wrong' });
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await browser.post('/api/login', { email, password: 'wrong' })).statusCode).toBe(401);
    }
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('throttles unknown accounts exactly like known ones (no enumeration)', async () => {
    const browser = new Browser(app);
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 10; i += 1) await browser.post('/api/login', { email, password: 'wrong' });
    const response = await browser.post('/api/login', { email, password: 'wrong' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  });

  it(`refuses an IP after ${IP_MAX_FAILURES} failures across accounts, other IPs unaffected`, async () => {
    const attacker = new Browser(app);
    for (let i = 0; i < IP_MAX_FAILURES; i += 1) {
      const response = await attacker.post('/api/login', { email: uniqueEmail('spray'), password: 'wrong' });
      expect(response.statusCode).toBe(401);
    }
    const { email } = await createUser(app);
    const blocked = await attacker.post('/api/login', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new Browser(app).post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 and ignores a balancer’s port: a new address or port is no fresh start', async () => {
    // One host walking through its /64, each try from another address and source port (decision 226).
    for (let i = 0; i < IP_MAX_FAILURES; i += 1) {
      const walker = new Browser(app, `[2001:db8:77:1:${(i + 1).toString(16)}::9]:${40_000 + i}`);
      const response = await walker.post('/api/login', { email: uniqueEmail('spray6'), password: 'wrong' });
      expect(response.statusCode).toBe(401);
    }
    const { email } = await createUser(app);
    const sameBlock = await new Browser(app, '2001:db8:77:1:ffff::1').post('/api/login', {
      email,
      password: PASSWORD,
    });
    expect(sameBlock.statusCode).toBe(429);
    const nextBlock = await new Browser(app, '2001:db8:77:2::1').post('/api/login', {
      email,
      password: PASSWORD,
    });
    expect(nextBlock.statusCode).toBe(200);
    // The audit log keeps the address without the balancer's port, as every other row of it does.
    const { user, email: other } = await createUser(app);
    const portOn = new Browser(app, '[2001:db8:78::5]:443');
    expect((await portOn.post('/api/login', { email: other, password: PASSWORD })).statusCode).toBe(200);
    const [row] = await db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subjectId, String(user.id))));
    expect(row?.ip).toBe('2001:db8:78::5');
  });

  it('keeps the counts in the database, so every API node sees them', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    await browser.post('/api/login', { email, password: 'wrong' });
    const [row] = await db
      .select({ value: count() })
      .from(authFailures)
      .where(eq(authFailures.subject, `account:${email}`));
    expect(row?.value).toBe(1);
  });
});

describe('email code throttling', () => {
  it('refuses an IP that keeps guessing codes, with Retry-After', async () => {
    const guesser = new Browser(app);
    for (let i = 0; i < IP_MAX_FAILURES; i += 1) {
      const response = await guesser.post('/api/verify-otp', { email: uniqueEmail('guess'), otp: '123456' });
      expect(response.statusCode).toBe(422);
    }
    const payload = registrationPayload();
    await new Browser(app).post('/api/register', payload);
    const otp = await latestOtp(app, payload.email);
    const blocked = await guesser.post('/api/verify-otp', { email: payload.email, otp });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new Browser(app).post('/api/verify-otp', { email: payload.email, otp })).statusCode).toBe(
      200,
    );
  });

  it('refuses an account after 10 wrong codes in 15 minutes, across fresh codes', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload();
    await browser.post('/api/register', payload);
    const email = payload.email;
    for (let round = 0; round < 2; round += 1) {
      clock.advance(60_000);
      expect((await browser.post('/api/resend-otp', { email })).statusCode).toBe(200);
      const otp = await latestOtp(app, email);
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) await new Browser(app).post('/api/verify-otp', { email, otp: wrong });
    }
    clock.advance(60_000);
    await browser.post('/api/resend-otp', { email });
    const otp = await latestOtp(app, email);
    const blocked = await browser.post('/api/verify-otp', { email, otp });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('codes mailed again to an address nobody has proved', () => {
  it('share the address’s budget of mails: the 11th in 15 minutes is refused and not sent; one asked too soon uses none', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload();
    await browser.post('/api/register', payload);
    const email = payload.email;
    // Within the minute: refused by the minute's wait, and nothing of the budget is used.
    expect((await browser.post('/api/resend-otp', { email })).statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1) {
      clock.advance(61_000);
      expect((await browser.post('/api/resend-otp', { email })).statusCode).toBe(200);
    }
    clock.advance(61_000);
    const refused = await browser.post('/api/resend-otp', { email });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-up's code and ten more.
    expect(await mailsTo(app, email)).toHaveLength(11);
    // The budget is the address's, not the browser's: another one is refused too.
    expect((await new Browser(app).post('/api/resend-otp', { email })).statusCode).toBe(429);
  });
});

describe('clean-up job', () => {
  it('drops what no ceiling counts a day on, and a code’s failures a day past the 30-day ceiling', async () => {
    const browser = new Browser(app);
    const email = uniqueEmail('old');
    await browser.post('/api/login', { email, password: 'wrong' });
    await browser.post('/api/verify-otp', { email, otp: '000000' });
    clock.advance(25 * 3_600_000);
    const fresh = new Browser(app);
    await fresh.post('/api/login', { email: uniqueEmail('fresh'), password: 'wrong' });
    const failures = async () => {
      await app.deps.jobs.runAll({ database: app.deps.database, clock });
      return (
        await db.select({ scope: authFailures.scope, subject: authFailures.subject }).from(authFailures)
      ).map((row) => `${row.scope} ${row.subject}`);
    };
    const kept = await failures();
    expect(kept).toEqual(expect.arrayContaining([`otp account:${email}`, `login ip:${fresh.ip}`]));
    expect(kept).not.toContain(`login account:${email}`);
    expect(kept.filter((row) => row.endsWith(`ip:${browser.ip}`))).toEqual([]);
    clock.advance(30 * 24 * 3_600_000);
    expect(await failures()).not.toContain(`otp account:${email}`);
  });
});
