import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOtps } from '@app/db';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS } from '@app/shared';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import {
  Browser,
  PASSWORD,
  createUser,
  enableTwoFactor,
  findUser,
  latestOtp,
  registrationPayload,
  signIn,
  totpCode,
} from '../../../test/accounts';
import { guessAtOnce, itLimitsTheChallenge, storedFailures, wrongAtOnce } from '../../../test/guesses';
import { generateRecoveryCodes } from '../two-factor/recovery-codes';
import { CHALLENGE_MAX_ATTEMPTS, TWO_FACTOR_COOKIE } from './sign-in.service';
import { ACCOUNT_MAX_FAILURES, IP_MAX_FAILURES } from './throttle.service';

/**
 * Attempt limits hold under concurrency (decision 154). 50 wrong guesses are sent at once, and the
 * right one once 25 of them were answered: every guess is counted before it is compared, so
 * exactly the limit's worth of wrong guesses is compared, the counter stops at the limit, the right
 * one finds the limit spent and is refused, and so is the right one sent afterwards. Within the limit
 * the right one still works. Each limited secret of a member: the sign-up code, the password (per
 * account and per address), the second sign-in step (authenticator or recovery code), the 2FA code of
 * a signed-in member, the current password on a change.
 */

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

/** The throttle's answer once the 15-minute window holds the limit's failures, all made now. */
const THROTTLED = `429 ${AUTH_MESSAGES.throttled(15 * 60)}`;

describe('sign-up email code (5 tries a code, 10 failures an account)', () => {
  const INVALID = `422 ${AUTH_MESSAGES.otpInvalid}`;
  const DEAD = `422 ${AUTH_MESSAGES.otpTooManyAttempts}`;

  async function registered() {
    const browser = new Browser(app);
    const payload = registrationPayload();
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const otp = await latestOtp(app, payload.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const guess = (code: string) => () =>
      browser.post('/api/verify-otp', { email: payload.email, otp: code });
    return { email: payload.email, right: guess(otp), wrong: guess(wrong) };
  }

  async function storedTries(email: string): Promise<number> {
    const user = await findUser(app, email);
    const [row] = await db
      .select({ attempts: emailOtps.attempts })
      .from(emailOtps)
      .where(eq(emailOtps.userId, user?.id ?? 0))
      .orderBy(desc(emailOtps.id))
      .limit(1);
    return row?.attempts ?? -1;
  }

  it('compares 5 of 50 wrong codes sent at once with the right one, and refuses the right one then and after', async () => {
    const { email, right, wrong } = await registered();
    const burst = await guessAtOnce(wrong, right);
    // The account's ten counted tries: four wrong codes compared, the fifth compared and told the code
    // is dead, five that found it dead; the other forty-one, the right one among them, are throttled.
    expect(burst.tally).toEqual({ [INVALID]: 4, [DEAD]: 6, [THROTTLED]: 41 });
    expect(await storedTries(email)).toBe(OTP_MAX_ATTEMPTS);
    expect(await storedFailures(app, 'otp', `account:${email}`)).toBe(ACCOUNT_MAX_FAILURES);

    const late = await right();
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.throttled(15 * 60), code: 'TOO_MANY_REQUESTS' });
    expect((await findUser(app, email))?.emailVerifiedAt).toBeNull();
  });

  it('verifies once for a double-clicked Verify, tells the other the email is verified, and counts no failure', async () => {
    const { email, right } = await registered();
    const [first, second] = await Promise.all([right(), right()]);
    expect([first, second].map((response) => response?.json<{ message: string }>().message).sort()).toEqual([
      AUTH_MESSAGES.emailAlreadyVerified,
      AUTH_MESSAGES.otpVerified,
    ]);
    expect(await storedFailures(app, 'otp', `account:${email}`)).toBe(0);
  });

  it('takes the right code sent at once with 4 wrong ones: within the limit', async () => {
    const { email, right, wrong } = await registered();
    const burst = await guessAtOnce(wrong, right, OTP_MAX_ATTEMPTS - 1);
    expect(burst.right.statusCode).toBe(200);
    expect((await findUser(app, email))?.emailVerifiedAt).not.toBeNull();
  });
});

