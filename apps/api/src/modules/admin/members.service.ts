import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { type AuthUser, type DbOrTx, deposits, type UserRow, users, withdrawals } from '@app/db';
import {
  MEMBER_MESSAGES,
  MEMBER_SECTIONS,
  MONEY_SECTIONS,
  centsToMajor,
  type AdminMemberDetailResponse,
  type AdminMemberListResponse,
  type AdminMemberRow,
  type AdminMemberSectionResponse,
  type AdminMemberStatusResponse,
  type MemberSection,
  type MemberSort,
  type MemberStatus,
  type MemberListStatus,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { accountFigures } from '../../ledger/ledger';
import { COUNT_PAGES_AHEAD, pageMeta, selectMemberPage } from '../../lib/paging';
import { getActivity } from '../activity/activity.service';
import { toDeposit } from '../deposits/deposits.service';
import { listNotifications } from '../notifications/notifications.service';
import { notificationLanguage } from '../notifications/notification-texts';
import { findProfile, toProfile } from '../profile/profile.service';
import { toWithdrawal } from '../withdrawals/withdrawals.service';
import { recordAudit } from '../audit/audit.service';
import { revokeUserTokens } from '../auth/token.service';
import { queueMemberSummary } from './queues/queue-pages';
import {
  memberGoals,
  memberLoans,
  memberPlans,
  memberSecurityEvents,
  memberSessions,
} from './member-sections';

/**
 * The back office's members (issue 15 item 3, decision 127): search, the member page (header and
 * paged sections, each read through an index so it stays flat as a history grows), suspension.
 */

export const MEMBER_PAGE_SIZE = 20;

/** Which admins see a member's money (finance and superadmin); support reads the rest and suspends. */
export function seesMoney(admin: AuthUser): boolean {
  return admin.adminRole === 'superadmin' || admin.adminRole === 'finance';
}

export function toMemberRow(user: AuthUser): AdminMemberRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    referral_code: user.referralCode,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

/** `like` pattern of a prefix, its wildcards escaped. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function memberOrder(sort: MemberSort): SQL {
  const order = sort.startsWith('-') ? desc : asc;
  return order(sort.endsWith('username') ? users.username : users.id);
}

/**
 * GET /api/admin/users: members newest first unless sorted by joined date or username; `q` is an id or a referral code (exact), or the start
 * of an email or a username (users_email_prefix_idx / users_username_prefix_idx). The total is counted
 * at most COUNT_PAGES_AHEAD pages past this one.
 */
export async function listMembers(
  deps: AppDeps,
  query: {
    q?: string | undefined;
    status?: MemberListStatus | undefined;
    sort?: MemberSort | undefined;
    page: number;
    per_page?: number | undefined;
  },
): Promise<AdminMemberListResponse> {
  const { db } = deps.database;
  const perPage = query.per_page ?? MEMBER_PAGE_SIZE;
  const conditions: SQL[] = [eq(users.role, 'member')];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.q) {
    const text = query.q.trim();
    const lower = text.toLowerCase();
    const matches: SQL[] = [
      sql`lower(${users.email}) like ${prefix(lower)}`,
      sql`lower(${users.username}) like ${prefix(lower)}`,
      eq(users.referralCode, text.toUpperCase()),
    ];
    if (/^\d{1,9}$/.test(text)) matches.push(eq(users.id, Number(text)));
    const match = or(...matches);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const offset = (query.page - 1) * perPage;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    // Joined order is the id's (ids are given in order); usernames are unique, so both orders are total.
    .orderBy(memberOrder(query.sort ?? '-created_at'))
    .limit(perPage)
    .offset(offset);
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(offset + perPage * (COUNT_PAGES_AHEAD + 1))
    .as('capped');
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { data: rows.map(toMemberRow), meta: pageMeta(query.page, perPage, Number(total?.n ?? 0)) };
}

async function findMember(db: DbOrTx, id: number): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'member')));
  if (!user) throw AppError.notFound(MEMBER_MESSAGES.notFound);
  return user;
}

