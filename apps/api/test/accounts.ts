import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { mailOutbox, users, type UserRow } from '@app/db';
import type { RegisterRequest, TokenResponse, UserResponse } from '@app/shared';
import { createAccount, type NewAccountOptions } from '../src/modules/auth/account.service';
import { ApiClient, uniqueEmail, type CallOptions } from './helpers';

/**
 * Account factories and helpers for API tests. Factories call the real services (CONVENTIONS §9);
 * flows go through the HTTP API like the web app does.
 */

export const PASSWORD = 'correct horse battery staple';

export interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

export const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();

let ipCounter = 0;
/** A documentation-range address per browser, so per-IP throttles of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/**
 * A browser (the web app's client) at its own IP address: needs the app built with TRUST_PROXY=1,
 * which makes request.ip the X-Forwarded-For address.
 */
export class Browser extends ApiClient {
  constructor(
    app: FastifyInstance,
    readonly ip: string = nextIp(),
  ) {
    super(app);
  }

  override request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    options: CallOptions = {},
  ) {
    return super.request(method, url, body, {
      ...options,
      headers: { 'x-forwarded-for': this.ip, 'user-agent': 'vitest-browser', ...options.headers },
    });
  }
}

let nameCounter = 0;
export function uniqueUsername(prefix = 'member'): string {
  nameCounter += 1;
  return `${prefix}_${Date.now().toString(36)}_${nameCounter}`;
}

/** A member created through the account service (verified unless told otherwise). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; username: string; password: string }> & NewAccountOptions = {},
): Promise<{ user: UserRow; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? PASSWORD;
  const user = await createAccount(
    app.deps.database.db,
    {
      username: overrides.username ?? uniqueUsername(),
      email,
      password,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: null,
    },
    app.deps.clock.now(),
    {
      role: overrides.role ?? 'member',
      verified: overrides.verified ?? true,
      ...(overrides.adminRole ? { adminRole: overrides.adminRole } : {}),
    },
  );
  return { user, email, password };
}

export function registrationPayload(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return { username: uniqueUsername(), email: uniqueEmail(), password: PASSWORD, ...overrides };
}

export async function findUser(app: FastifyInstance, email: string): Promise<UserRow | undefined> {
  const [row] = await app.deps.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function mailsTo(app: FastifyInstance, to: string) {
  return app.deps.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
}

/** The 6-digit code of the newest verification mail to the address. */
export async function latestOtp(app: FastifyInstance, to: string): Promise<string> {
  const mail = (await mailsTo(app, to)).find((row) => row.subject.includes('verification code'));
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no verification code mailed to ${to}`);
  return code;
}

/** The link of the newest reset mail to the address, read from the outbox as a member would. */
export async function mailedResetLink(app: FastifyInstance, to: string): Promise<URL> {
  const mail = (await mailsTo(app, to)).find((row) => row.subject.includes('reset your password'));
  const link = mail ? /(\S*\/reset-password\?\S+)/.exec(mail.text)?.[1] : undefined;
  if (!link) throw new Error(`no reset link mailed to ${to}`);
  return new URL(link);
}

/** The tokens of every reset link mailed to the address, oldest first, read from the outbox. */
export async function mailedResetTokens(app: FastifyInstance, to: string): Promise<string[]> {
  const mails = (await mailsTo(app, to)).filter((row) => row.subject.includes('reset your password'));
  return mails.reverse().map((mail) => {
    const link = /(\S*\/reset-password\?\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`a reset mail to ${to} without a link`);
    return new URL(link).searchParams.get('token') ?? '';
  });
}

/** Signs in through POST /api/login (an account without 2FA); returns the token. */
export async function signIn(client: ApiClient, email: string, password = PASSWORD): Promise<string> {
  const response = await client.post('/api/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>().token;
}

export async function me(client: ApiClient, token: string) {
  const response = await client.get('/api/me', { token });
  return {
    status: response.statusCode,
    user: response.statusCode === 200 ? response.json<UserResponse>() : null,
  };
}

/** The authenticator app: the code of `secret` at `at`, `steps` 30-second steps away. */
export function totpCode(secret: string, at: Date, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: at.getTime() + steps * 30_000 });
}

/** Turns 2FA on for a signed-in member through the API; returns the secret and recovery codes. */
export async function enableTwoFactor(
  app: FastifyInstance,
  client: ApiClient,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post('/api/enable-2fa', undefined, { token });
  if (started.statusCode !== 200) throw new Error(`enable-2fa failed: ${started.statusCode} ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const verified = await client.post(
    '/api/verify-2fa',
    { token: totpCode(secret, app.deps.clock.now()) },
    { token },
  );
  if (verified.statusCode !== 200)
    throw new Error(`verify-2fa failed: ${verified.statusCode} ${verified.body}`);
  return { secret, recoveryCodes: verified.json<{ recovery_codes: string[] }>().recovery_codes };
}