describe('password sign-in (10 failures an account, 50 an address, in 15 minutes)', () => {
  const INVALID = `401 ${AUTH_MESSAGES.invalidCredentials}`;

  async function account() {
    const browser = new Browser(app);
    await browser.get('/sanctum/csrf-cookie');
    const { email } = await createUser(app);
    const login = (password: string) => () => browser.post('/api/login', { email, password });
    return { browser, email, right: login(PASSWORD), wrong: login('wrong password') };
  }

  it('compares 10 of 50 wrong passwords sent at once with the right one, and refuses the right one then and after', async () => {
    const { browser, email, right, wrong } = await account();
    const burst = await guessAtOnce(wrong, right);
    expect(burst.tally).toEqual({ [INVALID]: ACCOUNT_MAX_FAILURES, [THROTTLED]: 51 - ACCOUNT_MAX_FAILURES });
    expect(burst.right.headers['retry-after']).toBe(String(15 * 60));
    expect(await storedFailures(app, 'login', `account:${email}`)).toBe(ACCOUNT_MAX_FAILURES);
    expect(await storedFailures(app, 'login', `ip:${browser.ip}`)).toBe(ACCOUNT_MAX_FAILURES);

    const late = await right();
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.throttled(15 * 60), code: 'TOO_MANY_REQUESTS' });
  });

  it('compares 50 passwords of 60 sent at once from one address to as many accounts', async () => {
    const sprayer = new Browser(app);
    await sprayer.get('/sanctum/csrf-cookie');
    const burst = await wrongAtOnce(
      () => sprayer.post('/api/login', { email: uniqueEmail('spray'), password: 'wrong password' }),
      IP_MAX_FAILURES + 10,
    );
    expect(burst.tally).toEqual({ [INVALID]: IP_MAX_FAILURES, [THROTTLED]: 10 });
    expect(await storedFailures(app, 'login', `ip:${sprayer.ip}`)).toBe(IP_MAX_FAILURES);
  });

  it('signs in with the right password sent at once with 9 wrong ones, and counts no failure for it', async () => {
    const { browser, email, right, wrong } = await account();
    const burst = await guessAtOnce(wrong, right, ACCOUNT_MAX_FAILURES - 1);
    expect(burst.right.statusCode).toBe(200);
    expect(burst.tally).toEqual({ [INVALID]: ACCOUNT_MAX_FAILURES - 1, '200': 1 });
    // The address keeps the nine failures and not the sign-in; the account forgot those made before it.
    expect(await storedFailures(app, 'login', `ip:${browser.ip}`)).toBe(ACCOUNT_MAX_FAILURES - 1);
    expect(await storedFailures(app, 'login', `account:${email}`)).toBeLessThan(ACCOUNT_MAX_FAILURES);
    expect((await right()).statusCode).toBe(200);
  });
});

/** A signed-in member with 2FA on; the clock is moved past the step used to turn it on. */
async function memberWithTwoFactor() {
  const browser = new Browser(app);
  const { user, email } = await createUser(app);
  const token = await signIn(browser, email);
  const { secret, recoveryCodes } = await enableTwoFactor(app, browser, token);
  clock.advance(30_000);
  return { browser, user, email, token, secret, recoveryCodes };
}

type TwoFactorMember = Awaited<ReturnType<typeof memberWithTwoFactor>>;

const factors = [
  {
    name: 'an authenticator code',
    right: (member: TwoFactorMember) => totpCode(member.secret, clock.now()),
    wrong: (member: TwoFactorMember) => totpCode(member.secret, clock.now(), 10),
  },
  {
    name: 'a recovery code',
    right: (member: TwoFactorMember) => member.recoveryCodes[0] ?? '',
    wrong: () => generateRecoveryCodes(1)[0] ?? '',
  },
];

