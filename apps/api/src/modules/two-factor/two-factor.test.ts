import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, recoveryCodes, users } from '@app/db';
import {
  RECOVERY_CODE_PATTERN,
  type Enable2faResponse,
  type RecoveryCodesResponse,
  type TokenResponse,
  type Verify2faResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import {
  Browser,
  PASSWORD,
  createUser,
  enableTwoFactor,
  errorOf,
  findUser,
  mailsTo,
  me,
  signIn,
  totpCode,
} from '../../../test/accounts';
import { decryptSecret, sha256Hex } from '../../lib/crypto';
import { verifyToken } from '../auth/token.service';
import { checkSecondFactor } from './two-factor.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

/** A signed-in member without 2FA. */
async function member() {
  const browser = new Browser(app);
  const { user, email } = await createUser(app);
  const token = await signIn(browser, email);
  return { browser, user, email, token };
}

/** A member with 2FA on; the clock is moved past the step used to turn it on. */
async function memberWithTwoFactor() {
  const account = await member();
  const { secret, recoveryCodes: codes } = await enableTwoFactor(app, account.browser, account.token);
  clock.advance(30_000);
  return { ...account, secret, codes };
}

/** The password step of a sign-in with 2FA on: the browser now holds the challenge cookie. */
async function passwordStep(browser: Browser, email: string) {
  const response = await browser.post('/api/login', { email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('two-factor setup', () => {
  it('needs a signed-in member', async () => {
    const browser = new Browser(app);
    for (const url of ['/api/enable-2fa', '/api/verify-2fa', '/api/disable-2fa', '/api/2fa/recovery-codes']) {
      const response = await browser.post(url, { token: '123456' });
      expect(response.statusCode).toBe(401);
    }
  });

  it('starts with a sealed secret, a PNG QR code and the otpauth URL, still off', async () => {
    const { browser, email, token, user } = await member();
    const response = await browser.post('/api/enable-2fa', undefined, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<Enable2faResponse>();
    expect(body.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Our Platform');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(url.pathname)).toContain(email);

    const stored = await findUser(app, email);
    expect(stored?.totpSecretEnc).toBeTruthy();
    expect(stored?.totpSecretEnc).not.toContain(body.secret);
    expect(decryptSecret(app.deps.appKey, stored?.totpSecretEnc ?? '')).toBe(body.secret);
    expect(stored?.totpEnabledAt).toBeNull();
    expect((await me(browser, token)).user?.two_factor_enabled).toBe(false);
    expect(user.totpEnabledAt).toBeNull();
  });

  it('turns on with a code of the pending secret and gives 10 one-time recovery codes', async () => {
    const { browser, email, token, user } = await member();
    const { secret } = (
      await browser.post('/api/enable-2fa', undefined, { token })
    ).json<Enable2faResponse>();
    const now = clock.now();

    const wrong = await browser.post('/api/verify-2fa', { token: totpCode(secret, now, 5) }, { token });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toEqual({ message: 'Verification failed', code: 'BUSINESS_RULE' });
    const malformed = await browser.post('/api/verify-2fa', { token: '12345' }, { token });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe('Enter the 6-digit code from your authenticator app.');
    expect((await findUser(app, email))?.totpEnabledAt).toBeNull();

    const response = await browser.post('/api/verify-2fa', { token: totpCode(secret, now) }, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<Verify2faResponse>();
    expect(body.success).toBe(true);
    expect(body.message).toBe('2FA has been successfully enabled for your account!');
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(body.recovery_codes[0]);
    // Each stored with a random salt of its own: no hash of a bare code, no two salts alike.
    const unsalted = body.recovery_codes.map((code) => sha256Hex(`recovery-code:${code}`));
    expect(stored.filter((row) => unsalted.includes(row.codeHash))).toEqual([]);
    const salts = stored.map((row) => /^s1\$([0-9a-f]{8})\$[0-9a-f]{64}$/.exec(row.codeHash)?.[1]);
    expect(salts.every(Boolean)).toBe(true);
    expect(new Set(salts).size).toBe(10);
    expect((await me(browser, token)).user?.two_factor_enabled).toBe(true);
    expect((await mailsTo(app, email)).map((mail) => mail.subject)).toContain(
      'Two-factor authentication is on',
    );
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.enabled'), eq(auditLog.subjectId, String(user.id))));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(secret);

    const again = await browser.post('/api/enable-2fa', undefined, { token });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('Two-factor authentication is already enabled.');
    clock.advance(30_000);
    const reverify = await browser.post(
      '/api/verify-2fa',
      { token: totpCode(secret, clock.now()) },
      { token },
    );
    expect(errorOf(reverify).message).toBe('Two-factor authentication is already enabled.');
  });

  it('is refused while the address is not verified: whoever signed up with it may not be its owner', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { verified: false });
    const token = await signIn(browser, email);
    const response = await browser.post('/api/enable-2fa', undefined, { token });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('EMAIL_NOT_VERIFIED');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecretEnc).toBeNull();
  });

  it('refuses to verify before setup started', async () => {
    const { browser, token } = await member();
    const response = await browser.post('/api/verify-2fa', { token: '123456' }, { token });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe('Start the two-factor setup first.');
  });

  it('accepts a code once: of two concurrent verify-2fa with the same code exactly one succeeds', async () => {
    const { browser, token, user } = await member();
    const { secret } = (
      await browser.post('/api/enable-2fa', undefined, { token })
    ).json<Enable2faResponse>();
    const code = totpCode(secret, clock.now());
    const responses = await Promise.all([
      browser.post('/api/verify-2fa', { token: code }, { token }),
      browser.post('/api/verify-2fa', { token: code }, { token }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const codes = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(codes).toHaveLength(10);
  });

  it('accepts one step of clock skew each way, not two', async () => {
    const { browser, token } = await member();
    const { secret } = (
      await browser.post('/api/enable-2fa', undefined, { token })
    ).json<Enable2faResponse>();
    const now = clock.now();
    const tooOld = await browser.post('/api/verify-2fa', { token: totpCode(secret, now, -2) }, { token });
    expect(tooOld.statusCode).toBe(422);
    const previous = await browser.post('/api/verify-2fa', { token: totpCode(secret, now, -1) }, { token });
    expect(previous.statusCode).toBe(200);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the second factor and sets a 5-minute httpOnly challenge cookie, without a token', async () => {
    const { email } = await memberWithTwoFactor();
    const browser = new Browser(app);
    const response = await passwordStep(browser, email);
    expect(response.json()).toEqual({
      two_factor_required: true,
      message: 'Two-factor authentication required.',
    });
    const cookie = response.cookies.find((c) => c.name === 'two_factor_challenge');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 300 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('signs in with a TOTP code and closes the challenge', async () => {
    const { email, secret, user } = await memberWithTwoFactor();
    const browser = new Browser(app);
    await passwordStep(browser, email);
    const response = await browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.user.id).toBe(user.id);
    expect(body.user.two_factor_enabled).toBe(true);
    expect((await me(browser, body.token)).status).toBe(200);
    expect(browser.cookie('two_factor_challenge')).toBeUndefined();
  });

  it('refuses the same code twice: a replay on a second sign-in fails until the next step', async () => {
    const { email, secret } = await memberWithTwoFactor();
    const code = totpCode(secret, clock.now());
    const first = new Browser(app);
    await passwordStep(first, email);
    expect((await first.post('/api/2fa/verify', { token: code })).statusCode).toBe(200);
    const second = new Browser(app);
    await passwordStep(second, email);
    const replay = await second.post('/api/2fa/verify', { token: code });
    expect(replay.statusCode).toBe(422);
    expect(errorOf(replay).message).toBe('Invalid 2FA token');
    clock.advance(30_000);
    expect((await second.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) })).statusCode).toBe(
      200,
    );
  });

  it('lets exactly one of two concurrent sign-ins with the same code through', async () => {
    const { email, secret } = await memberWithTwoFactor();
    const a = new Browser(app);
    const b = new Browser(app);
    await passwordStep(a, email);
    await passwordStep(b, email);
    const code = totpCode(secret, clock.now());
    const responses = await Promise.all([
      a.post('/api/2fa/verify', { token: code }),
      b.post('/api/2fa/verify', { token: code }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('turns one challenge into one token, even with two valid factors at once', async () => {
    const { email, secret, codes } = await memberWithTwoFactor();
    const browser = new Browser(app);
    await passwordStep(browser, email);
    // A TOTP code and a recovery code are both valid on their own: only the challenge decides.
    const responses = await Promise.all([
      browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) }),
      browser.post('/api/2fa/verify', { token: codes[1] }),
    ]);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('counts wrong codes: 422 each, and after 5 the challenge takes no more, not even the right one', async () => {
    const { email, secret } = await memberWithTwoFactor();
    const browser = new Browser(app);
    await passwordStep(browser, email);
    const wrong = totpCode(secret, clock.now(), 10);
    for (let i = 0; i < 5; i += 1) {
      const response = await browser.post('/api/2fa/verify', { token: wrong });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toEqual({ message: 'Invalid 2FA token', code: 'BUSINESS_RULE' });
    }
    const spent = await browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
    expect(spent.statusCode).toBe(401);
    expect(errorOf(spent).message).toBe('Too many attempts. Please sign in again.');
    expect(browser.cookie('two_factor_challenge')).toBeUndefined();
  });

  it('answers 401 without a challenge, and after 5 minutes', async () => {
    const { email, secret } = await memberWithTwoFactor();
    const stranger = new Browser(app);
    const none = await stranger.post('/api/2fa/verify', { token: '123456' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).message).toBe('Your sign-in has expired. Please sign in again.');

    const browser = new Browser(app);
    await passwordStep(browser, email);
    clock.advance(5 * 60_000 + 1000);
    const late = await browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
    expect(late.statusCode).toBe(401);
    expect(browser.cookie('two_factor_challenge')).toBeUndefined();
  });

  it('throttles the second step per account: the 11th try within 15 minutes is 429', async () => {
    const { email, secret } = await memberWithTwoFactor();
    const wrong = totpCode(secret, clock.now(), 10);
    for (let round = 0; round < 2; round += 1) {
      const browser = new Browser(app);
      await passwordStep(browser, email);
      for (let i = 0; i < 5; i += 1) await browser.post('/api/2fa/verify', { token: wrong });
    }
    const browser = new Browser(app);
    await passwordStep(browser, email);
    const blocked = await browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('accepts an unused recovery code once, in any case, and tells the owner', async () => {
    const { email, codes, user } = await memberWithTwoFactor();
    const code = codes[0] ?? '';
    const browser = new Browser(app);
    await passwordStep(browser, email);
    const response = await browser.post('/api/2fa/verify', { token: code.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const used = await db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    expect(used).toHaveLength(9);
    expect((await mailsTo(app, email)).map((m) => m.subject)).toContain('A recovery code was used');

    const again = new Browser(app);
    await passwordStep(again, email);
    const reuse = await again.post('/api/2fa/verify', { token: code });
    expect(reuse.statusCode).toBe(422);
  });

  it('still accepts, once, a code stored unsalted before codes had their own salt', async () => {
    const { email, user } = await memberWithTwoFactor();
    const legacy = 'abcde-12345';
    await db.insert(recoveryCodes).values({
      userId: user.id,
      codeHash: sha256Hex(`recovery-code:${legacy}`),
      createdAt: clock.now(),
    });
    const browser = new Browser(app);
    await passwordStep(browser, email);
    expect((await browser.post('/api/2fa/verify', { token: legacy })).statusCode).toBe(200);
    const again = new Browser(app);
    await passwordStep(again, email);
    expect((await again.post('/api/2fa/verify', { token: legacy })).statusCode).toBe(422);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs a current code to turn off (DESIGN §6)', async () => {
    const { browser, token, secret, email } = await memberWithTwoFactor();
    const none = await browser.post('/api/disable-2fa', {}, { token });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe('Enter the 6-digit code from your authenticator app.');
    const wrong = await browser.post(
      '/api/disable-2fa',
      { token: totpCode(secret, clock.now(), 7) },
      { token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).message).toBe('Invalid 2FA token');
    expect((await findUser(app, email))?.totpEnabledAt).not.toBeNull();
  });

  it('turns off with a current code: secret and recovery codes gone, sign-in is one step again', async () => {
    const { browser, token, secret, email, user } = await memberWithTwoFactor();
    const response = await browser.post(
      '/api/disable-2fa',
      { token: totpCode(secret, clock.now()) },
      { token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '2FA has been disabled' });
    const stored = await findUser(app, email);
    expect(stored?.totpSecretEnc).toBeNull();
    expect(stored?.totpEnabledAt).toBeNull();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await me(browser, token)).user?.two_factor_enabled).toBe(false);
    expect((await mailsTo(app, email)).map((m) => m.subject)).toContain('Two-factor authentication is off');
    const login = await new Browser(app).post('/api/login', { email, password: PASSWORD });
    expect(login.json()).toHaveProperty('token');
    const again = await browser.post('/api/disable-2fa', { token: '123456' }, { token });
    expect(errorOf(again).message).toBe('Two-factor authentication is not enabled.');
  });

  it('can be turned on again right after being turned off', async () => {
    const { browser, token, secret } = await memberWithTwoFactor();
    await browser.post('/api/disable-2fa', { token: totpCode(secret, clock.now()) }, { token });
    const { secret: next } = (
      await browser.post('/api/enable-2fa', undefined, { token })
    ).json<Enable2faResponse>();
    const response = await browser.post('/api/verify-2fa', { token: totpCode(next, clock.now()) }, { token });
    expect(response.statusCode).toBe(200);
  });

  it('turns off with a recovery code', async () => {
    const { browser, token, codes, email } = await memberWithTwoFactor();
    const response = await browser.post('/api/disable-2fa', { token: codes[3] }, { token });
    expect(response.statusCode).toBe(200);
    expect((await findUser(app, email))?.totpEnabledAt).toBeNull();
  });

  it('regenerates the recovery codes with a current code; the old ones stop working', async () => {
    const { browser, token, secret, codes, email, user } = await memberWithTwoFactor();
    const response = await browser.post(
      '/api/2fa/recovery-codes',
      { token: totpCode(secret, clock.now()) },
      { token },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<RecoveryCodesResponse>();
    expect(body.recovery_codes).toHaveLength(10);
    expect(body.recovery_codes).not.toContain(codes[0]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(10);

    const signingIn = new Browser(app);
    await passwordStep(signingIn, email);
    expect((await signingIn.post('/api/2fa/verify', { token: codes[0] })).statusCode).toBe(422);
    expect((await signingIn.post('/api/2fa/verify', { token: body.recovery_codes[0] })).statusCode).toBe(200);

    const wrong = await browser.post('/api/2fa/recovery-codes', { token: '000000' }, { token });
    expect(wrong.statusCode).toBe(422);
  });

  it('throttles code guessing on a signed-in session (11th try is 429)', async () => {
    const { browser, token, secret, email } = await memberWithTwoFactor();
    const wrong = totpCode(secret, clock.now(), 9);
    for (let i = 0; i < 10; i += 1) {
      expect((await browser.post('/api/disable-2fa', { token: wrong }, { token })).statusCode).toBe(422);
    }
    const blocked = await browser.post(
      '/api/disable-2fa',
      { token: totpCode(secret, clock.now()) },
      { token },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await findUser(app, email))?.totpEnabledAt).not.toBeNull();
  });

  it('keeps the secret unreadable without the APP_KEY', async () => {
    const { user } = await memberWithTwoFactor();
    const [row] = await db.select({ sealed: users.totpSecretEnc }).from(users).where(eq(users.id, user.id));
    expect(() => decryptSecret(Buffer.alloc(32, 7), row?.sealed ?? '')).toThrow();
  });
});

describe('the secret as stored when a code is checked (decision 148)', () => {
  it('checks a code against the stored secret, not the one of the user the request read', async () => {
    const { browser, token, secret } = await memberWithTwoFactor();
    // The user as a request read it with its token, before the secret was replaced.
    const read = (await verifyToken(db, token, clock.now()))?.user;
    if (!read) throw new Error('the token read found no user');
    expect(read).not.toHaveProperty('totpSecretEnc');
    const off = await browser.post('/api/disable-2fa', { token: totpCode(secret, clock.now()) }, { token });
    expect(off.statusCode).toBe(200);
    clock.advance(30_000);
    const { secret: replacement } = await enableTwoFactor(app, browser, token);
    clock.advance(30_000);

    const check = (code: string) => checkSecondFactor(app.deps, db, read, code, { allowRecoveryCode: false });
    expect(await check(totpCode(secret, clock.now()))).toBeNull();
    expect(await check(totpCode(replacement, clock.now()))).toBe('totp');
  });

  it('refuses every code once two-factor is off, whatever the request read', async () => {
    const { browser, token, secret, codes } = await memberWithTwoFactor();
    const read = (await verifyToken(db, token, clock.now()))?.user;
    if (!read) throw new Error('the token read found no user');
    expect(read.totpEnabledAt).not.toBeNull();
    const off = await browser.post('/api/disable-2fa', { token: totpCode(secret, clock.now()) }, { token });
    expect(off.statusCode).toBe(200);
    clock.advance(30_000);
    const check = (code: string) => checkSecondFactor(app.deps, db, read, code, { allowRecoveryCode: true });
    expect(await check(totpCode(secret, clock.now()))).toBeNull();
    expect(await check(codes[0] ?? '')).toBeNull();
  });
});
