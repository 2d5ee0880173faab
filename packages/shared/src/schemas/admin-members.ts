import { z } from 'zod';
import { ListMeta, PageQuery, positiveId, requiredText } from './common';
import { Profile } from './auth';
import { ActivityItem } from './activity';
import { Deposit } from './deposits';
import { Withdrawal } from './withdrawals';
import { Notification } from './notifications';
import { QueueTotals } from './admin-queues';

/** The back office's members and overview (issue 15 items 3 and 8, decision 127). */
export const MEMBER_MESSAGES = {
  notFound: 'Member not found.',
  statusInvalid: 'Choose active or suspended.',
  listStatusInvalid: 'Choose active, suspended or closed.',
  reasonRequired: 'Please give a reason.',
  alreadySuspended: 'This member is already suspended.',
  alreadyActive: 'This member is already active.',
  suspended: 'Member suspended: every session has ended.',
  reactivated: 'Member reactivated.',
  closed: 'This member closed the account: it cannot be suspended or reactivated.',
  closedTwoFactor: 'This member closed the account: there is no second factor to remove.',
  twoFactorOff: 'This member does not use two-factor authentication.',
  twoFactorRemoved: 'Two-factor authentication removed: every session of the member has ended.',
  searchTooLong: 'At most 254 characters.',
  invalidSort: 'Sort by created_at or username, with a leading "-" for descending.',
} as const;

export const MemberStatus = z.enum(['active', 'suspended'], { error: MEMBER_MESSAGES.statusInvalid });
export type MemberStatus = z.infer<typeof MemberStatus>;
/** What the members list shows and filters by: a closed account (decision 177) as well. */
export const MemberListStatus = z.enum(['active', 'suspended', 'closed'], {
  error: MEMBER_MESSAGES.listStatusInvalid,
});
export type MemberListStatus = z.infer<typeof MemberListStatus>;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * GET /api/admin/users: `q` is an id, a referral code (exact), or the start of an email or a username
 * (any case); every match is an indexed lookup.
 */
/** The orders of the members list: joined (newest first without a sort) or username, "-" descending. */
export const MEMBER_SORTS = ['created_at', '-created_at', 'username', '-username'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const AdminMemberListQuery = PageQuery.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(254, MEMBER_MESSAGES.searchTooLong).optional()),
  status: z.preprocess(blankToUndefined, MemberListStatus.optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(MEMBER_SORTS, { error: MEMBER_MESSAGES.invalidSort }).optional(),
  ),
});
export type AdminMemberListQuery = z.input<typeof AdminMemberListQuery>;

export const AdminMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: MemberListStatus,
  referral_code: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRow>;

export const AdminMemberListResponse = z.object({ data: z.array(AdminMemberRow), meta: ListMeta });
export type AdminMemberListResponse = z.infer<typeof AdminMemberListResponse>;

/** The member's money from cached balances and running totals (null for a role without money views). */
export const AdminMemberMoney = z.object({
  balance: z.number(),
  invested: z.number(),
  withdrawal_hold: z.number(),
  loan_outstanding: z.number(),
  refund_debt: z.number(),
  total_deposit: z.number(),
  total_earnings: z.number(),
  total_withdrawn: z.number(),
  loyalty_points: z.number(),
});
export type AdminMemberMoney = z.infer<typeof AdminMemberMoney>;

/** GET /api/admin/users/:id: the member page's header; each list comes from its section route. */
export const AdminMemberDetailResponse = z.object({
  member: AdminMemberRow.extend({
    account_type: z.enum(['personal', 'business']),
    business_name: z.string().nullable(),
    business_email: z.string().nullable(),
    language: z.string(),
    currency: z.string(),
    two_factor_enabled: z.boolean(),
  }),
  profile: Profile,
  money: AdminMemberMoney.nullable(),
  /** The sections this admin may open (GET /api/admin/users/:id/:section). */
  sections: z.array(z.string()),
});
export type AdminMemberDetailResponse = z.infer<typeof AdminMemberDetailResponse>;

