import { z } from 'zod';
import { PLANS_PAGE_SIZE } from '../constants';
import { AT_MATURITY } from '../investing';
import { ListMeta, moneyAmount, pageField, perPageField, positiveId } from './common';

/** Messages of plans and investing: the spec's (§5, §8) where it gives one, ours otherwise. */
export const INVEST_MESSAGES = {
  invalidAmount: 'Please enter a valid amount.',
  /** Spec §5, with the plan's limits as the API gives them (dollars). */
  outOfRange: (min: number, max: number) => `Amount must be between ${min} and ${max}.`,
  success: 'Investment successful!',
  networkError: 'Network error. Please try again.',
  invalidPlan: 'Choose a plan.',
  planNotFound: 'Plan not found.',
  planInactive: 'This plan is not open for investment.',
  invalidCategory: 'Choose a category of letters, digits, - or _.',
  userPlanNotFound: 'Plan not found.',
  lockConfirm: 'Are you sure you want to lock this plan? This action cannot be undone.',
  locked: 'Plan locked.',
  lockOnlyActive: 'Only an active plan can be locked.',
  lockEnded: 'This plan has already ended.',
  lockNoEarningLeft: 'This plan has had its last day of earnings; locking it now would not change them.',
  lockFlexible: 'A flexible plan cannot be locked; you can withdraw it at any time instead.',
  withdrawn: 'Plan withdrawn. The amount is back in your balance.',
  withdrawOnlyFlexible: 'Only an active flexible plan can be withdrawn before its end.',
  exitNotAllowed: 'This plan cannot be left before its end date.',
  exitFlexible: 'A flexible plan has no term to leave; withdraw it instead.',
  exitLocked: 'This plan is locked until its end date and cannot be left early.',
  exitEnded: 'This plan has already ended.',
  exitGoal: 'This plan belongs to a savings goal and cannot be left on its own.',
  exitQuoteStale: 'This quote is no longer valid. Please get a new quote.',
  exitQuoteInvalid: 'Choose a valid quote.',
  exited: 'Plan closed early. The amount is back in your balance.',
  renewalSaved: 'Your choice for the end of this plan is saved.',
  renewalInvalid: 'Choose what happens at the end of the plan.',
  renewalFlexible: 'A flexible plan has no end date to renew at; withdraw it whenever you like.',
  renewalEnded: 'This plan has already ended.',
  renewalPlanClosed: 'This plan is no longer offered, so it cannot be renewed.',
  renewalGoal: 'This plan belongs to a savings goal and cannot be renewed on its own.',
  compoundingOn: 'Earnings will be reinvested from the next daily accrual.',
  compoundingOff: 'Earnings will be paid to your balance from the next daily accrual.',
  compoundingEnded: 'This plan has ended; its earnings can no longer be reinvested.',
  compoundingNoEarningLeft: 'This plan has had its last day of earnings; none are left to reinvest.',
  compoundingGoal: 'This plan belongs to a savings goal; its earnings cannot be reinvested.',
  compoundingInvalid: 'Choose whether to reinvest earnings (true or false).',
  loading: 'Loading your plans...',
  empty: 'No active or completed plans found.',
} as const;

export const PLAN_CATEGORIES = ['personal', 'business', 'savings', 'staking', 'trading', 'mining'] as const;

/** GET /api/plans?category= (any category name; unknown ones match nothing; empty means all). */
export const PlanListQuery = z.object({
  category: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{1,40}$/, INVEST_MESSAGES.invalidCategory)
      .optional(),
  ),
});
export type PlanListQuery = z.input<typeof PlanListQuery>;

