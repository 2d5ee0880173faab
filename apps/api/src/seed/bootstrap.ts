import type { FastifyInstance } from 'fastify';
import type { UserRow } from '@app/db';
import type { AppDeps } from '../deps';
import { decryptSecret, randomSecret } from '../lib/crypto';
import { verifyPassword } from '../lib/password';
import { recordAudit } from '../modules/audit/audit.service';
import {
  countUsers,
  createAccount,
  findUserByEmail,
  setPassword,
  updateAccount,
  usernameExists,
} from '../modules/auth/account.service';
import { revokeUserTokens } from '../modules/auth/token.service';
import { enrolKnownSecret } from '../modules/two-factor/two-factor.service';
import { SettingsSchema, putSettings } from '../modules/settings/settings.service';
import { seedHelpContent } from '../modules/help/help.service';
import { seedPlanCatalogue } from '../modules/plans/plans.service';
import { DEMO_HISTORY_DAYS, seedDemoHistory } from './demo-history';
import { seedLoanPlanCatalogue } from '../modules/loans/loan-plans.service';

export const DEMO_MEMBER_EMAIL = 'demo@example.com';
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** A username free for a bootstrap account: the wanted one, else with a number after it. */
async function freeUsername(deps: AppDeps, wanted: string): Promise<string> {
  const base = wanted.replace(/[^\p{L}\p{N}_.-]/gu, '').slice(0, 40) || 'admin';
  for (let suffix = 0; suffix < 1000; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix}`;
    if (!(await usernameExists(deps.database.db, candidate))) return candidate;
  }
  return `${base}-${randomSecret(4)}`;
}

/** A random password for a demo account: 20 URL-safe characters (printed once at start). */
const demoPassword = () => randomSecret(15);

/** Whether the account's enabled authenticator is the one of ADMIN_TOTP_SECRET. */
function hasTotpSecret(deps: AppDeps, user: UserRow, secret: string): boolean {
  if (!user.totpEnabledAt || !user.totpSecretEnc) return false;
  try {
    return decryptSecret(deps.appKey, user.totpSecretEnc) === secret;
  } catch {
    return false;
  }
}

/** ADMIN_TOTP_SECRET: the bootstrap admin's authenticator, enrolled already (decision 120). */
async function enrolConfiguredSecret(deps: AppDeps, user: UserRow, secret: string): Promise<UserRow> {
  return deps.database.db.transaction((tx) => enrolKnownSecret(deps, tx, user.id, secret));
}

/** ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET, as the configuration reads them. */
interface ConfiguredAdmin {
  email: string;
  password: string;
  totpSecret?: string | undefined;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin as superadmin, or brings an existing account back
 * to it (role admin and superadmin, active, verified, that password, every token revoked), with the
 * authenticator of ADMIN_TOTP_SECRET when given. An account already in that state is left alone, so a
 * restart does not sign the admin out (docs/decisions/012-admin-bootstrap.md, 120).
 */
async function ensureConfiguredAdmin(deps: AppDeps, admin: ConfiguredAdmin): Promise<string> {
  const now = deps.clock.now();
  const existing = await findUserByEmail(deps.database.db, admin.email);
  if (!existing) return createConfiguredAdmin(deps, admin, now);
  return resetConfiguredAdmin(deps, admin, existing, now);
}

/** No account has ADMIN_EMAIL yet: the superadmin is created, verified, audited. */
async function createConfiguredAdmin(deps: AppDeps, admin: ConfiguredAdmin, now: Date): Promise<string> {
  const { db } = deps.database;
  const user = await createAccount(
    db,
    {
      username: await freeUsername(deps, admin.email.split('@')[0] ?? 'admin'),
      email: admin.email,
      password: admin.password,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: null,
    },
    now,
    { role: 'admin', adminRole: 'superadmin', verified: true },
  );
  if (admin.totpSecret) await enrolConfiguredSecret(deps, user, admin.totpSecret);
  await recordAudit(db, {
    actorId: null,
    action: 'bootstrap.admin_created',
    subjectType: 'user',
    subjectId: String(user.id),
    after: {
      email: user.email,
      role: user.role,
      admin_role: user.adminRole,
      two_factor_preenrolled: Boolean(admin.totpSecret),
    },
    createdAt: now,
  });
  return `Admin: ${admin.email} (created from ADMIN_EMAIL)`;
}

/**
 * The account with ADMIN_EMAIL exists: left alone when it is the configured superadmin already, else
 * brought back to it (its sessions signed out) and audited with what it was before.
 */
async function resetConfiguredAdmin(
  deps: AppDeps,
  admin: ConfiguredAdmin,
  existing: UserRow,
  now: Date,
): Promise<string> {
  const { db } = deps.database;
  const passwordMatches = await verifyPassword(existing.passwordHash, admin.password);
  const totpMatches = !admin.totpSecret || hasTotpSecret(deps, existing, admin.totpSecret);
  const inShape =
    passwordMatches &&
    totpMatches &&
    existing.role === 'admin' &&
    existing.adminRole === 'superadmin' &&
    existing.status === 'active' &&
    existing.emailVerifiedAt !== null;
  if (inShape) return `Admin: ${admin.email}`;

  let user: UserRow = await updateAccount(
    db,
    existing.id,
    {
      role: 'admin',
      adminRole: 'superadmin',
      status: 'active',
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
    },
    now,
  );
  if (!passwordMatches) user = await setPassword(db, existing.id, admin.password, now);
  if (admin.totpSecret && !totpMatches) user = await enrolConfiguredSecret(deps, user, admin.totpSecret);
  await revokeUserTokens(db, existing.id, now);
  await recordAudit(db, {
    actorId: null,
    action: 'bootstrap.admin_reset',
    subjectType: 'user',
    subjectId: String(user.id),
    before: {
      role: existing.role,
      admin_role: existing.adminRole,
      status: existing.status,
      verified: existing.emailVerifiedAt !== null,
    },
    after: {
      role: user.role,
      admin_role: user.adminRole,
      status: user.status,
      verified: true,
      password_reset: !passwordMatches,
      two_factor_reset: !totpMatches,
    },
    createdAt: now,
  });
  return `Admin: ${admin.email} (reset from ADMIN_EMAIL; its sessions were signed out)`;
}

/** A verified demo account with a random password; null when the address is taken (e.g. ADMIN_EMAIL). */
async function createDemoAccount(
  deps: AppDeps,
  email: string,
  username: string,
  role: 'member' | 'admin',
  /** When the account was opened: the start of the demo history, so its statements cover it. */
  since: Date,
): Promise<{ user: UserRow; password: string } | null> {
  const { db } = deps.database;
  if (await findUserByEmail(db, email)) return null;
  const password = demoPassword();
  const user = await createAccount(
    db,
    {
      username: await freeUsername(deps, username),
      email,
      password,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: null,
    },
    since,
    { role, verified: true },
  );
  return { user, password };
}

/** The demo content of an empty database (never in production): settings, a member, maybe an admin. */
async function seedDemo(deps: AppDeps): Promise<string[]> {
  const { db } = deps.database;
  const now = deps.clock.now();
  // The defaults as rows, so an admin edits stored values. A null (no logo) is the default already and
  // is left out: putSettings would send it as SQL NULL into the NOT NULL jsonb column.
  const defaults = Object.entries(SettingsSchema.parse({})).filter(([, value]) => value !== null);
  await putSettings(db, Object.fromEntries(defaults), now);
  const lines: string[] = [];
  // The plan catalogue (docs/decisions/070): the spec's tiers and a few more, on an empty catalogue.
  await seedPlanCatalogue(db, now);
  await seedLoanPlanCatalogue(db, now);
  const created: Record<string, unknown> = {};
  const historyStart = new Date(now.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  const member = await createDemoAccount(deps, DEMO_MEMBER_EMAIL, 'demo', 'member', historyStart);
  let approver: UserRow | null = deps.config.admin
    ? await findUserByEmail(db, deps.config.admin.email)
    : null;
  if (!deps.config.admin && !deps.config.isProduction) {
    // A superadmin without an authenticator: its first sign-in enrols one.
    const admin = await createDemoAccount(deps, DEMO_ADMIN_EMAIL, 'admin', 'admin', historyStart);
    if (admin) {
      approver = admin.user;
      created.admin_id = admin.user.id;
      lines.push(
        `Demo admin: ${DEMO_ADMIN_EMAIL} / ${admin.password} (sign in at ${deps.config.appUrl}/admin/login)`,
      );
    }
  }
  if (member) {
    created.member_id = member.user.id;
    // Three months of history through the real services (seed/demo-history.ts, README "Demo member").
    const history = await seedDemoHistory(deps, member.user, approver);
    created.demo_deposit_ids = history.depositIds;
    created.demo_friend_id = history.friendId;
    created.demo_history_seconds = Math.round(history.seconds * 100) / 100;
    lines.unshift(`Demo member: ${DEMO_MEMBER_EMAIL} / ${member.password}`);
  }
  await recordAudit(db, {
    actorId: null,
    action: 'bootstrap.demo_seeded',
    subjectType: 'system',
    subjectId: null,
    after: created,
    createdAt: now,
  });
  return lines;
}

/**
 * Start-up data: the admin from ADMIN_EMAIL/ADMIN_PASSWORD (created or reset), and on an empty
 * database outside production, the demo content. Returns lines to print (the demo passwords are
 * random and shown only here, on the start that created them).
 */
export async function bootstrapData(app: FastifyInstance): Promise<string[]> {
  const { deps } = app;
  const { config } = deps;
  const lines: string[] = [];
  const empty = (await countUsers(deps.database.db)) === 0;
  // The help center's first content is product content, not demo: seeded into empty tables everywhere.
  await seedHelpContent(deps.database.db, deps.clock.now());
  if (config.admin) lines.push(await ensureConfiguredAdmin(deps, config.admin));
  if (config.seedDemo && empty) lines.push(...(await seedDemo(deps)));
  return lines;
}
