import type { FastifyInstance } from 'fastify';
import type { AdminRole, AdminTokenResponse } from '@app/shared';
import type { UserRow } from '@app/db';
import { enrolKnownSecret } from '../src/modules/two-factor/two-factor.service';
import { newTotpSecret } from '../src/modules/two-factor/totp';
import { ApiClient } from './helpers';
import { PASSWORD, createUser, totpCode } from './accounts';

/**
 * Admin test helpers (decision 120): admins of a role with an authenticator enrolled, signed in through
 * the real two steps (POST /api/admin/login, POST /api/admin/2fa/verify), so the session's
 * re-authentication window is open for 10 minutes of the test clock.
 */

export interface AdminSession {
  client: ApiClient;
  token: string;
  user: UserRow;
  email: string;
  role: AdminRole;
  /** The base32 secret of the admin's authenticator. */
  secret: string;
  /**
   * A code of the authenticator not used yet: each TOTP step is accepted once, and the server takes
   * one step of skew, so at one instant of the test clock two codes are available (advance the clock
   * for more).
   */
  nextCode(): string;
  /** POST /api/admin/reauth with a fresh code; throws unless it answers 200. */
  reauth(): Promise<void>;
}

const STEP_MS = 30_000;

/** A code generator for a secret that never repeats a step (the server accepts each step once). */
export function codeSource(app: FastifyInstance, secret: string, firstUsedStep?: number): () => string {
  let lastStep = firstUsedStep ?? Number.NEGATIVE_INFINITY;
  return () => {
    const now = app.deps.clock.now();
    const current = Math.floor(now.getTime() / STEP_MS);
    const step = Math.max(current - 1, lastStep + 1);
    if (step > current + 1) throw new Error('no unused TOTP step left at this instant: advance the clock');
    lastStep = step;
    return totpCode(secret, now, step - current);
  };
}

/** Enrols an authenticator for an existing admin directly (as ADMIN_TOTP_SECRET does); returns the secret. */
export async function enrolAuthenticator(app: FastifyInstance, user: UserRow): Promise<string> {
  const secret = newTotpSecret();
  await enrolKnownSecret(app.deps, app.deps.database.db, user.id, secret);
  return secret;
}

/** Step 1 and 2 of the admin sign-in with a code from `nextCode`; returns the verify answer. */
export async function adminSignInSteps(
  client: ApiClient,
  email: string,
  nextCode: () => string,
  options: { password?: string; remember?: boolean } = {},
): Promise<AdminTokenResponse> {
  const login = await client.post('/api/admin/login', {
    email,
    password: options.password ?? PASSWORD,
    remember: options.remember ?? false,
  });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
  const verify = await client.post('/api/admin/2fa/verify', { token: nextCode() });
  if (verify.statusCode !== 200) throw new Error(`admin 2fa failed: ${verify.statusCode} ${verify.body}`);
  return verify.json<AdminTokenResponse>();
}

/**
 * A new admin of `role` with an authenticator, signed in through both steps: its session has done 2FA
 * and its re-authentication window is open.
 */
export async function signInAdminAs(
  app: FastifyInstance,
  role: AdminRole = 'superadmin',
  options: { remember?: boolean; client?: ApiClient } = {},
): Promise<AdminSession> {
  const { user, email } = await createUser(app, { role: 'admin', adminRole: role });
  const secret = await enrolAuthenticator(app, user);
  const client = options.client ?? new ApiClient(app);
  const nextCode = codeSource(app, secret);
  const { token } = await adminSignInSteps(client, email, nextCode, { remember: options.remember ?? false });
  return {
    client,
    token,
    user,
    email,
    role,
    secret,
    nextCode,
    reauth: async () => {
      const response = await client.post('/api/admin/reauth', { code: nextCode() }, { token });
      if (response.statusCode !== 200) {
        throw new Error(`admin reauth failed: ${response.statusCode} ${response.body}`);
      }
    },
  };
}
