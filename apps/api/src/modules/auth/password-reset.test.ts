import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailChanges, passwordResetTokens, recoveryCodes, users } from '@app/db';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import {
  Browser,
  createUser,
  enableTwoFactor,
  errorOf,
  mailedResetLink,
  mailedResetTokens,
  mailsTo,
  me,
  PASSWORD,
  signIn,
} from '../../../test/accounts';
import { authCleanupJob } from './auth-cleanup.job';
import { AUTH_MESSAGES, type DestinationListResponse } from '@app/shared';
import { dropResetLink, FORGOT_PASSWORD_MIN_ANSWER_MS, RESET_MESSAGES } from './password-reset.service';
import { takeResetLinks } from './reset-link.repository';
import { sha256Hex } from '../../lib/crypto';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const NEW_PASSWORD = 'a brand new passphrase';

/** The token of the newest reset mail to the address, read from the outbox as a member would. */
async function mailedToken(email: string): Promise<string> {
  const url = await mailedResetLink(app, email);
  expect(url.searchParams.get('email')).toBe(email.toLowerCase());
  return url.searchParams.get('token') ?? '';
}

const mailedTokens = (email: string) => mailedResetTokens(app, email);

const reset = (browser: Browser, body: Record<string, string>) =>
  browser.post('/api/reset-password', {
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
    ...body,
  });

/** A reset with `token` is refused as a dead link, and the password set before still signs in. */
async function expectDeadLink(browser: Browser, token: string, email: string) {
  const other = 'someone else chose this';
  const refused = await reset(browser, { token, email, password: other, password_confirmation: other });
  expect(refused.statusCode).toBe(422);
  expect(errorOf(refused).errors).toEqual({ token: [RESET_MESSAGES.invalid] });
  expect(await signIn(browser, email, NEW_PASSWORD)).toBeTruthy();
}

