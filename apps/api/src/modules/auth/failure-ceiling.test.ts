import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@app/shared';
import { AppError } from '../../errors';
import { ApiClient, createTestApp, uniqueEmail } from '../../../test/helpers';
import { signInAdminAs } from '../../../test/admin';
import {
  Browser,
  createUser,
  enableTwoFactor,
  errorOf,
  mailedResetLink,
  PASSWORD,
  signIn,
  totpCode,
} from '../../../test/accounts';
import { TWO_FACTOR_COOKIE } from './sign-in.service';
import {
  CEILING_HORIZON_MS,
  CONSECUTIVE_FAILURE_CEILING,
  FAILURE_WINDOW_MS,
  accountKey,
  attemptSucceeded,
  codeKey,
  countAttempt,
  ipKey,
  userKey,
  type ThrottleScope,
  type ThrottleSubject,
} from './throttle.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const NEW_PASSWORD = 'a brand new passphrase';
const THIRTY_DAYS_S = CEILING_HORIZON_MS / 1000;

/** A window's worth of failures at a time, 16 minutes apart, as a patient guesser under the limit. */
async function failPatiently(times: number, fail: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    if (i > 0 && i % 10 === 0) clock.advance(FAILURE_WINDOW_MS + 60_000);
    await fail();
  }
}

/** One failed guess counted on the throttle, as every sign-in and code route counts it. */
const guess = (scope: ThrottleScope, keys: ThrottleSubject[]) => () =>
  countAttempt(db, scope, keys, clock.now());

async function refusalOf(attempt: () => Promise<unknown>): Promise<AppError> {
  const error = await attempt().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error('the attempt was not refused');
  return error;
}

const mailedResetToken = async (email: string) =>
  (await mailedResetLink(app, email)).searchParams.get('token') ?? '';

const resetPassword = (browser: Browser, email: string, token: string) =>
  browser.post('/api/reset-password', {
    email,
    token,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });

describe('the ceiling on an account’s consecutive failures (decision 236)', () => {
  it('refuses the 101st guess within 30 days, until the oldest failure is 30 days old', async () => {
    const key = userKey(900_001);
    const started = clock.now().getTime();
    await failPatiently(CONSECUTIVE_FAILURE_CEILING, guess('two_factor', [key]));
    clock.advance(FAILURE_WINDOW_MS + 60_000); // the 15-minute window is clear again
    const locked = await refusalOf(guess('two_factor', [key]));
    expect(locked.message).toBe(AUTH_MESSAGES.accountLocked);
    expect(locked.status).toBe(429);
    const elapsed = Math.round((clock.now().getTime() - started) / 1000);
    expect(locked.retryAfterSeconds).toBe(THIRTY_DAYS_S - elapsed);

    // A day later still locked. Once the first ten failures (one instant) are 30 days old, ten more
    // guesses are allowed, and the ceiling is reached again.
    clock.advance(24 * 3_600_000);
    expect((await refusalOf(guess('two_factor', [key]))).message).toBe(AUTH_MESSAGES.accountLocked);
    clock.advance(((locked.retryAfterSeconds ?? 0) - 24 * 3_600) * 1000);
    for (let i = 0; i < 10; i += 1) await expect(guess('two_factor', [key])()).resolves.toBeTruthy();
    expect((await refusalOf(guess('two_factor', [key]))).message).toBe(AUTH_MESSAGES.accountLocked);
  });

  it('counts only consecutive failures: a success in between starts again', async () => {
    const key = userKey(900_002);
    await failPatiently(CONSECUTIVE_FAILURE_CEILING - 1, guess('two_factor', [key]));
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    await attemptSucceeded(db, await countAttempt(db, 'two_factor', [key], clock.now()));
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    await failPatiently(CONSECUTIVE_FAILURE_CEILING - 1, guess('two_factor', [key]));
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    await expect(guess('two_factor', [key])()).resolves.toMatchObject({ scope: 'two_factor' });
  });

  it('counts each kind apart; never the password step by email, an address or the reset links', async () => {
    const email = uniqueEmail('kinds');
    const user = userKey(900_003);
    await failPatiently(CONSECUTIVE_FAILURE_CEILING, guess('otp', [codeKey(email)]));
    await failPatiently(CONSECUTIVE_FAILURE_CEILING, guess('two_factor', [user]));
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    expect((await refusalOf(guess('otp', [codeKey(email)]))).message).toBe(AUTH_MESSAGES.accountLocked);
    expect((await refusalOf(guess('two_factor', [user]))).message).toBe(AUTH_MESSAGES.accountLocked);
    await expect(guess('password', [user])()).resolves.toBeTruthy();

    // Anyone can type an email or come from an address: no ceiling there, the window's limit only.
    const address = ipKey('203.0.113.77');
    for (const [scope, key] of [
      ['login', accountKey(email)],
      ['reset_request', accountKey(email)],
      ['login', address],
    ] as const) {
      await failPatiently(CONSECUTIVE_FAILURE_CEILING + 20, guess(scope, [key]));
      clock.advance(FAILURE_WINDOW_MS + 60_000);
      await expect(guess(scope, [key])()).resolves.toBeTruthy();
    }
  });
});

