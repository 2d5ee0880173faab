import { describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { apiTokens, auditLog, emailOtps, pointsTransactions, users, type UserRow } from '@app/db';
import {
  AUTH_MESSAGES,
  REFERRAL_CODE_ALPHABET,
  TOKEN_IDLE_DAYS,
  TOKEN_REMEMBER_DAYS,
  type TokenResponse,
  type UserResponse,
} from '@app/shared';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import {
  Browser,
  PASSWORD,
  createUser,
  errorOf,
  findUser,
  latestOtp,
  mailsTo,
  me,
  registrationPayload,
  signIn,
} from '../../../test/accounts';
import { signInAdminAs } from '../../../test/admin';
import { issueToken, revokeToken } from './token.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

const userCount = async () => (await db.select({ value: count() }).from(users))[0]?.value ?? 0;

describe('POST /api/register', () => {
  it('creates a personal member with a hashed password, a referral code and a mailed 6-digit code', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload({ email: uniqueEmail('Ada').replace('ada', 'Ada') });
    const response = await browser.post('/api/register', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Registration successful! Please enter the OTP sent to your email.',
    });

    const user = await findUser(app, payload.email);
    expect(user).toBeDefined();
    if (!user) return;
    expect(user.email).toBe(payload.email.toLowerCase());
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(user.accountType).toBe('personal');
    expect(user.role).toBe('member');
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.referredById).toBeNull();
    expect(user.referralCode).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));

    const code = await latestOtp(app, payload.email);
    const [otp] = await db.select().from(emailOtps).where(eq(emailOtps.userId, user.id));
    expect(otp?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(otp?.codeHash).not.toContain(code);
    expect(otp?.expiresAt.getTime()).toBe(clock.now().getTime() + 10 * 60_000);
  });

  it("stores 'professional' as a business account with its business fields", async () => {
    const browser = new Browser(app);
    const payload = registrationPayload({
      account_type: 'professional',
      business_name: 'Acme Ltd',
      business_email: 'Accounts@Acme.example',
    });
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const user = await findUser(app, payload.email);
    expect(user?.accountType).toBe('business');
    expect(user?.businessName).toBe('Acme Ltd');
    expect(user?.businessEmail).toBe('accounts@acme.example');
  });

  it('greets the sign-up code mail by the username alone: the business name, free text, never reaches an unproven address', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload({
      account_type: 'business',
      business_name: 'Your account is locked: call +1 555 0100 now',
      business_email: 'accounts@acme.example',
    });
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const [mail] = await mailsTo(app, payload.email);
    expect(mail?.text).toContain(`Hello ${payload.username},`);
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain('call +1 555');
  });

  it('requires the business fields of a corporate account, and creates nothing without them', async () => {
    const browser = new Browser(app);
    const before = await userCount();
    const response = await browser.post('/api/register', registrationPayload({ account_type: 'business' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      business_name: ['Business name is required.'],
      business_email: ['Business email is required.'],
    });
    const badEmail = await browser.post(
      '/api/register',
      registrationPayload({
        account_type: 'business',
        business_name: 'Acme',
        business_email: 'not-an-email',
      }),
    );
    expect(errorOf(badEmail).errors).toEqual({ business_email: ['Please enter a valid business email.'] });
    expect(await userCount()).toBe(before);
  });

  it('drops business fields sent with a personal account', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload({ business_name: 'Ignored', business_email: 'ignored@example.com' });
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const user = await findUser(app, payload.email);
    expect(user?.businessName).toBeNull();
    expect(user?.businessEmail).toBeNull();
  });

  it('refuses a taken email or username whatever their case (422 with field errors), changing nothing', async () => {
    const browser = new Browser(app);
    const first = registrationPayload();
    expect((await browser.post('/api/register', first)).statusCode).toBe(201);
    const before = await userCount();
    const mailsBefore = (await mailsTo(app, first.email)).length;

    const sameEmail = await browser.post(
      '/api/register',
      registrationPayload({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(422);
    expect(errorOf(sameEmail)).toEqual({
      message: 'This email is already registered.',
      code: 'BUSINESS_RULE',
      errors: { email: ['This email is already registered.'] },
    });

    const sameUsername = await browser.post(
      '/api/register',
      registrationPayload({ username: first.username.toUpperCase() }),
    );
    expect(sameUsername.statusCode).toBe(422);
    expect(errorOf(sameUsername).errors).toEqual({ username: ['This username is taken.'] });

    const both = await browser.post('/api/register', { ...first, password: 'another password' });
    expect(Object.keys(errorOf(both).errors ?? {}).sort()).toEqual(['email', 'username']);

    expect(await userCount()).toBe(before);
    expect((await mailsTo(app, first.email)).length).toBe(mailsBefore);
  });

  it('lets one of two simultaneous sign-ups with the same email win; the other gets the field error', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      new Browser(app).post('/api/register', registrationPayload({ email })),
      new Browser(app).post('/api/register', registrationPayload({ email: email.toUpperCase() })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(errorOf(loser).errors).toEqual({ email: ['This email is already registered.'] });
    const rows = await db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('links the referrer of a known referral code, typed in any case', async () => {
    const browser = new Browser(app);
    const { user: referrer } = await createUser(app);
    const payload = registrationPayload({ referral_code: ` ${referrer.referralCode.toLowerCase()} ` });
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    const friend = await findUser(app, payload.email);
    expect(friend?.referredById).toBe(referrer.id);
    expect(friend?.referralCode).not.toBe(referrer.referralCode);
  });

  it('refuses an unknown referral code (422 on referral_code) and ignores an empty one', async () => {
    const browser = new Browser(app);
    const before = await userCount();
    const unknown = await browser.post('/api/register', registrationPayload({ referral_code: 'ZZZZZZZZ' }));
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).errors).toEqual({ referral_code: ['Referral code not found.'] });
    expect(await userCount()).toBe(before);

    const empty = registrationPayload({ referral_code: '' });
    expect((await browser.post('/api/register', empty)).statusCode).toBe(201);
    expect((await findUser(app, empty.email))?.referredById).toBeNull();
  });

  it('makes self-referral impossible: an account cannot sign up again with its own code', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const again = await browser.post(
      '/api/register',
      registrationPayload({ email, referral_code: user.referralCode }),
    );
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).errors).toHaveProperty('email');
    expect((await findUser(app, email))?.referredById).toBeNull();
    // And nobody anywhere refers to themselves.
    const all = await db.select({ id: users.id, referredById: users.referredById }).from(users);
    expect(all.filter((row) => row.referredById === row.id)).toEqual([]);
  });

  it('validates the form with the messages people read', async () => {
    const browser = new Browser(app);
    const before = await userCount();
    const empty = await browser.post('/api/register', {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errors).toMatchObject({
      username: ['Username is required.'],
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    const bad = await browser.post('/api/register', {
      username: 'has space',
      email: 'nope',
      password: 'short',
      language: 'xx',
    });
    expect(errorOf(bad).errors).toMatchObject({
      username: ['Username may contain letters, digits, dots, dashes and underscores.'],
      email: ['Please enter a valid email address.'],
      password: ['Password must be at least 12 characters.'],
      language: ['Choose a supported language.'],
    });
    // Twelve characters, and among the most common passwords (decision 246): refused, nothing created.
    const common = await browser.post('/api/register', registrationPayload({ password: '1qaz2wsx3edc' }));
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).errors).toEqual({ password: [AUTH_MESSAGES.passwordCommon] });
    expect(await userCount()).toBe(before);
  });

  it('refuses a cookie-carrying write without the X-XSRF-TOKEN echo (419), creating nothing', async () => {
    const before = await userCount();
    const cookie = await app.inject('/sanctum/csrf-cookie');
    const xsrf = cookie.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: `XSRF-TOKEN=${xsrf}` },
      payload: registrationPayload(),
    });
    expect(response.statusCode).toBe(419);
    expect(errorOf(response).code).toBe('CSRF_MISMATCH');
    expect(await userCount()).toBe(before);
  });
});

