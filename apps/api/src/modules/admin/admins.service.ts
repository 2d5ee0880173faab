import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  type AdminAccount,
  type AdminAccountResponse,
  type AdminListQuery,
  type AdminListResponse,
  type AdminRole,
  type CreateAdminRequest,
  type UpdateAdminRequest,
} from '@app/shared';
import type { AuthUser, DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { insertAccount, prepareAccount } from '../auth/account.service';
import { revokeUserTokens } from '../auth/token.service';
import { recordAudit } from '../audit/audit.service';
import * as repository from './admins.repository';
import { grantView, liveGrants, settleGrant, type AdminState, type GrantOutcome } from './admin-grants';
import { endProposalsBy } from '../admin-content/threshold-raise';
import { requireUncommonPassword } from '../../lib/password-policy';

/**
 * Admins management (issue 15 item 1, decision 120): superadmins list, create, disable and change the
 * role of other admins; never their own; at least one active superadmin always remains. Every change
 * is audited in its transaction with before and after. A change that gives an admin money powers
 * takes two superadmins where two exist (decision 250, admin-grants.ts).
 */

export interface Actor {
  user: AuthUser;
  role: AdminRole;
  ip: string;
}

function toAccount(user: AuthUser, pendingGrant: AdminAccount['pending_grant'] = null): AdminAccount {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    admin_role: user.adminRole ?? 'support',
    // An admin is never closed (only a member closes an account, decision 177).
    status: user.status === 'closed' ? 'suspended' : user.status,
    two_factor_enabled: user.totpEnabledAt !== null,
    created_at: user.createdAt.toISOString(),
    pending_grant: pendingGrant,
  };
}

const stateOf = (user: AuthUser): AdminState => ({
  role: user.adminRole ?? 'support',
  status: user.status,
});

/**
 * The audit rows of decision 250 (the account's own change is in `admin.created` / `admin.updated`):
 * a money role asked for, one confirmed (naming who asked and when), a waiting one ended.
 */
async function auditGrant(
  tx: DbOrTx,
  actor: Actor,
  change: { targetId: number; after: AdminState; reason?: string },
  outcome: GrantOutcome,
  now: Date,
): Promise<void> {
  const { targetId, after } = change;
  const grant = outcome.kind === 'apply' ? (outcome.confirmed ?? outcome.ended) : undefined;
  const action =
    outcome.kind === 'waiting'
      ? outcome.renewed
        ? 'admin.grant_proposed'
        : null
      : outcome.confirmed
        ? 'admin.grant_confirmed'
        : outcome.ended
          ? 'admin.grant_ended'
          : null;
  if (!action) return;
  await recordAudit(tx, {
    actorId: actor.user.id,
    actorRole: actor.role,
    action,
    subjectType: 'user',
    subjectId: String(targetId),
    before: grant
      ? {
          grant: {
            admin_role: grant.adminRole,
            proposed_by: grant.proposedBy,
            proposed_at: grant.proposedAt,
          },
        }
      : null,
    after: { admin_role: after.role, status: after.status },
    reason: change.reason || null,
    ip: actor.ip,
    createdAt: now,
  });
}

export async function listAdmins(
  deps: AppDeps,
  query: z.output<typeof AdminListQuery>,
): Promise<AdminListResponse> {
  const { db } = deps.database;
  const [rows, total] = await Promise.all([
    repository.findAdmins(db, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    repository.countAdmins(db),
  ]);
  const grants = await liveGrants(
    db,
    rows.map((row) => row.id),
    deps.clock.now(),
  );
  return {
    data: rows.map((row) => toAccount(row, grantView(grants.get(row.id)))),
    meta: {
      current_page: query.page,
      total_pages: Math.max(1, Math.ceil(total / query.per_page)),
      total,
    },
  };
}

/** POST /api/admin/admins: a new admin of a role; it enrols an authenticator at its first sign-in. */
export async function createAdmin(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof CreateAdminRequest>,
): Promise<AdminAccountResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  requireUncommonPassword(input.password, 'password');
  // Checks and the slow password hash outside the transaction.
  const prepared = await prepareAccount(
    db,
    {
      username: input.username,
      email: input.email,
      password: input.password,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: null,
    },
    now,
    { role: 'admin', adminRole: input.role, verified: true },
  );
  const created = await db.transaction(async (tx) => {
    const inserted = await insertAccount(tx, prepared, now);
    const asked: AdminState = { role: input.role, status: 'active' };
    const outcome = await settleGrant(
      tx,
      { actorId: actor.user.id, targetId: inserted.id, before: null, after: asked },
      now,
    );
    // A money role that waits for a second superadmin: the account stays suspended until then.
    const user =
      outcome.kind === 'waiting'
        ? await repository.updateAdmin(tx, inserted.id, { status: 'suspended' }, now)
        : inserted;
    await recordAudit(tx, {
      actorId: actor.user.id,
      actorRole: actor.role,
      action: 'admin.created',
      subjectType: 'user',
      subjectId: String(user.id),
      before: null,
      after: { email: user.email, username: user.username, admin_role: user.adminRole, status: user.status },
      ip: actor.ip,
      createdAt: now,
    });
    await auditGrant(tx, actor, { targetId: user.id, after: asked }, outcome, now);
    const grant = (await liveGrants(tx, [user.id], now)).get(user.id);
    return { user, grant, waiting: outcome.kind === 'waiting' };
  });
  return {
    admin: toAccount(created.user, grantView(created.grant)),
    message: created.waiting ? ADMIN_MESSAGES.adminCreatedWaiting : ADMIN_MESSAGES.adminCreated,
  };
}

