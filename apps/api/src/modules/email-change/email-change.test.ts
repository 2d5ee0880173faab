import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, emailChanges, users, withdrawalDestinations, withdrawals } from '@app/db';
import { AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES as MESSAGES, type NotificationListResponse } from '@app/shared';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import {
  Browser,
  createUser,
  enableTwoFactor,
  errorOf,
  findUser,
  mailedResetLink,
  mailsTo,
  me,
  PASSWORD,
  registrationPayload,
  signIn,
  totpCode,
} from '../../../test/accounts';
import { balanceOf, confirmPassword, depositThroughSandbox, signedInMember } from '../../../test/money';
import { expectBooksBalance } from '../../../test/ledger';
import { endLaterUndoLinks, markUndone } from './email-change.repository';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

/** The code of the newest change mail to the address, read from the outbox as the member would. */
async function mailedCode(email: string): Promise<string> {
  const mail = (await mailsTo(app, email)).find((row) => row.subject.includes('confirm your new email'));
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no email change code mailed to ${email}`);
  return code;
}

/** The token of the undo link mailed to the old address. */
async function undoToken(email: string): Promise<string> {
  const mail = (await mailsTo(app, email)).find((row) => row.subject === 'Your email address was changed');
  const link = mail ? /(\S*\/email-change\/undo\?\S+)/.exec(mail.text)?.[1] : undefined;
  if (!link) throw new Error(`no undo link mailed to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function member() {
  const { user, email } = await createUser(app);
  const browser = new Browser(app);
  const token = await signIn(browser, email);
  return { user, email, browser, token };
}

/** The member asks to move to `email`, with their password. */
const askChange = (m: Awaited<ReturnType<typeof member>>, email: string) =>
  m.browser.post('/api/email-change', { email, password: PASSWORD }, { token: m.token });

async function changeEmail(m: Awaited<ReturnType<typeof member>>, newEmail: string) {
  const asked = await askChange(m, newEmail);
  expect(asked.statusCode).toBe(200);
  const code = await mailedCode(newEmail);
  const confirmed = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
  expect(confirmed.statusCode).toBe(200);
}

describe('POST /api/email-change and /confirm', () => {
  it('changes the address only once the mailed code is confirmed, and mails the old address an undo link', async () => {
    const m = await member();
    const newEmail = uniqueEmail('new');
    const asked = await askChange(m, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: MESSAGES.codeSent, email: newEmail.toLowerCase() });
    expect((await me(m.browser, m.token)).user?.email).toBe(m.email.toLowerCase());
    const code = await mailedCode(newEmail);
    const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id));
    expect(row?.codeHash).not.toContain(code);

    const confirmed = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MESSAGES.changed, email: newEmail.toLowerCase() });
    expect((await me(m.browser, m.token)).user?.email).toBe(newEmail.toLowerCase());
    expect(await undoToken(m.email)).toMatch(/^\d+\..+/);
    expect(await signIn(new Browser(app), newEmail)).toBeTruthy();
    expect(
      (await new Browser(app).post('/api/login', { email: m.email, password: PASSWORD })).statusCode,
    ).not.toBe(200);
    const replay = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
    expect(replay.statusCode).toBe(422);
  });

  it('refuses an address in use, the same address and a wrong password, changing nothing', async () => {
    const m = await member();
    const other = await createUser(app);
    const taken = await askChange(m, other.email.toUpperCase());
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).errors?.email).toEqual(['This email is already registered.']);
    const same = await askChange(m, m.email);
    expect(same.statusCode).toBe(422);
    expect(errorOf(same).errors?.email).toEqual([MESSAGES.sameAsCurrent]);
    const newEmail = uniqueEmail('new');
    const wrong = await m.browser.post(
      '/api/email-change',
      { email: newEmail, password: 'not the password' },
      { token: m.token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors?.password).toEqual([MESSAGES.passwordIncorrect]);
    const invalid = await askChange(m, 'nope');
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors?.email).toBeDefined();
    expect(await mailsTo(app, newEmail)).toHaveLength(0);
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id))).toHaveLength(0);
    expect(
      (await new Browser(app).post('/api/email-change', { email: newEmail, password: PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('needs a current 2FA code when 2FA is on', async () => {
    const m = await member();
    const { secret } = await enableTwoFactor(app, m.browser, m.token);
    const newEmail = uniqueEmail('new');
    const body = { email: newEmail, password: PASSWORD };
    const missing = await m.browser.post('/api/email-change', body, { token: m.token });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).errors?.code).toEqual([MESSAGES.twoFactorRequired]);
    const wrong = await m.browser.post(
      '/api/email-change',
      { ...body, code: totpCode(secret, clock.now(), 5) },
      { token: m.token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors?.code).toBeDefined();
    expect(await mailsTo(app, newEmail)).toHaveLength(0);
    clock.advance(31_000);
    const right = await m.browser.post(
      '/api/email-change',
      { ...body, code: totpCode(secret, clock.now()) },
      { token: m.token },
    );
    expect(right.statusCode).toBe(200);
    expect(await mailedCode(newEmail)).toMatch(/^\d{6}$/);
  });

  it('a request refused after its 2FA code (address taken, asked too soon) leaves that code usable', async () => {
    const m = await member();
    const { secret, recoveryCodes } = await enableTwoFactor(app, m.browser, m.token);
    const [recovery] = recoveryCodes;
    const { email: taken } = await createUser(app);
    const refused = await m.browser.post(
      '/api/email-change',
      { email: taken, password: PASSWORD, code: recovery },
      { token: m.token },
    );
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).errors?.email).toBeDefined();

    const first = uniqueEmail('new');
    const asked = await m.browser.post(
      '/api/email-change',
      { email: first, password: PASSWORD, code: recovery },
      { token: m.token },
    );
    expect(asked.statusCode).toBe(200);
    // Asked again within the minute (the next TOTP step: the first went to turning 2FA on): refused,
    // and the authenticator's current code is not spent.
    clock.advance(31_000);
    const now = totpCode(secret, clock.now());
    const tooSoon = await m.browser.post(
      '/api/email-change',
      { email: uniqueEmail('new'), password: PASSWORD, code: now },
      { token: m.token },
    );
    expect(tooSoon.statusCode).toBe(429);
    const disabled = await m.browser.post('/api/disable-2fa', { token: now }, { token: m.token });
    expect(disabled.statusCode).toBe(200);
  });

  it('refuses a wrong code, then an expired one, then after 5 tries; another member cannot use the code', async () => {
    const m = await member();
    const newEmail = uniqueEmail('new');
    await askChange(m, newEmail);
    const code = await mailedCode(newEmail);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const intruder = await member();
    const foreign = await intruder.browser.post(
      '/api/email-change/confirm',
      { code },
      { token: intruder.token },
    );
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).errors?.code).toEqual([MESSAGES.noPendingChange]);
    expect((await me(intruder.browser, intruder.token)).user?.email).toBe(intruder.email.toLowerCase());

    for (let i = 0; i < 5; i++) {
      const wrong = await m.browser.post(
        '/api/email-change/confirm',
        { code: wrongCode },
        { token: m.token },
      );
      expect(wrong.statusCode).toBe(422);
      expect(errorOf(wrong).errors?.code).toEqual([MESSAGES.codeInvalid]);
    }
    const usedUp = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
    expect(usedUp.statusCode).toBe(422);
    expect((await me(m.browser, m.token)).user?.email).toBe(m.email.toLowerCase());

    clock.advance(61_000);
    const again = uniqueEmail('again');
    await askChange(m, again);
    const fresh = await mailedCode(again);
    clock.advance(31 * 60_000);
    const expired = await m.browser.post('/api/email-change/confirm', { code: fresh }, { token: m.token });
    expect(expired.statusCode).toBe(422);
    expect((await me(m.browser, m.token)).user?.email).toBe(m.email.toLowerCase());
    const malformed = await m.browser.post('/api/email-change/confirm', { code: '12ab' }, { token: m.token });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errors?.code).toBeDefined();
  });

  it('counts at most 5 tries of a request, even sent at once, and then refuses its right code', async () => {
    const m = await member();
    const newEmail = uniqueEmail('burst');
    await askChange(m, newEmail);
    const code = await mailedCode(newEmail);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        m.browser.post('/api/email-change/confirm', { code: wrongCode }, { token: m.token }),
      ),
    );
    expect(tries.map((response) => response.statusCode)).toEqual(Array(8).fill(422));
    const [row] = await db.select().from(emailChanges).where(eq(emailChanges.newEmail, newEmail));
    // Before, every try was counted after an unlocked check: 8, and up to 8 codes compared.
    expect(row?.attempts).toBe(5);
    const right = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
    expect(right.statusCode).toBe(422);
    expect((await me(m.browser, m.token)).user?.email).toBe(m.email.toLowerCase());
  });

  it('sends at most one code a minute, and refuses a confirm when the address was taken meanwhile', async () => {
    const m = await member();
    const newEmail = uniqueEmail('new');
    await askChange(m, newEmail);
    const soon = await askChange(m, newEmail);
    expect(soon.statusCode).toBe(429);
    const code = await mailedCode(newEmail);
    await createUser(app, { email: newEmail });
    const clash = await m.browser.post('/api/email-change/confirm', { code }, { token: m.token });
    expect(clash.statusCode).toBe(422);
    expect(errorOf(clash).errors?.email).toEqual(['This email is already registered.']);
    expect((await me(m.browser, m.token)).user?.email).toBe(m.email.toLowerCase());
  });
});