export const MEMBER_SECTIONS = [
  'plans',
  'loans',
  'goals',
  'deposits',
  'withdrawals',
  'ledger',
  'sessions',
  'security-events',
  'notifications',
] as const;
export type MemberSection = (typeof MEMBER_SECTIONS)[number];
/**
 * The sections that show money: finance and superadmin only. Notifications too: their texts name the
 * amounts deposited, withdrawn, lent and corrected (decision 127, amended).
 */
export const MONEY_SECTIONS: readonly MemberSection[] = [
  'plans',
  'loans',
  'goals',
  'deposits',
  'withdrawals',
  'ledger',
  'notifications',
];

export const MemberSectionParams = z.object({
  id: positiveId(),
  section: z.enum(MEMBER_SECTIONS, { error: 'Unknown section.' }),
});

export const AdminMemberPlan = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  amount: z.number(),
  status: z.string(),
  earned: z.number(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export const AdminMemberLoan = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  principal: z.number(),
  outstanding: z.number(),
  status: z.string(),
  disbursed_at: z.string(),
});
export const AdminMemberGoal = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  target_amount: z.number(),
  invested: z.number(),
  earned: z.number(),
  progress_percent: z.number().int(),
  created_at: z.string(),
});
export const AdminMemberSession = z.object({
  id: z.number().int(),
  kind: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  ended_at: z.string().nullable(),
});
export const AdminSecurityEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
});

/** One page of a section of the member page; `data` holds that section's rows. */
export const AdminMemberSectionResponse = z.object({
  section: z.enum(MEMBER_SECTIONS),
  data: z.array(
    z.union([
      AdminMemberPlan,
      AdminMemberLoan,
      AdminMemberGoal,
      Deposit,
      Withdrawal,
      ActivityItem,
      AdminMemberSession,
      AdminSecurityEvent,
      Notification,
    ]),
  ),
  meta: ListMeta,
});
export type AdminMemberSectionResponse = z.infer<typeof AdminMemberSectionResponse>;

/** PATCH /api/admin/users/:id: suspend or reactivate, always with a reason (audited). */
export const AdminMemberStatusRequest = z.object({
  status: MemberStatus,
  reason: requiredText(MEMBER_MESSAGES.reasonRequired, 500),
});
export type AdminMemberStatusRequest = z.input<typeof AdminMemberStatusRequest>;

export const AdminMemberStatusResponse = z.object({
  message: z.string(),
  member: AdminMemberRow,
  sessions_ended: z.number().int(),
});
export type AdminMemberStatusResponse = z.infer<typeof AdminMemberStatusResponse>;

/** POST /api/admin/users/:id/reset-2fa: support removes a member's second factor (decision 231); answers as a status change does. */
export const AdminMemberTwoFactorResetRequest = z.object({
  reason: requiredText(MEMBER_MESSAGES.reasonRequired, 500),
});
export type AdminMemberTwoFactorResetRequest = z.input<typeof AdminMemberTwoFactorResetRequest>;

// ── Overview ─────────────────────────────────────────────────────────────────────────────────

export const OverviewDay = z.object({ day: z.string(), amount: z.number(), count: z.number().int() });
export type OverviewDay = z.infer<typeof OverviewDay>;

/** GET /api/admin/overview: what waits, how money moved (last 30 days), what the platform holds. */
export const AdminOverviewResponse = z.object({
  queues: z.object({
    deposits: QueueTotals,
    withdrawals: QueueTotals,
    loan_applications: QueueTotals,
  }),
  /** 30 UTC days, oldest first, each present (0 on a quiet day). */
  deposits_per_day: z.array(OverviewDay),
  withdrawals_per_day: z.array(OverviewDay),
  new_members_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Assets under management, from the members' account balances. */
  aum: z.object({
    cash: z.number(),
    invested: z.number(),
    on_loan: z.number(),
    held_for_withdrawal: z.number(),
  }),
  /** The last ledger check run (from the audit log; null before the first); the check itself is a scan. */
  ledger: z
    .object({
      ok: z.boolean(),
      problems: z.number().int(),
      checked_at: z.string(),
      by: z.string().nullable(),
    })
    .nullable(),
});
export type AdminOverviewResponse = z.infer<typeof AdminOverviewResponse>;