describe('POST /api/forgot-password', () => {
  it('answers the same for a known and an unknown address, and mails a link only to the member', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    const known = await browser.post('/api/forgot-password', { email });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await browser.post('/api/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: RESET_MESSAGES.sent });
    expect(await mailsTo(app, unknownEmail)).toHaveLength(0);
    const token = await mailedToken(email);
    const [row] = await db.select().from(passwordResetTokens);
    expect(row?.tokenHash).not.toContain(token);
  });

  it('greets by the business name only an address the member proved; an unproven one by the username alone', async () => {
    const lure = 'Your account is locked: call +1 555 0100 now';
    const { email, user } = await createUser(app, { verified: false });
    await db.update(users).set({ accountType: 'business', businessName: lure }).where(eq(users.id, user.id));
    expect((await new Browser(app).post('/api/forgot-password', { email })).statusCode).toBe(200);
    const [unproven] = await mailsTo(app, email);
    expect(unproven?.text).toContain(`Hello ${user.username},`);
    expect(`${unproven?.subject} ${unproven?.text} ${unproven?.html}`).not.toContain('call +1 555');

    const proven = await createUser(app);
    await db
      .update(users)
      .set({ accountType: 'business', businessName: 'Acme Ltd' })
      .where(eq(users.id, proven.user.id));
    expect((await new Browser(app).post('/api/forgot-password', { email: proven.email })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsTo(app, proven.email);
    expect(mail?.text).toContain(`Hello Acme Ltd (${proven.user.username}),`);
  });

  it('takes as long for an unknown address as for a member: at least the floor either way', async () => {
    const { email } = await createUser(app);
    for (const address of [email, uniqueEmail('nobody'), email, uniqueEmail('nobody')]) {
      const started = performance.now();
      expect((await new Browser(app).post('/api/forgot-password', { email: address })).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_ANSWER_MS - 1);
    }
  });

  it("links asked for in someone's name, up to the limit, do not end the link the member asked for", async () => {
    const { email } = await createUser(app);
    const member = new Browser(app);
    expect((await member.post('/api/forgot-password', { email })).statusCode).toBe(200);
    clock.advance(5 * 60_000);
    // Another party asks nine times more, from nine addresses, while the member reads the first mail.
    for (let i = 0; i < 9; i++) {
      expect((await new Browser(app).post('/api/forgot-password', { email })).statusCode).toBe(200);
    }
    expect((await new Browser(app).post('/api/forgot-password', { email })).statusCode).toBe(429);
    const tokens = await mailedTokens(email);
    expect(tokens).toHaveLength(10);
    expect(new Set(tokens).size).toBe(10);
    clock.advance(50 * 60_000);
    const done = await reset(member, { token: tokens[0] ?? '', email });
    expect(done.statusCode).toBe(200);
    expect(await signIn(member, email, NEW_PASSWORD)).toBeTruthy();
    // One link used ends them all: the others, newer and still within their hour, set nothing.
    for (const token of [tokens[1], tokens[9]]) await expectDeadLink(member, token ?? '', email);
  });

  it('a reset whose link ended after it was checked ends none of the links mailed since', async () => {
    const { email, user } = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email });
    const [ended = ''] = await mailedTokens(email);
    // The links end (support made the password unusable, say) and a new one is mailed, while the
    // first link's reset hashes its new password: its transaction then takes the links.
    await dropResetLink(db, user.id);
    await browser.post('/api/forgot-password', { email });
    const late = sha256Hex(`password-reset:${user.id}:${ended}`);
    expect(await db.transaction((tx) => takeResetLinks(tx, user.id, late, clock.now()))).toBe(false);
    const [, fresh = ''] = await mailedTokens(email);
    expect((await reset(browser, { token: fresh, email })).statusCode).toBe(200);
  });

  it('keeps each link to its own hour, and the clean-up drops links a day past it', async () => {
    const { email, user } = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email });
    clock.advance(40 * 60_000);
    await browser.post('/api/forgot-password', { email });
    const [older] = await mailedTokens(email);
    clock.advance(21 * 60_000);
    // 61 minutes after the first mail, 21 after the second.
    const late = await reset(browser, { token: older ?? '', email });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).errors).toEqual({ token: [RESET_MESSAGES.invalid] });
    const links = () => db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await authCleanupJob.run({ database: app.deps.database, clock });
    expect(await links()).toHaveLength(2);
    clock.advance(24 * 60 * 60_000);
    await authCleanupJob.run({ database: app.deps.database, clock });
    // The first expired a day and a minute ago; the second a day less 39 minutes ago.
    const kept = (await links()).map((row) => row.expiresAt);
    expect(kept).toEqual([new Date(clock.now().getTime() - (24 * 60 - 39) * 60_000)]);
  });

  it('is throttled per address', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    for (let i = 0; i < 10; i++) {
      expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(200);
    }
    const refused = await browser.post('/api/forgot-password', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, signs out every token, refuses a replay, and keeps the old password dead', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    const oldTokens = [await signIn(browser, email), await signIn(browser, email)];
    await browser.post('/api/forgot-password', { email });
    const token = await mailedToken(email);

    const response = await reset(browser, { token, email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_MESSAGES.reset });
    for (const old of oldTokens) expect((await me(browser, old)).status).toBe(401);
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).not.toBe(200);
    expect(await signIn(browser, email, NEW_PASSWORD)).toBeTruthy();
    expect((await mailsTo(app, email))[0]?.subject).toBe('Your password was changed');

    // A replay of the used link.
    await expectDeadLink(browser, token, email);
  });

  it('keeps the second factor of a verified account: the next sign-in still asks for it', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    await enableTwoFactor(app, browser, await signIn(browser, email));
    await browser.post('/api/forgot-password', { email });
    expect((await reset(browser, { token: await mailedToken(email), email })).statusCode).toBe(200);
    const login = await browser.post('/api/login', { email, password: NEW_PASSWORD });
    expect(login.json<{ two_factor_required?: boolean }>().two_factor_required).toBe(true);
  });

  it('hands an account that never proved an address to the address’s owner: no second factor', async () => {
    const { user, email } = await createUser(app);
    const browser = new Browser(app);
    // Someone signed up with this address and turned 2FA on, and never proved the address (as
    // accounts could before 2FA setup asked for it).
    await enableTwoFactor(app, browser, await signIn(browser, email));
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    await browser.post('/api/forgot-password', { email });
    expect((await reset(browser, { token: await mailedToken(email), email })).statusCode).toBe(200);
    // The owner signs in with the new password alone.
    expect(await signIn(browser, email, NEW_PASSWORD)).toBeTruthy();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpEnabledAt: null, totpSecretEnc: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
  });

  it('hands it over without the withdrawal destinations whoever signed up saved; a verified account keeps its own', async () => {
    const crypto = {
      kind: 'crypto',
      asset: 'BTC',
      network: 'bitcoin',
      address: 'bc1qsquatter0000000000000000000000000000',
    };
    const save = async (browser: Browser, email: string) => {
      const token = await signIn(browser, email);
      const saved = await browser.post('/api/withdrawal-destinations', crypto, { token });
      expect(saved.statusCode, saved.body).toBe(201);
    };
    const listed = async (browser: Browser, email: string) => {
      const token = await signIn(browser, email, NEW_PASSWORD);
      const list = await browser.get('/api/withdrawal-destinations', { token });
      return list.json<DestinationListResponse>().data;
    };
    const squatted = await createUser(app, { verified: false });
    const owned = await createUser(app);
    for (const { email } of [squatted, owned]) {
      const browser = new Browser(app);
      await save(browser, email);
      await browser.post('/api/forgot-password', { email });
      expect((await reset(browser, { token: await mailedToken(email), email })).statusCode).toBe(200);
    }
    expect(await listed(new Browser(app), squatted.email)).toEqual([]);
    expect(await listed(new Browser(app), owned.email)).toHaveLength(1);
  });

  it('keeps the second factor of an account whose unverified address an undo put back', async () => {
    const { user, email } = await createUser(app);
    const browser = new Browser(app);
    await enableTwoFactor(app, browser, await signIn(browser, email));
    // The member once proved a new address by a confirmed change; an undo then put back this one,
    // unverified. Whoever holds this mailbox must still meet the owner's second factor.
    await db.insert(emailChanges).values({
      userId: user.id,
      oldEmail: email.toLowerCase(),
      newEmail: uniqueEmail('proved'),
      codeHash: 'x',
      createdAt: clock.now(),
      expiresAt: clock.now(),
      confirmedAt: clock.now(),
      undoneAt: clock.now(),
    });
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    await browser.post('/api/forgot-password', { email });
    expect((await reset(browser, { token: await mailedToken(email), email })).statusCode).toBe(200);
    const login = await browser.post('/api/login', { email, password: NEW_PASSWORD });
    expect(login.json<{ two_factor_required?: boolean }>().two_factor_required).toBe(true);
  });

  it('refuses a link mailed before the member changed their password themselves', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email });
    const token = await mailedToken(email);
    const session = await signIn(browser, email);
    const changed = await browser.post(
      '/api/change-password',
      { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
      { token: session },
    );
    expect(changed.statusCode, changed.body).toBe(200);

    await expectDeadLink(browser, token, email);
  });

  it("refuses an expired token, a wrong token and another member's token, changing nothing", async () => {
    const ada = await createUser(app);
    const bob = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email: ada.email });
    const adaToken = await mailedToken(ada.email);

    const others = await reset(browser, { token: adaToken, email: bob.email });
    expect(others.statusCode).toBe(422);
    expect(errorOf(others).errors).toEqual({ token: [RESET_MESSAGES.invalid] });
    const wrong = await reset(browser, { token: 'x'.repeat(40), email: ada.email });
    expect(wrong.statusCode).toBe(422);

    clock.advance(61 * 60_000);
    const expired = await reset(browser, { token: adaToken, email: ada.email });
    expect(expired.statusCode).toBe(422);
    expect(errorOf(expired).message).toBe(RESET_MESSAGES.invalid);
    expect(await signIn(browser, ada.email)).toBeTruthy();
    expect(await signIn(browser, bob.email)).toBeTruthy();
    expect(
      await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, ada.user.id)),
    ).toHaveLength(1);
  });

  it('refuses a weak password or a confirmation that differs, with field errors', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email });
    const token = await mailedToken(email);
    const weak = await reset(browser, { token, email, password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).errors?.password).toEqual(['Password must be at least 12 characters.']);
    // Long enough, and one of the passwords attackers try first (decision 246): refused, in any case.
    const common = await reset(browser, {
      token,
      email,
      password: 'QWERTY123456',
      password_confirmation: 'QWERTY123456',
    });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).errors?.password).toEqual([AUTH_MESSAGES.passwordCommon]);
    const differs = await reset(browser, { token, email, password_confirmation: 'something else' });
    expect(differs.statusCode).toBe(400);
    expect(errorOf(differs).errors?.password_confirmation).toBeDefined();
    expect(await signIn(browser, email)).toBeTruthy();
  });
});