/** A plan of the catalogue: the real fields and the spec's display fields (DESIGN §6). */
export const Plan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The plans table's name for the same thing (spec §3). */
  plan_name: z.string(),
  category: z.string(),
  description: z.string(),
  apy_bps: z.number().int(),
  locked_apy_bps: z.number().int(),
  /** Percent (8 = 8%). */
  apy: z.number(),
  locked_apy: z.number(),
  duration_days: z.number().int().nullable(),
  /** Dollars. */
  min_amount: z.number(),
  max_amount: z.number(),
  status: z.enum(['active', 'inactive']),
  /** The early-exit rule of a fixed term (decision 186): penalty in bps of the principal. */
  exit_allowed: z.boolean(),
  exit_penalty_bps: z.number().int(),
  exit_forfeit: z.enum(['none', 'current_period', 'all']),
  /** Spec display fields: price = min_amount, change "+8.00%", duration "6 months" | "Flexible". */
  price: z.number(),
  change: z.string(),
  duration: z.string(),
  /** Dollars the minimum amount earns over the term (one year when flexible). */
  expected_yield: z.number(),
});
export type Plan = z.infer<typeof Plan>;

/** How many points GET /api/plans/:id/rates gives at most: the latest ones (decision 193). */
export const PLAN_RATE_HISTORY_LIMIT = 60;

/** The :id of GET /api/plans/:id/rates. */
export const PlanIdParams = z.object({ id: positiveId() });

/**
 * One point of a plan's public rate history (decision 193): the rates new investments got from
 * `date` on; `renewals_from` is when renewals get them (null for the plan's creation rates).
 */
export const PlanRatePoint = z.object({
  date: z.string(),
  apy_bps: z.number().int(),
  locked_apy_bps: z.number().int(),
  renewals_from: z.string().nullable(),
});
export type PlanRatePoint = z.infer<typeof PlanRatePoint>;
/** Oldest first: the creation rates, then each change (the latest PLAN_RATE_HISTORY_LIMIT). */
export const PlanRateHistory = z.array(PlanRatePoint).max(PLAN_RATE_HISTORY_LIMIT);
export type PlanRateHistory = z.infer<typeof PlanRateHistory>;

export const PlanListResponse = z.array(Plan);
export type PlanListResponse = z.infer<typeof PlanListResponse>;

/** POST /api/invest. Output: amount in integer cents. */
export const InvestRequest = z.object({
  plan_id: positiveId(INVEST_MESSAGES.invalidPlan),
  amount: moneyAmount({ invalid: INVEST_MESSAGES.invalidAmount }),
});
export type InvestRequest = z.input<typeof InvestRequest>;

export const UserPlanStatus = z.enum(['active', 'locked', 'completed', 'cancelled']);
export type UserPlanStatus = z.infer<typeof UserPlanStatus>;

export const AtMaturity = z.enum(AT_MATURITY, { error: INVEST_MESSAGES.renewalInvalid });
export type AtMaturity = z.infer<typeof AtMaturity>;

/** PUT /api/pp/:id/renewal. */
export const RenewalRequest = z.object({ at_maturity: AtMaturity });
export type RenewalRequest = z.input<typeof RenewalRequest>;
/** A position's compounding fields (decision 192). Dollars; rates in basis points. */
export const UserPlanCompounding = z.object({
  /** "Reinvest earnings": each day's earning is added to the principal (off by default). */
  reinvest: z.boolean(),
  /** Earnings reinvested into the principal so far (dollars). */
  reinvested: z.number(),
  /** The APY of the position's rate compounded daily: (1 + rate/365)^365 − 1, half-even to the bp. */
  compounded_apy_bps: z.number().int(),
  /**
   * The principal now projected over the days still to come (to maturity; a year when flexible), with
   * earnings paid out (principal + simple earnings) and reinvested (compounded daily). Null once closed.
   */
  projection: z
    .object({
      days: z.number().int(),
      at_maturity: z.boolean(),
      paid_out: z.number(),
      reinvested: z.number(),
    })
    .nullable(),
});
export type UserPlanCompounding = z.infer<typeof UserPlanCompounding>;