describe('POST /api/email-change/undo', () => {
  it('leaves no reset link working across a change: one mailed before it, or one mailed to the new address before the undo', async () => {
    const m = await member();
    const browser = new Browser(app);
    const resetLink = async (email: string) => {
      expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(200);
      return mailedResetLink(app, email);
    };
    const tryReset = (link: URL, email: string) =>
      browser.post('/api/reset-password', {
        token: link.searchParams.get('token') ?? '',
        email,
        password: 'someone else chose this',
        password_confirmation: 'someone else chose this',
      });
    const before = await resetLink(m.email);
    const moved = uniqueEmail('moved');
    await changeEmail(m, moved);
    expect((await tryReset(before, moved)).statusCode).toBe(422);
    // Whoever moved the address asks for a link there; the owner then undoes the change.
    const taker = await resetLink(moved);
    expect(
      (await browser.post('/api/email-change/undo', { token: await undoToken(m.email) })).statusCode,
    ).toBe(200);
    expect((await tryReset(taker, m.email)).statusCode).toBe(422);
    expect((await tryReset(before, m.email)).statusCode).toBe(422);
    expect(await signIn(new Browser(app), m.email)).toBeTruthy();
  });

  it('restores the old address, signs out every token, and works once', async () => {
    const m = await member();
    const second = await signIn(new Browser(app), m.email);
    const newEmail = uniqueEmail('new');
    await changeEmail(m, newEmail);
    const later = await signIn(new Browser(app), newEmail);
    const token = await undoToken(m.email);

    const browser = new Browser(app);
    const undone = await browser.post('/api/email-change/undo', { token });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: MESSAGES.undone });
    for (const old of [m.token, second, later]) expect((await me(browser, old)).status).toBe(401);
    expect((await findUser(app, m.email))?.id).toBe(m.user.id);
    expect((await findUser(app, m.email))?.emailVerifiedAt).not.toBeNull(); // verified before, so again
    expect(await findUser(app, newEmail)).toBeUndefined();
    expect((await mailsTo(app, m.email))[0]?.subject).toBe('Your email address was restored');
    expect(await signIn(new Browser(app), m.email)).toBeTruthy();

    const replay = await browser.post('/api/email-change/undo', { token });
    expect(replay.statusCode).toBe(422);
    expect(errorOf(replay).errors?.token).toEqual([MESSAGES.undoInvalid]);
  });

  it("the owner's undo has the last word: a taker's later links end with it, and a second factor the taker turned on goes", async () => {
    const m = await member(); // the owner's verified address A; someone else holds the password
    const b = uniqueEmail('taker-b');
    await changeEmail(m, b); // A → B: the owner's link goes to A
    const ownerLink = await undoToken(m.email);
    clock.advance(61_000);
    const c = uniqueEmail('taker-c');
    await changeEmail(m, c); // B → C: the taker's own link goes to B
    const takerLink = await undoToken(b);
    await enableTwoFactor(app, m.browser, m.token); // with the taker's authenticator

    const browser = new Browser(app);
    expect((await browser.post('/api/email-change/undo', { token: ownerLink })).statusCode).toBe(200);
    expect(await findUser(app, m.email)).toMatchObject({ id: m.user.id, totpEnabledAt: null });
    const login = await new Browser(app).post('/api/login', { email: m.email, password: PASSWORD });
    expect(login.json()).not.toHaveProperty('two_factor_required');
    // Before, the taker's link put B back, ended the owner's sessions, and B's reset link took the account.
    const taker = await browser.post('/api/email-change/undo', { token: takerLink });
    expect(taker.statusCode).toBe(422);
    expect(errorOf(taker).errors?.token).toEqual([MESSAGES.undoInvalid]);
    expect((await findUser(app, m.email))?.id).toBe(m.user.id);
  });

  it("cancels the withdrawals asked and forgets the destinations saved since the change; the owner's earlier ones stay", async () => {
    const owner = await signedInMember(app);
    await depositThroughSandbox(owner, 100);
    const post = (url: string, body: object) => owner.client.post(url, body, { token: owner.token });
    const bank = {
      kind: 'bank',
      bank_name: 'Example Bank',
      account_name: 'Ada Lovelace',
      account_number: '1234 5678 9012',
      routing_number: '021000021',
    };
    expect((await post('/api/withdrawal-destinations', bank)).statusCode).toBe(201);
    const ownWithdrawal = {
      amount: 10,
      withdrawal_method: 'bank_transfer',
      destination: 'Example Bank 9012',
    };
    expect((await post('/api/withdrawal', ownWithdrawal)).statusCode).toBe(201);

    // A second later, someone with the password moves the address, saves a wallet and asks for $30 to it.
    clock.advance(1_000);
    const takerEmail = uniqueEmail('taker');
    expect((await post('/api/email-change', { email: takerEmail, password: PASSWORD })).statusCode).toBe(200);
    const confirmed = await post('/api/email-change/confirm', { code: await mailedCode(takerEmail) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const wallet = {
      kind: 'crypto',
      asset: 'USDT',
      network: 'trc20',
      address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    };
    expect((await post('/api/withdrawal-destinations', wallet)).statusCode).toBe(201);
    await confirmPassword(owner);
    const taken = await post('/api/withdrawal', {
      amount: 30,
      withdrawal_method: 'crypto',
      destination: wallet.address,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await balanceOf(owner)).balance).toBe(60);

    const undone = await new Browser(app).post('/api/email-change/undo', {
      token: await undoToken(owner.email),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.userId, owner.user.id));
    expect(rows.map((row) => [Number(row.amount) / 100, row.status]).sort()).toEqual([
      [10, 'pending'],
      [30, 'cancelled'],
    ]);
    const saved = await db
      .select()
      .from(withdrawalDestinations)
      .where(eq(withdrawalDestinations.userId, owner.user.id));
    expect(saved.map((row) => row.kind)).toEqual(['bank']);
    const [event] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.email_change_undone'), eq(auditLog.subjectId, String(owner.user.id))),
      );
    expect(event?.after).toMatchObject({ withdrawals_cancelled: 1, destinations_forgotten: 1 });
    await expectBooksBalance(db, 'mismatchedWithdrawalHolds');
    // The $30 is back in the balance; the owner's own $10 still waits for the back office.
    const signedInAgain = await signIn(owner.client, owner.email);
    expect((await balanceOf({ ...owner, token: signedInAgain })).balance).toBe(90);
    // The owner is told why: not "You cancelled", which they did not.
    const notes = await owner.client.get('/api/notifications', { token: signedInAgain });
    const bodies = notes.json<NotificationListResponse>().data.map((note) => note.body);
    expect(bodies).toContain(
      'Your withdrawal of $30.00 was cancelled when the change of your email address was undone. The amount is back in your balance.',
    );
    expect(bodies.filter((body) => body.startsWith('You cancelled'))).toEqual([]);
  });

  it('holds the old address for its undo link: nobody signs up with it or moves to it until the link ends', async () => {
    const m = await member();
    await changeEmail(m, uniqueEmail('new'));
    const signUp = await new Browser(app).post('/api/register', registrationPayload({ email: m.email }));
    expect(signUp.statusCode).toBe(422);
    expect(errorOf(signUp).errors?.email).toEqual([AUTH_MESSAGES.emailTaken]);
    const other = await member();
    const move = await askChange(other, m.email);
    expect(move.statusCode).toBe(422);
    expect(errorOf(move).errors?.email).toEqual([AUTH_MESSAGES.emailTaken]);
    // Before, the sign-up took the address and the owner's undo then failed with "already registered".
    const undone = await new Browser(app).post('/api/email-change/undo', { token: await undoToken(m.email) });
    expect(undone.statusCode).toBe(200);
    expect((await findUser(app, m.email))?.id).toBe(m.user.id);
  });

  it('frees the old address once its undo link has expired', async () => {
    const m = await member();
    await changeEmail(m, uniqueEmail('new'));
    clock.advance(8 * 24 * 60 * 60 * 1000);
    const signUp = await new Browser(app).post('/api/register', registrationPayload({ email: m.email }));
    expect(signUp.statusCode).toBe(201);
  });

  it("counts only codes mailed: asking for a member's address does not use up that member's reset links", async () => {
    const owner = await member();
    // Twelve refused asks for the owner's address, from an account of someone else's.
    const other = await member();
    for (let asked = 0; asked < 12; asked += 1) {
      clock.advance(61_000);
      const refused = await askChange(other, owner.email);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).errors?.email).toEqual([AUTH_MESSAGES.emailTaken]);
    }
    const codes = (await mailsTo(app, owner.email)).filter((row) =>
      row.subject.includes('confirm your new email'),
    );
    expect(codes).toHaveLength(0);
    // The owner still gets a reset link, within the same 15 minutes.
    const forgot = await new Browser(app).post('/api/forgot-password', { email: owner.email });
    expect(forgot.statusCode).toBe(200);
    expect((await mailedResetLink(app, owner.email)).searchParams.get('token')).toBeTruthy();
  });

  it("mails one address at most 10 codes in 15 minutes, whoever asks: no one fills a stranger's mailbox", async () => {
    const victim = uniqueEmail('victim');
    for (let asked = 0; asked < 10; asked += 1) {
      const m = await member();
      const response = await askChange(m, victim);
      expect(response.statusCode).toBe(200);
    }
    const eleventh = await member();
    const refused = await askChange(eleventh, victim);
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(app, victim)).toHaveLength(10);
    // Another address is not held up by it.
    const other = await askChange(eleventh, uniqueEmail('elsewhere'));
    expect(other.statusCode).toBe(200);
  });

  it('a later link checked before the owner’s undo committed is still refused under the lock', async () => {
    // The service checks a link, then takes the member's row and marks it used: the mark checks the
    // link again, so one ended meanwhile by an earlier change's undo does not go through.
    const m = await member();
    await changeEmail(m, uniqueEmail('b'));
    clock.advance(61_000);
    await changeEmail(m, uniqueEmail('c'));
    const rows = await db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id));
    const [first, later] = rows.sort((a, b) => a.id - b.id);
    await endLaterUndoLinks(db, m.user.id, first!.id);
    expect(await markUndone(db, later!.id, clock.now())).toBe(false);
    expect(await markUndone(db, first!.id, clock.now())).toBe(true);
  });

  it('keeps a second factor the owner had before the change when the change is undone', async () => {
    const m = await member();
    const { secret } = await enableTwoFactor(app, m.browser, m.token);
    clock.advance(31_000);
    const newEmail = uniqueEmail('new');
    const asked = await m.browser.post(
      '/api/email-change',
      { email: newEmail, password: PASSWORD, code: totpCode(secret, clock.now()) },
      { token: m.token },
    );
    expect(asked.statusCode).toBe(200);
    const code = await mailedCode(newEmail);
    expect((await m.browser.post('/api/email-change/confirm', { code }, { token: m.token })).statusCode).toBe(
      200,
    );
    const undone = await new Browser(app).post('/api/email-change/undo', { token: await undoToken(m.email) });
    expect(undone.statusCode).toBe(200);
    expect((await findUser(app, m.email))?.totpEnabledAt).not.toBeNull();
  });

  it('sends no undo link to an old address that was never verified: its mailbox may be anyone’s', async () => {
    const m = await member();
    // A mistyped address at sign-up, never verified, then changed to the right one.
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, m.user.id));
    const mailedBefore = (await mailsTo(app, m.email)).length;
    const newEmail = uniqueEmail('right');
    await changeEmail(m, newEmail);
    expect((await findUser(app, newEmail))?.emailVerifiedAt).not.toBeNull();
    // Before, the mistyped mailbox got a link that put its address back, marked verified.
    expect(await mailsTo(app, m.email)).toHaveLength(mailedBefore);
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.newEmail, newEmail));
    expect(change).toMatchObject({ undoTokenHash: null, undoExpiresAt: null, oldEmailVerifiedAt: null });
  });

  it('an undo of a change confirmed before the old address’s verification was recorded puts it back unverified', async () => {
    const m = await member();
    const newEmail = uniqueEmail('legacy');
    await changeEmail(m, newEmail);
    const token = await undoToken(m.email);
    // As rows confirmed before migration 0062 are: no record of the old address's verification.
    await db
      .update(emailChanges)
      .set({ oldEmailVerifiedAt: null })
      .where(eq(emailChanges.newEmail, newEmail));
    expect((await new Browser(app).post('/api/email-change/undo', { token })).statusCode).toBe(200);
    const restored = await findUser(app, m.email);
    expect(restored?.id).toBe(m.user.id);
    expect(restored?.emailVerifiedAt).toBeNull();
  });

  it('an undo link opened after the account was closed changes nothing, and closing kept no address change', async () => {
    const m = await member();
    const newEmail = uniqueEmail('new');
    await changeEmail(m, newEmail);
    const token = await undoToken(m.email);
    const closed = await m.browser.post('/api/account/close', { password: PASSWORD }, { token: m.token });
    expect(closed.statusCode).toBe(200);
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id))).toEqual([]);

    const refused = await new Browser(app).post('/api/email-change/undo', { token });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).errors?.token).toEqual([MESSAGES.undoInvalid]);
    // Neither address went back on the closed row: both are free for a new sign-up.
    expect(await findUser(app, m.email)).toBeUndefined();
    expect(await findUser(app, newEmail)).toBeUndefined();
  });

  it('refuses a wrong, malformed or expired link, changing nothing', async () => {
    const m = await member();
    const newEmail = uniqueEmail('new');
    await changeEmail(m, newEmail);
    const token = await undoToken(m.email);
    const [id] = token.split('.');
    const browser = new Browser(app);
    for (const bad of [
      `${id}.wrong-secret`,
      'garbage',
      `999999999.${token.split('.')[1]}`,
      `9999999999.${token.split('.')[1]}`,
      `0.x`,
    ]) {
      const refused = await browser.post('/api/email-change/undo', { token: bad });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).errors?.token).toEqual([MESSAGES.undoInvalid]);
    }
    expect((await browser.post('/api/email-change/undo', {})).statusCode).toBe(400);
    clock.advance(7 * 24 * 60 * 60_000 + 1000);
    const expired = await browser.post('/api/email-change/undo', { token });
    expect(expired.statusCode).toBe(422);
    expect((await me(m.browser, m.token)).user?.email).toBe(newEmail.toLowerCase());
  });
});