describe('email verification', () => {
  async function registered() {
    const browser = new Browser(app);
    const payload = registrationPayload();
    expect((await browser.post('/api/register', payload)).statusCode).toBe(201);
    return { browser, email: payload.email };
  }

  it('verifies the email with the mailed code, once', async () => {
    const { browser, email } = await registered();
    const otp = await latestOtp(app, email);
    const response = await browser.post('/api/verify-otp', { email: email.toUpperCase(), otp });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'OTP verified successfully!' });
    expect((await findUser(app, email))?.emailVerifiedAt?.toISOString()).toBe(clock.now().toISOString());

    const again = await browser.post('/api/verify-otp', { email, otp });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('Email is already verified.');
    const resend = await browser.post('/api/resend-otp', { email });
    expect(resend.statusCode).toBe(422);
    expect(errorOf(resend).message).toBe('Email is already verified.');
  });

  it('answers a wrong code with 422 Invalid OTP. and a malformed one with 400', async () => {
    const { browser, email } = await registered();
    const otp = await latestOtp(app, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const response = await browser.post('/api/verify-otp', { email, otp: wrong });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({ message: 'Invalid OTP.', code: 'BUSINESS_RULE' });
    const malformed = await browser.post('/api/verify-otp', { email, otp: '12a45' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errors).toEqual({ otp: ['OTP must be 6 digits'] });
    const noEmail = await browser.post('/api/verify-otp', { otp });
    expect(errorOf(noEmail).errors).toEqual({ email: ['Email is required'] });
    expect((await findUser(app, email))?.emailVerifiedAt).toBeNull();
    const unknown = await browser.post('/api/verify-otp', { email: uniqueEmail('nobody'), otp });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).message).toBe('Invalid OTP.');
  });

  it('kills a code after 5 wrong attempts, even for the right code afterwards', async () => {
    const { browser, email } = await registered();
    const otp = await latestOtp(app, email);
    const wrong = otp === '999999' ? '888888' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      messages.push(errorOf(await browser.post('/api/verify-otp', { email, otp: wrong })).message);
    }
    expect(messages).toEqual([
      'Invalid OTP.',
      'Invalid OTP.',
      'Invalid OTP.',
      'Invalid OTP.',
      'Too many attempts. Request a new code.',
    ]);
    const right = await browser.post('/api/verify-otp', { email, otp });
    expect(right.statusCode).toBe(422);
    expect(errorOf(right).message).toBe('Too many attempts. Request a new code.');
    expect((await findUser(app, email))?.emailVerifiedAt).toBeNull();

    clock.advance(60_000);
    expect((await browser.post('/api/resend-otp', { email })).statusCode).toBe(200);
    const fresh = await latestOtp(app, email);
    expect((await browser.post('/api/verify-otp', { email, otp: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { browser, email } = await registered();
    const otp = await latestOtp(app, email);
    clock.advance(11 * 60_000);
    const response = await browser.post('/api/verify-otp', { email, otp });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe('The code has expired. Request a new code.');
    expect((await findUser(app, email))?.emailVerifiedAt).toBeNull();
  });

  it('resends at most once a minute; the new code replaces the old one', async () => {
    const { browser, email } = await registered();
    const first = await latestOtp(app, email);

    const tooSoon = await browser.post('/api/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('60');
    expect(errorOf(tooSoon)).toEqual({
      message: 'Please wait 60 seconds before requesting a new code.',
      code: 'TOO_MANY_REQUESTS',
    });
    clock.advance(45_000);
    const stillTooSoon = await browser.post('/api/resend-otp', { email });
    expect(stillTooSoon.headers['retry-after']).toBe('15');
    expect((await mailsTo(app, email)).length).toBe(1);

    clock.advance(15_000);
    const resent = await browser.post('/api/resend-otp', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'Verification email resent! Check your inbox for the OTP.' });
    expect((await mailsTo(app, email)).length).toBe(2);
    const second = await latestOtp(app, email);

    if (first !== second) {
      const old = await browser.post('/api/verify-otp', { email, otp: first });
      expect(errorOf(old).message).toBe('Invalid OTP.');
    }
    expect((await browser.post('/api/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('mails one code for requests sent together: the others are told to wait', async () => {
    const { email } = await registered();
    clock.advance(61_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => new Browser(app).post('/api/resend-otp', { email })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    // The sign-up's code and one more.
    expect((await mailsTo(app, email)).length).toBe(2);
  });

  it('answers an unknown address like a known one, and mails nothing', async () => {
    const browser = new Browser(app);
    const email = uniqueEmail('ghost');
    const response = await browser.post('/api/resend-otp', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Verification email resent! Check your inbox for the OTP.' });
    expect(await mailsTo(app, email)).toEqual([]);
    const missing = await browser.post('/api/resend-otp', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Email is required');
  });
});

describe('POST /api/login', () => {
  it('signs in an unverified member with {token, user}', async () => {
    const browser = new Browser(app);
    const payload = registrationPayload({ language: 'es', currency: 'eur' });
    await browser.post('/api/register', payload);
    const response = await browser.post('/api/login', {
      email: payload.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.token).toMatch(/^\d+\|[A-Za-z0-9_-]+$/);
    expect(body.user).toMatchObject({
      username: payload.username,
      email: payload.email,
      email_verified_at: null,
      account_type: 'personal',
      role: 'member',
      language: 'es',
      currency: 'EUR',
      loyalty_points: 0,
      balance: 0,
      total_earnings: 0,
      total_deposit: 0,
      two_factor_enabled: false,
    });
    expect(body.user.profile.first_name).toBeNull();
    const [token] = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, Number(body.token.split('|')[0])));
    expect(token?.kind).toBe('member');
    expect(token?.secretHash).not.toBe(body.token.split('|')[1]);
    expect(token?.expiresAt.getTime()).toBe(clock.now().getTime() + TOKEN_IDLE_DAYS * 86_400_000);
  });

  it('keeps a remembered token for longer', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    const response = await browser.post('/api/login', { email, password: PASSWORD, remember: true });
    const id = Number(response.json<TokenResponse>().token.split('|')[0]);
    const [token] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(token?.expiresAt.getTime()).toBe(clock.now().getTime() + TOKEN_REMEMBER_DAYS * 86_400_000);
  });

  it('ends a session 30 days after sign-in however often it is used, 90 with remember (decision 216)', async () => {
    const { email } = await createUser(app);
    const browser = new Browser(app);
    const signedInAt = clock.now().getTime();
    const daily = await signIn(browser, email);
    const login = await browser.post('/api/login', { email, password: PASSWORD, remember: true });
    const remembered = login.json<TokenResponse>().token;
    const day = 86_400_000;
    // Used every week, each use moves the idle end on...
    for (let week = 1; week <= 4; week++) {
      clock.advance(7 * day);
      expect((await me(browser, daily)).status).toBe(200);
    }
    clock.set(new Date(signedInAt + TOKEN_IDLE_DAYS * day - 1000));
    expect((await me(browser, daily)).status).toBe(200);
    // ...but not the end 30 days after sign-in.
    clock.advance(1000);
    expect((await me(browser, daily)).status).toBe(401);
    expect((await me(browser, remembered)).status).toBe(200);
    clock.set(new Date(signedInAt + TOKEN_REMEMBER_DAYS * day));
    expect((await me(browser, remembered)).status).toBe(401);
  });

  it('answers a wrong password and an unknown account the same way (401)', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    const wrong = await browser.post('/api/login', { email, password: 'not the password' });
    const unknown = await browser.post('/api/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ message: 'Invalid email or password.', code: 'UNAUTHENTICATED' });
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
  });

  it('validates the form', async () => {
    const browser = new Browser(app);
    const response = await browser.post('/api/login', { email: 'x' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      email: ['Please enter a valid email address.'],
      password: ['Password is required.'],
    });
  });

  it('refuses a suspended account (403) once the password is right', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const right = await browser.post('/api/login', { email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(errorOf(right).message).toBe('This account is suspended. Please contact support.');
    const wrong = await browser.post('/api/login', { email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('sends admins to the admin sign-in (403), issuing no token', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin' });
    const response = await browser.post('/api/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe('Use the admin sign-in.');
    const [row] = await db.select({ value: count() }).from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(row?.value).toBe(0);
  });

  it('mails a notice for a sign-in from a new IP only, and audits every sign-in', async () => {
    const { user, email } = await createUser(app);
    const home = new Browser(app);
    const notices = async () =>
      (await mailsTo(app, email)).filter((mail) => mail.subject === 'New sign-in to your account');
    await signIn(home, email);
    expect(await notices()).toHaveLength(1);
    const notice = (await notices())[0];
    expect(notice?.text).toContain(home.ip);
    expect(notice?.text).not.toContain(PASSWORD);
    await signIn(home, email);
    expect(await notices()).toHaveLength(1);
    await signIn(new Browser(app), email);
    expect(await notices()).toHaveLength(2);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subjectId, String(user.id))));
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorId: user.id, subjectType: 'user', ip: home.ip });
    expect(JSON.stringify(audits)).not.toContain(PASSWORD);
  });

  it('greets by the business name only an address the member proved (a sign-in of a sign-up never confirmed greets by the username)', async () => {
    const lure = 'Your account is locked: call +1 555 0100 now';
    const { user, email } = await createUser(app, { verified: false });
    await db.update(users).set({ accountType: 'business', businessName: lure }).where(eq(users.id, user.id));
    await signIn(new Browser(app), email);
    const [notice] = (await mailsTo(app, email)).filter(
      (mail) => mail.subject === 'New sign-in to your account',
    );
    expect(notice?.text).toContain(`Hello ${user.username},`);
    expect(`${notice?.subject} ${notice?.text} ${notice?.html}`).not.toContain('call +1 555');
  });
});

describe('session: /api/me and /api/logout', () => {
  it('needs a token (401) and refuses a made-up one', async () => {
    const browser = new Browser(app);
    const none = await browser.get('/api/me');
    expect(none.statusCode).toBe(401);
    expect(errorOf(none)).toEqual({ message: 'Not authenticated', code: 'UNAUTHENTICATED' });
    expect((await browser.get('/api/me', { token: '1|not-the-secret-of-this-token-000' })).statusCode).toBe(
      401,
    );
    expect((await browser.post('/api/logout', {})).statusCode).toBe(401);
    expect((await browser.post('/api/change-password', {})).statusCode).toBe(401);
  });

  it('gives the member with the account summary', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    // Points as the rewards module stores them: a points row and the cached sums (decisions 033, 225).
    await db.insert(pointsTransactions).values({
      userId: user.id,
      kind: 'referral_reward',
      points: 250,
      reference: `test:points:${user.id}`,
      relatedUserId: null,
      createdAt: app.deps.clock.now(),
    });
    await db.update(users).set({ loyaltyPoints: 250, referralPoints: 250 }).where(eq(users.id, user.id));
    const token = await signIn(browser, email);
    const response = await browser.get('/api/me', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>()).toMatchObject({
      id: user.id,
      email,
      loyalty_points: 250,
      balance: 0,
      total_earnings: 0,
      total_deposit: 0,
      referral_code: user.referralCode,
    });
  });

  it('checks the token on every request, HEAD included; no route is a 404 with any token', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const token = await signIn(browser, email);
    const authorization = `Bearer ${token}`;
    // The HEAD route Fastify adds for GET /api/me is checked as its GET is.
    const head = await app.inject({ method: 'HEAD', url: '/api/me', headers: { authorization } });
    expect(head.statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/me' })).statusCode).toBe(401);
    const sessions = await app.inject({ method: 'GET', url: '/api/sessions', headers: { authorization } });
    expect(sessions.statusCode).toBe(200);
    // No route: a 404, whatever the token.
    const missing = await app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { authorization },
    });
    expect(missing.statusCode).toBe(404);
    expect((await browser.get('/api/me', { token })).json<UserResponse>().id).toBe(user.id);
  });

  it('PUT /api/me/language saves the language: the mails that follow are written in it', async () => {
    const browser = new Browser(app);
    const { email, user } = await createUser(app);
    const token = await signIn(browser, email);
    const saved = await browser.put('/api/me/language', { language: 'es' }, { token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'es' });
    expect((await me(browser, token)).user?.language).toBe('es');
    expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(200);
    expect((await mailsTo(app, email))[0]?.subject).toBe('Our Platform: restablece tu contraseña');

    // Bad input is a 400 on the field and changes nothing; no session is a 401; an admin's is a 403.
    for (const body of [{ language: 'fr' }, {}, { language: 'ES' }]) {
      const refused = await browser.put('/api/me/language', body, { token });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).errors?.language).toBeDefined();
    }
    expect((await findUser(app, email))?.language).toBe('es');
    expect((await new Browser(app).put('/api/me/language', { language: 'ar' })).statusCode).toBe(401);
    const admin = await signInAdminAs(app, 'support');
    const staff = await admin.client.put('/api/me/language', { language: 'ar' }, { token: admin.token });
    expect(staff.statusCode).toBe(403);
    expect((await findUser(app, email))?.id).toBe(user.id);
  });

  it('stays within its query budget: the token lookup plus at most 2 queries', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    const token = await signIn(browser, email);
    const methods = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const;
    const spies = methods.map((method) => vi.spyOn(db, method));
    try {
      expect((await browser.get('/api/me', { token })).statusCode).toBe(200);
      const queries = spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
      expect(queries).toBeLessThanOrEqual(3); // token + user (auth plugin), profile; the summary is free for now
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('answers many members at once, each with their own account; a forged or revoked token is refused', async () => {
    const members: UserRow[] = [];
    for (let i = 0; i < 12; i += 1) members.push((await createUser(app)).user);
    const tokens = await Promise.all(
      members.map((member) => issueToken(db, member.id, 'member', clock.now())),
    );
    const tokenId = (token: string) => Number(token.split('|')[0]);
    const revoked = 3;
    await revokeToken(db, tokenId(tokens[revoked] ?? ''), clock.now());
    // A live token's id with another token's secret; an id no token column can hold.
    const forged = `${tokenId(tokens[0] ?? '')}|${tokens[1]?.split('|')[1]}`;
    const outOfRange = `9999999999|${tokens[2]?.split('|')[1]}`;

    // Every member three times over, interleaved, and the forgery, all in flight together.
    const order = [0, 1, 2].flatMap(() => members.map((_, index) => index));
    const call = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
    const [forgedAnswer, outOfRangeAnswer, ...answers] = await Promise.all([
      call(forged),
      call(outOfRange),
      ...order.map((index) => call(tokens[index] ?? '')),
    ]);

    expect(forgedAnswer?.statusCode).toBe(401);
    expect(outOfRangeAnswer?.statusCode).toBe(401);
    answers.forEach((answer, position) => {
      const index = order[position] ?? -1;
      if (index === revoked) {
        expect(answer.statusCode).toBe(401);
        return;
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.json<UserResponse>()).toMatchObject({
        id: members[index]?.id,
        email: members[index]?.email,
      });
    });
  });

  it('revokes only the presented token on logout', async () => {
    const { email } = await createUser(app);
    const laptop = new Browser(app);
    const phone = new Browser(app);
    const laptopToken = await signIn(laptop, email);
    const phoneToken = await signIn(phone, email);
    const response = await laptop.post('/api/logout', {}, { token: laptopToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully!' });
    expect((await me(laptop, laptopToken)).status).toBe(401);
    expect((await me(phone, phoneToken)).status).toBe(200);
    expect((await laptop.post('/api/logout', {}, { token: laptopToken })).statusCode).toBe(401);
  });
});

describe('POST /api/change-password', () => {
  const change = (old_password: string, new_password: string, new_password_confirmation = new_password) => ({
    old_password,
    new_password,
    new_password_confirmation,
  });

  it('refuses a wrong current password (422 on old_password) and keeps the password', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const token = await signIn(browser, email);
    const response = await browser.post('/api/change-password', change('wrong password', 'new password 1'), {
      token,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).errors).toEqual({ old_password: ['Current password is incorrect.'] });
    expect((await findUser(app, email))?.passwordHash).toBe(user.passwordHash);
  });

  it('validates the fields with the spec messages', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const token = await signIn(browser, email);
    const empty = await browser.post('/api/change-password', { old_password: '' }, { token });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Please fill all password fields.');
    const mismatch = await browser.post(
      '/api/change-password',
      change(PASSWORD, 'new password 1', 'new password 2'),
      { token },
    );
    expect(errorOf(mismatch).errors).toEqual({ new_password_confirmation: ['New passwords do not match.'] });
    const same = await browser.post('/api/change-password', change(PASSWORD, PASSWORD), { token });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).errors).toEqual({ new_password: [AUTH_MESSAGES.passwordUnchanged] });
    const common = await browser.post('/api/change-password', change(PASSWORD, 'LeaveMeAlone'), { token });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).errors).toEqual({ new_password: [AUTH_MESSAGES.passwordCommon] });
    expect((await findUser(app, email))?.passwordHash).toBe(user.passwordHash);
  });

  it('changes the password, keeps the current token, revokes the others, mails and audits', async () => {
    const { user, email } = await createUser(app);
    const laptop = new Browser(app);
    const phone = new Browser(app);
    const current = await signIn(laptop, email);
    const other = await signIn(phone, email);
    const response = await laptop.post('/api/change-password', change(PASSWORD, 'a brand new password'), {
      token: current,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully!' });
    expect((await me(laptop, current)).status).toBe(200);
    expect((await me(phone, other)).status).toBe(401);
    expect((await laptop.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await laptop.post('/api/login', { email, password: 'a brand new password' })).statusCode).toBe(
      200,
    );
    const mail = (await mailsTo(app, email)).find((row) => row.subject === 'Your password was changed');
    expect(mail?.text).not.toContain('a brand new password');
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_changed'), eq(auditLog.subjectId, String(user.id))));
    expect(audits).toHaveLength(1);
  });
});