describe.each(factors)('second sign-in step with $name (5 codes a challenge)', (factor) => {
  /** The password step done: the browser holds the challenge cookie, and keeps sending it. */
  async function challenged() {
    const member = await memberWithTwoFactor();
    const login = await member.browser.post('/api/login', { email: member.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = member.browser.cookie(TWO_FACTOR_COOKIE) ?? '';
    const verify = (code: () => string) => () => {
      member.browser.keepCookie(TWO_FACTOR_COOKIE, cookie);
      return member.browser.post('/api/2fa/verify', { token: code() });
    };
    return {
      ...member,
      right: verify(() => factor.right(member)),
      wrong: verify(() => factor.wrong(member)),
    };
  }

  itLimitsTheChallenge(app, challenged, CHALLENGE_MAX_ATTEMPTS);
});

describe('2FA code of a signed-in member on disable-2fa (10 failures in 15 minutes)', () => {
  const INVALID = `422 ${AUTH_MESSAGES.twoFactorInvalid}`;

  async function disabling() {
    const member = await memberWithTwoFactor();
    const disable = (code: () => string) => () =>
      member.browser.post('/api/disable-2fa', { token: code() }, { token: member.token });
    return {
      ...member,
      right: disable(() => totpCode(member.secret, clock.now())),
      wrong: disable(() => totpCode(member.secret, clock.now(), 10)),
    };
  }

  const twoFactorOn = async (email: string) => (await findUser(app, email))?.totpEnabledAt !== null;

  it('compares 10 of 50 wrong codes sent at once with the right one, and refuses the right one then and after', async () => {
    const { user, email, right, wrong } = await disabling();
    const burst = await guessAtOnce(wrong, right);
    expect(burst.tally).toEqual({ [INVALID]: ACCOUNT_MAX_FAILURES, [THROTTLED]: 51 - ACCOUNT_MAX_FAILURES });
    expect(await storedFailures(app, 'two_factor', `user:${user.id}`)).toBe(ACCOUNT_MAX_FAILURES);
    expect((await right()).statusCode).toBe(429);
    expect(await twoFactorOn(email)).toBe(true);
  });

  it('turns 2FA off with the right code sent at once with 9 wrong ones', async () => {
    const { email, right, wrong } = await disabling();
    const burst = await guessAtOnce(wrong, right, ACCOUNT_MAX_FAILURES - 1);
    expect(burst.right.statusCode).toBe(200);
    expect(await twoFactorOn(email)).toBe(false);
  });
});

describe('current password on change-password (10 failures in 15 minutes)', () => {
  const INCORRECT = `422 ${AUTH_MESSAGES.currentPasswordIncorrect}`;
  const NEW_PASSWORD = 'a brand new passphrase';

  async function changing() {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const token = await signIn(browser, email);
    const change = (old_password: string) => () =>
      browser.post(
        '/api/change-password',
        { old_password, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
        { token },
      );
    return { user, email, right: change(PASSWORD), wrong: change('wrong password') };
  }

  /** The password that signs in now. */
  async function currentPassword(email: string): Promise<string> {
    const login = await new Browser(app).post('/api/login', { email, password: NEW_PASSWORD });
    return login.statusCode === 200 ? NEW_PASSWORD : PASSWORD;
  }

  it('compares 10 of 50 wrong passwords sent at once with the right one, and refuses the right one then and after', async () => {
    const { user, email, right, wrong } = await changing();
    const burst = await guessAtOnce(wrong, right);
    expect(burst.tally).toEqual({
      [INCORRECT]: ACCOUNT_MAX_FAILURES,
      [THROTTLED]: 51 - ACCOUNT_MAX_FAILURES,
    });
    expect(await storedFailures(app, 'password', `user:${user.id}`)).toBe(ACCOUNT_MAX_FAILURES);
    expect((await right()).statusCode).toBe(429);
    expect(await currentPassword(email)).toBe(PASSWORD);
  });

  it('changes the password with the right one sent at once with 9 wrong ones', async () => {
    const { email, right, wrong } = await changing();
    const burst = await guessAtOnce(wrong, right, ACCOUNT_MAX_FAILURES - 1);
    expect(burst.right.statusCode).toBe(200);
    expect(await currentPassword(email)).toBe(NEW_PASSWORD);
  });
});