/**
 * PATCH /api/admin/admins/:id: a new role and/or status for another admin. Disabling one ends its
 * sessions at once. 404 for an id that is not an admin.
 */
export async function updateAdmin(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: z.output<typeof UpdateAdminRequest>,
): Promise<AdminAccountResponse> {
  if (id === actor.user.id) throw new AppError('BUSINESS_RULE', ADMIN_MESSAGES.notYourself);
  const { db } = deps.database;
  const now = deps.clock.now();
  const updated = await db.transaction(async (tx) => {
    const locked = await repository.lockForAdminChange(tx, id, actor.user.id);
    const self = locked.find((row) => row.id === actor.user.id);
    // The actor may have been changed by another superadmin a moment ago.
    if (!self || self.adminRole !== 'superadmin' || self.status !== 'active') {
      throw new AppError('FORBIDDEN', ADMIN_MESSAGES.roleNotAllowed);
    }
    const target = locked.find((row) => row.id === id);
    if (!target) throw AppError.notFound(ADMIN_MESSAGES.adminNotFound);
    const role = input.role ?? target.adminRole ?? 'support';
    const status = input.status ?? (target.status === 'closed' ? 'suspended' : target.status);
    const wasActiveSuperadmin = target.adminRole === 'superadmin' && target.status === 'active';
    const staysActiveSuperadmin = role === 'superadmin' && status === 'active';
    if (wasActiveSuperadmin && !staysActiveSuperadmin) {
      const others = locked.filter(
        (row) => row.id !== id && row.adminRole === 'superadmin' && row.status === 'active',
      );
      if (others.length === 0) {
        throw new AppError('BUSINESS_RULE', ADMIN_MESSAGES.lastSuperadmin);
      }
    }
    const after: AdminState = { role, status };
    if (role === target.adminRole && status === target.status) {
      return { row: target, waiting: false, grant: (await liveGrants(tx, [id], now)).get(id) };
    }
    const outcome = await settleGrant(
      tx,
      { actorId: actor.user.id, targetId: id, before: stateOf(target), after },
      now,
    );
    await auditGrant(tx, actor, { targetId: id, after, reason: input.reason }, outcome, now);
    if (outcome.kind === 'waiting') {
      return { row: target, waiting: true, grant: (await liveGrants(tx, [id], now)).get(id) };
    }
    // A superadmin demoted still counts as a second one for 7 days (decision 250, second-superadmin.ts).
    const leftAt =
      role === 'superadmin' ? null : target.adminRole === 'superadmin' ? now : target.superadminLeftAt;
    const row = await repository.updateAdmin(
      tx,
      id,
      { adminRole: role, status, superadminLeftAt: leftAt },
      now,
    );
    if (status === 'suspended' && target.status !== 'suspended') await revokeUserTokens(tx, id, now);
    // What they asked for as a superadmin ends with that role, for good (it does not come back if the
    // account is made active again).
    if (!(role === 'superadmin' && status === 'active')) {
      await repository.deleteGrantsProposedBy(tx, id);
      await endProposalsBy(tx, id, now);
    }
    await recordAudit(tx, {
      actorId: actor.user.id,
      actorRole: actor.role,
      action: 'admin.updated',
      subjectType: 'user',
      subjectId: String(id),
      before: { admin_role: target.adminRole, status: target.status },
      after: { admin_role: row.adminRole, status: row.status },
      reason: input.reason || null,
      ip: actor.ip,
      createdAt: now,
    });
    return { row, waiting: false, grant: undefined };
  });
  return {
    admin: toAccount(updated.row, grantView(updated.grant)),
    message: updated.waiting ? ADMIN_MESSAGES.grantWaiting : ADMIN_MESSAGES.adminUpdated,
  };
}