/** GET /api/admin/users/:id: the member, their profile (decrypted by the profile service) and money. */
export async function memberDetail(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
): Promise<AdminMemberDetailResponse> {
  const { db } = deps.database;
  const user = await findMember(db, id);
  const profileRow = await findProfile(db, id);
  const money = seesMoney(admin);
  let figures: AdminMemberDetailResponse['money'] = null;
  if (money) {
    const summary = await queueMemberSummary(db, id);
    const cash = await accountFigures(db, id);
    figures = {
      balance: summary.balance,
      invested: summary.invested,
      withdrawal_hold: summary.withdrawal_hold,
      loan_outstanding: summary.loan_outstanding,
      refund_debt: summary.refund_debt,
      total_deposit: summary.total_deposit,
      total_earnings: centsToMajor(cash.totalEarnings),
      total_withdrawn: summary.total_withdrawn,
      loyalty_points: user.loyaltyPoints,
    };
  }
  return {
    member: {
      ...toMemberRow(user),
      account_type: user.accountType,
      business_name: user.businessName,
      business_email: user.businessEmail,
      language: user.language,
      currency: user.currency,
      two_factor_enabled: user.totpEnabledAt !== null,
    },
    profile: toProfile(deps.appKey, user.id, profileRow),
    money: figures,
    sections: MEMBER_SECTIONS.filter((section) => money || !MONEY_SECTIONS.includes(section)),
  };
}

/**
 * GET /api/admin/users/:id/:section: one page of a section of the member page, newest first, each
 * through the (user_id, created_at) index of its table (sessions through api_tokens_user_idx, security
 * events through audit_log_subject_idx).
 */
export async function memberSection(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  section: MemberSection,
  page: number,
  perPageAsked: number | undefined,
): Promise<AdminMemberSectionResponse> {
  const { db } = deps.database;
  await findMember(db, id);
  if (MONEY_SECTIONS.includes(section) && !seesMoney(admin)) {
    throw new AppError('FORBIDDEN', 'Your role does not include members’ money.');
  }
  const perPage = perPageAsked ?? MEMBER_PAGE_SIZE;
  const at = { id, page, perPage, offset: (page - 1) * perPage };
  const answer = ({ data, total }: { data: AdminMemberSectionResponse['data']; total: number }) => ({
    section,
    data,
    meta: pageMeta(page, perPage, total),
  });
  switch (section) {
    case 'plans':
      return answer(await memberPlans(db, at));
    case 'loans':
      return answer(await memberLoans(db, at));
    case 'goals':
      return answer(await memberGoals(deps, at));
    case 'deposits': {
      const { rows, total } = await selectMemberPage(db, deposits, id, page, perPage);
      return answer({ data: rows.map(toDeposit), total });
    }
    case 'withdrawals': {
      const { rows, total } = await selectMemberPage(db, withdrawals, id, page, perPage);
      return answer({ data: rows.map(toWithdrawal), total });
    }
    case 'ledger': {
      const activity = await getActivity(db, id, { page, per_page: perPage });
      return { section, data: activity.data, meta: activity.meta };
    }
    case 'sessions':
      return answer(await memberSessions(db, at));
    case 'security-events':
      return answer(await memberSecurityEvents(db, at));
    case 'notifications': {
      const list = await listNotifications(db, id, page, perPage, notificationLanguage(admin.language));
      return { section, data: list.data, meta: list.meta };
    }
  }
}

/**
 * PATCH /api/admin/users/:id {status, reason}: suspend (every session and token of the member ends in
 * the same transaction; sign-in is refused with a clear message; money jobs keep running) or
 * reactivate; both audited with before/after and the reason.
 */
export async function changeMemberStatus(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  input: { status: MemberStatus; reason: string },
  ip: string,
): Promise<AdminMemberStatusResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'member')))
      .for('no key update');
    if (!user) throw AppError.notFound(MEMBER_MESSAGES.notFound);
    if (user.status === 'closed') throw new AppError('CONFLICT', MEMBER_MESSAGES.closed);
    if (user.status === input.status) {
      throw new AppError(
        'CONFLICT',
        input.status === 'suspended' ? MEMBER_MESSAGES.alreadySuspended : MEMBER_MESSAGES.alreadyActive,
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ status: input.status, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw new Error(`user ${id} vanished`);
    const ended = input.status === 'suspended' ? await revokeUserTokens(tx, id, now) : 0;
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: input.status === 'suspended' ? 'user.suspended' : 'user.reactivated',
      subjectType: 'user',
      subjectId: String(id),
      before: { status: user.status },
      after: { status: updated.status, reason: input.reason, sessions_ended: ended },
      reason: input.reason,
      ip,
      createdAt: now,
    });
    return {
      message: input.status === 'suspended' ? MEMBER_MESSAGES.suspended : MEMBER_MESSAGES.reactivated,
      member: toMemberRow(updated),
      sessions_ended: ended,
    };
  });
}
