import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, AUTH_MESSAGES, type AdminEnrolResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, createUser, totpCode } from '../../../test/accounts';
import { codeSource, enrolAuthenticator, signInAdminAs } from '../../../test/admin';
import { guessAtOnce, itLimitsTheChallenge, storedFailures } from '../../../test/guesses';
import { CHALLENGE_MAX_ATTEMPTS } from '../auth/sign-in.service';
import { ACCOUNT_MAX_FAILURES } from '../auth/throttle.service';
import { ADMIN_TWO_FACTOR_COOKIE } from './admin-auth.service';

/**
 * The admin's limited codes hold under concurrency (decision 154): 50 wrong codes sent at once, and
 * the right one started once 25 of them were answered, compare exactly the limit's worth of wrong
 * codes; the right one is refused then and afterwards; within the limit it works. The second sign-in
 * step (5 codes a challenge, also while enrolling the first authenticator) and re-authentication (the
 * 2FA throttle: 10 failures an account in 15 minutes).
 */

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });

const THROTTLED = `429 ${AUTH_MESSAGES.throttled(15 * 60)}`;

/**
 * The password step of an admin sign-in done in a browser that keeps sending the challenge cookie
 * whatever the answers say; `verify` sends a code for it.
 */
async function adminChallenge(email: string) {
  const browser = new Browser(app);
  expect((await browser.post('/api/admin/login', { email, password: PASSWORD })).statusCode).toBe(200);
  const cookie = browser.cookie(ADMIN_TWO_FACTOR_COOKIE) ?? '';
  const verify = (code: () => string) => () => {
    browser.keepCookie(ADMIN_TWO_FACTOR_COOKIE, cookie);
    return browser.post('/api/admin/2fa/verify', { token: code() });
  };
  return { browser, verify };
}

/** An admin with an authenticator at the second sign-in step. */
async function enrolledAdminChallenged() {
  const { user, email } = await createUser(app, { role: 'admin', adminRole: 'support' });
  const secret = await enrolAuthenticator(app, user);
  const { verify } = await adminChallenge(email);
  return {
    user,
    right: verify(codeSource(app, secret)),
    wrong: verify(() => totpCode(secret, clock.now(), 10)),
  };
}

/** An admin without an authenticator at the second sign-in step, the setup started. */
async function enrollingAdminChallenged() {
  const { user, email } = await createUser(app, { role: 'admin', adminRole: 'support' });
  const { browser, verify } = await adminChallenge(email);
  const { secret } = (await browser.post('/api/admin/2fa/enrol')).json<AdminEnrolResponse>();
  return {
    user,
    right: verify(() => totpCode(secret, clock.now())),
    wrong: verify(() => totpCode(secret, clock.now(), 10)),
  };
}

describe.each([
  { name: 'an enrolled admin', challenged: enrolledAdminChallenged },
  { name: 'an admin enrolling the first authenticator', challenged: enrollingAdminChallenged },
])('second step of the admin sign-in, $name (5 codes a challenge)', ({ challenged }) => {
  itLimitsTheChallenge(app, challenged, CHALLENGE_MAX_ATTEMPTS);
});

describe('admin re-authentication (10 failures in 15 minutes)', () => {
  const INVALID = `422 ${ADMIN_MESSAGES.reauthInvalid}`;

  async function reauthenticating() {
    const admin = await signInAdminAs(app, 'finance', { client: new Browser(app) });
    const reauth = (code: () => string) => () =>
      admin.client.post('/api/admin/reauth', { code: code() }, { token: admin.token });
    return {
      user: admin.user,
      right: reauth(() => admin.nextCode()),
      wrong: reauth(() => totpCode(admin.secret, clock.now(), 10)),
    };
  }

  it('compares 10 of 50 wrong codes sent at once with the right one, and refuses the right one then and after', async () => {
    const { user, right, wrong } = await reauthenticating();
    const burst = await guessAtOnce(wrong, right);
    expect(burst.tally).toEqual({ [INVALID]: ACCOUNT_MAX_FAILURES, [THROTTLED]: 51 - ACCOUNT_MAX_FAILURES });
    expect(await storedFailures(app, 'two_factor', `user:${user.id}`)).toBe(ACCOUNT_MAX_FAILURES);

    const late = await right();
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.throttled(15 * 60), code: 'TOO_MANY_REQUESTS' });
  });

  it('re-authenticates with the right code sent at once with 9 wrong ones, and is not locked out after', async () => {
    const { user, right, wrong } = await reauthenticating();
    const burst = await guessAtOnce(wrong, right, ACCOUNT_MAX_FAILURES - 1);
    expect(burst.right.statusCode).toBe(200);
    expect(await storedFailures(app, 'two_factor', `user:${user.id}`)).toBeLessThan(ACCOUNT_MAX_FAILURES);
    expect((await right()).statusCode).toBe(200);
  });
});