/** A member's investment (/api/pp). Amounts in dollars, rates in basis points and percent. */
export const UserPlan = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  name: z.string(),
  plan_name: z.string(),
  category: z.string(),
  amount: z.number(),
  status: UserPlanStatus,
  apy_bps: z.number().int(),
  locked_apy_bps: z.number().int(),
  /** The rate of the next accrual: the locked rate once locked. */
  rate_bps: z.number().int(),
  change: z.string(),
  duration_days: z.number().int().nullable(),
  duration: z.string(),
  flexible: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  locked_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** The next 00:00 UTC at which a day's earning is credited; null when it earns no more. */
  next_accrual_at: z.string().nullable(),
  accrued_days: z.number().int(),
  /** Earnings credited so far (dollars). */
  earned: z.number(),
  /** The savings goal this plan is a unit of (GET /api/goals has its name and totals); null otherwise. */
  goal_id: z.number().int().nullable(),
  /** The member's choice for the end of the term (decision 194); always `cash` for a flexible plan. */
  at_maturity: AtMaturity,
  /** The position this one renews; null for one the member opened. */
  renewed_from_id: z.number().int().nullable(),
  ...UserPlanCompounding.shape,
});
export type UserPlan = z.infer<typeof UserPlan>;

/** PUT /api/pp/:id/compounding (decision 192). */
export const CompoundingRequest = z.object({
  reinvest: z.boolean({ error: INVEST_MESSAGES.compoundingInvalid }),
});
export type CompoundingRequest = z.input<typeof CompoundingRequest>;

export const UserPlanEarning = z.object({
  /** The UTC date whose 00:00 credited it (YYYY-MM-DD). */
  date: z.string(),
  rate_bps: z.number().int(),
  amount: z.number(),
  /** What the plan earned up to and including that day (earlier days too, listed or not). */
  cumulative: z.number(),
});
export type UserPlanEarning = z.infer<typeof UserPlanEarning>;

/** GET /api/pp/:id: the plan with its latest EARNINGS_CHART_DAYS earning days, newest first. */
export const UserPlanDetail = UserPlan.extend({ earnings: z.array(UserPlanEarning) });
export type UserPlanDetail = z.infer<typeof UserPlanDetail>;

export const UserPlanListQuery = z.object({
  page: pageField(),
  per_page: perPageField().default(PLANS_PAGE_SIZE),
});
export type UserPlanListQuery = z.input<typeof UserPlanListQuery>;

export const UserPlanListResponse = z.object({ data: z.array(UserPlan), meta: ListMeta });
export type UserPlanListResponse = z.infer<typeof UserPlanListResponse>;

export const InvestResponse = z.object({ message: z.string(), plan: UserPlan });
export type InvestResponse = z.infer<typeof InvestResponse>;

export const UserPlanActionResponse = z.object({ message: z.string(), plan: UserPlan });
export type UserPlanActionResponse = z.infer<typeof UserPlanActionResponse>;

/** GET /api/pp/:id/exit-quote (decision 186). Dollars. */
export const ExitQuote = z.object({
  id: z.string().uuid(),
  user_plan_id: z.number().int(),
  principal: z.number(),
  earned: z.number(),
  forfeited: z.number(),
  penalty: z.number(),
  /** Credited to the balance by the exit. */
  returned: z.number(),
  /** Earnings kept (already in the balance). */
  kept_earnings: z.number(),
  /** returned + kept_earnings: what the plan gives in all when left today. */
  total: z.number(),
  /** What it would give in all if held to the end (at its current rate). */
  maturity_total: z.number(),
  ends_at: z.string(),
  expires_at: z.string(),
});
export type ExitQuote = z.infer<typeof ExitQuote>;

/** POST /api/pp/:id/exit. */
export const ExitRequest = z.object({
  quote_id: z.string({ message: INVEST_MESSAGES.exitQuoteInvalid }).uuid(INVEST_MESSAGES.exitQuoteInvalid),
});
export type ExitRequest = z.input<typeof ExitRequest>;
