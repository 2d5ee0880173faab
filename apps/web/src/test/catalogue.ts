import type { LoanPlan } from '@app/shared/schemas/loans';
import type { Plan, UserPlan } from '@app/shared/schemas/investing';

/** A plan of the public catalogue (GET /api/plans) for web tests. */
export function cataloguePlan(overrides: Partial<Plan>): Plan {
  return {
    id: 1,
    name: 'Starter',
    plan_name: 'Starter',
    category: 'personal',
    description: '',
    apy_bps: 800,
    locked_apy_bps: 800,
    apy: 8,
    locked_apy: 8,
    duration_days: null,
    min_amount: 100,
    max_amount: 50_000,
    status: 'active',
    exit_allowed: false,
    exit_penalty_bps: 0,
    exit_forfeit: 'none',
    price: 100,
    change: '+8.00%',
    duration: 'Flexible',
    expected_yield: 8,
    ...overrides,
  };
}

/**
 * A catalogue whose figures differ from the old marketing copy: the highest rate an open plan pays is
 * Trading's 21% when locked (the closed Mining plan's 30% does not count), the lowest minimum $250.
 */
export const CATALOGUE: Plan[] = [
  cataloguePlan({ id: 1, name: 'Starter', min_amount: 250, apy_bps: 700, locked_apy_bps: 700 }),
  cataloguePlan({
    id: 2,
    name: 'Growth',
    apy_bps: 1100,
    locked_apy_bps: 1250,
    duration_days: 182,
    min_amount: 5_000,
  }),
  cataloguePlan({
    id: 3,
    name: 'Prime',
    apy_bps: 1500,
    locked_apy_bps: 1600,
    duration_days: 365,
    min_amount: 100_000,
  }),
  cataloguePlan({
    id: 4,
    name: 'Automated Trading',
    category: 'trading',
    apy_bps: 2000,
    locked_apy_bps: 2100,
    duration_days: 30,
    min_amount: 1_000,
  }),
  cataloguePlan({
    id: 5,
    name: 'Mining Pool',
    category: 'mining',
    apy_bps: 3000,
    locked_apy_bps: 3000,
    status: 'inactive',
    min_amount: 50,
  }),
];

/** One of the member's plans (GET /api/pp): an active 6-month Growth plan of $5,000 unless told. */
export function memberPlan(overrides: Partial<UserPlan> = {}): UserPlan {
  return {
    id: 1,
    plan_id: 2,
    name: 'Growth',
    plan_name: 'Growth',
    category: 'personal',
    amount: 5000,
    status: 'active',
    apy_bps: 1200,
    locked_apy_bps: 1300,
    rate_bps: 1200,
    change: '+12.00%',
    duration_days: 182,
    duration: '6 months',
    flexible: false,
    starts_at: '2026-03-02T09:00:00.000Z',
    ends_at: '2026-08-31T09:00:00.000Z',
    locked_at: null,
    closed_at: null,
    next_accrual_at: '2026-03-03T00:00:00.000Z',
    accrued_days: 0,
    earned: 0,
    goal_id: null,
    at_maturity: 'cash',
    renewed_from_id: null,
    reinvest: false,
    reinvested: 0,
    compounded_apy_bps: 1275,
    projection: null,
    ...overrides,
  };
}

/** A loan plan of the catalogue (GET /api/loan-plans) for web tests: $100 to $10,000 at 12% a month. */
export const PERSONAL_LOAN_PLAN: LoanPlan = {
  id: 1,
  name: 'Personal Loan',
  description: 'Equal monthly instalments.',
  min_amount: 100,
  max_amount: 10_000,
  change: '12% monthly',
  duration: 24,
  category: 'personal',
  profit_rate: 12,
  profit_interval: 'monthly',
};
