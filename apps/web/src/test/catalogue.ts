import type { Plan } from '@app/shared/schemas/investing';

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