describe('a locked member, through the API', () => {
  it('locked out of the second step, the right code included, until a password reset', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    const { secret } = await enableTwoFactor(app, browser, await signIn(browser, email));
    const verify = async (password: string, code: () => string) => {
      const login = await browser.post('/api/login', { email, password });
      if (login.statusCode !== 200) return login;
      const cookie = browser.cookie(TWO_FACTOR_COOKIE) ?? '';
      browser.keepCookie(TWO_FACTOR_COOKIE, cookie);
      return browser.post('/api/2fa/verify', { token: code() });
    };
    // 100 wrong codes, one a sign-in: someone who has the password and guesses the authenticator.
    await failPatiently(CONSECUTIVE_FAILURE_CEILING, async () => {
      const wrong = await verify(PASSWORD, () => totpCode(secret, clock.now(), 10));
      expect(wrong.statusCode).toBe(422);
    });
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    const locked = await verify(PASSWORD, () => totpCode(secret, clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toEqual({ message: AUTH_MESSAGES.accountLocked, code: 'TOO_MANY_REQUESTS' });

    // The member resets the password from the mailbox; the guesser's password no longer works.
    expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(200);
    expect((await resetPassword(browser, email, await mailedResetToken(email))).statusCode).toBe(200);
    const signedIn = await verify(NEW_PASSWORD, () => totpCode(secret, clock.now()));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ token?: string }>().token).toBeTruthy();
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers a locked code of an unknown address exactly as a member’s', async () => {
    const { email } = await createUser(app, { verified: false });
    const nobody = uniqueEmail('nobody');
    for (const address of [email, nobody]) {
      await failPatiently(CONSECUTIVE_FAILURE_CEILING, guess('otp', [codeKey(address)]));
    }
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    const member = await new Browser(app).post('/api/verify-otp', { email, otp: '123456' });
    const stranger = await new Browser(app).post('/api/verify-otp', { email: nobody, otp: '123456' });
    expect(member.statusCode).toBe(429);
    expect(errorOf(member)).toEqual(errorOf(stranger));
    expect(errorOf(member).message).toBe(AUTH_MESSAGES.accountLocked);
  });

  it('a stranger’s wrong passwords never lock a member’s sign-in for more than the window', async () => {
    const { email } = await createUser(app);
    await failPatiently(CONSECUTIVE_FAILURE_CEILING + 20, guess('login', [accountKey(email)]));
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    expect((await new Browser(app).post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('tells a locked admin to ask a superadmin, at the sign-in step and at re-authentication', async () => {
    const admin = await signInAdminAs(app, 'finance');
    // Wrong codes over hours, from someone with the admin's password; the admin keeps working meanwhile.
    await failPatiently(CONSECUTIVE_FAILURE_CEILING, async () => {
      await guess('two_factor', [userKey(admin.user.id)])();
      expect((await admin.client.get('/api/admin/me', { token: admin.token })).statusCode).toBe(200);
    });
    clock.advance(FAILURE_WINDOW_MS + 60_000);
    const reauth = await admin.client.post(
      '/api/admin/reauth',
      { code: admin.nextCode() },
      { token: admin.token },
    );
    expect(reauth.statusCode).toBe(429);
    expect(errorOf(reauth).message).toBe(ADMIN_MESSAGES.accountLocked);
    const client = new ApiClient(app);
    const login = await client.post('/api/admin/login', { email: admin.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const verify = await client.post('/api/admin/2fa/verify', { token: admin.nextCode() });
    expect(verify.statusCode).toBe(429);
    expect(errorOf(verify).message).toBe(ADMIN_MESSAGES.accountLocked);
  });

  it('no one can lock a member out of the reset link that lifts the lock', async () => {
    const { email } = await createUser(app);
    // Wrong reset tokens in the member's name, far past the ceiling's count, the last ten in the very
    // window the member resets in (the links asked for are counted apart: the test above).
    await failPatiently(CONSECUTIVE_FAILURE_CEILING + 10, async () => {
      expect((await resetPassword(new Browser(app), email, 'f'.repeat(64))).statusCode).toBe(422);
    });
    const browser = new Browser(app);
    expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(200);
    expect((await resetPassword(browser, email, await mailedResetToken(email))).statusCode).toBe(200);
    expect(await signIn(browser, email, NEW_PASSWORD)).toBeTruthy();
  });
});
