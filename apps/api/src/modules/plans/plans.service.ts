import type { DbOrTx, PlanRow } from '@app/db';
import {
  bpsToPercent,
  centsToMajor,
  expectedYieldCents,
  formatDuration,
  formatRate,
  type Plan,
} from '@app/shared';
import * as repository from './plans.repository';

/** A plan as the API gives it: the real fields and the spec's display fields (DESIGN §6). */
export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    plan_name: row.name,
    category: row.category,
    description: row.description,
    apy_bps: row.apyBps,
    locked_apy_bps: row.lockedApyBps,
    apy: bpsToPercent(row.apyBps),
    locked_apy: bpsToPercent(row.lockedApyBps),
    duration_days: row.durationDays,
    min_amount: centsToMajor(row.minAmount),
    max_amount: centsToMajor(row.maxAmount),
    status: row.status,
    exit_allowed: row.durationDays !== null && row.exitAllowed,
    exit_penalty_bps: row.exitPenaltyBps,
    exit_forfeit: row.exitForfeit,
    price: centsToMajor(row.minAmount),
    change: formatRate(row.apyBps),
    duration: formatDuration(row.durationDays),
    expected_yield: centsToMajor(expectedYieldCents(row.minAmount, row.apyBps, row.durationDays)),
  };
}

export async function listPlans(db: DbOrTx, category?: string): Promise<Plan[]> {
  return (await repository.listPlans(db, category)).map(toPlan);
}

/** The plan row (for investing), or null. */
export function findPlan(db: DbOrTx, id: number): Promise<PlanRow | null> {
  return repository.findPlan(db, id);
}

export interface NewPlanInput {
  name: string;
  category: string;
  description?: string;
  apyBps: number;
  /** Defaults to the plan's rate. */
  lockedApyBps?: number;
  durationDays: number | null;
  minAmountCents: number;
  maxAmountCents: number;
  status?: 'active' | 'inactive';
  sortOrder?: number;
  /** The early-exit rule (decision 186); not allowed by default. */
  exit?: { penaltyBps: number; forfeit: 'none' | 'current_period' | 'all' };
}

/** Adds a plan to the catalogue (seed, test factory; the admin's CRUD later). */
export function createPlan(db: DbOrTx, input: NewPlanInput, now: Date): Promise<PlanRow> {
  return repository.insertPlan(db, {
    name: input.name,
    category: input.category,
    description: input.description ?? '',
    apyBps: input.apyBps,
    lockedApyBps: input.lockedApyBps ?? input.apyBps,
    durationDays: input.durationDays,
    minAmount: input.minAmountCents,
    maxAmount: input.maxAmountCents,
    status: input.status ?? 'active',
    sortOrder: input.sortOrder ?? 0,
    exitAllowed: input.exit !== undefined,
    exitPenaltyBps: input.exit?.penaltyBps ?? 0,
    exitForfeit: input.exit?.forfeit ?? 'none',
    createdAt: now,
    updatedAt: now,
  });
}

const dollars = (major: number) => major * 100;

/**
 * The starting catalogue: the spec's sample tiers (Starter, Growth, Prime) and plans in the other
 * categories of DESIGN §6, one of them inactive (docs/decisions/070-plan-catalogue.md).
 */
export const PLAN_CATALOGUE: NewPlanInput[] = [
  {
    name: 'Starter',
    category: 'personal',
    description: 'Start with as little as $100 and withdraw whenever you like.',
    apyBps: 800,
    durationDays: null,
    minAmountCents: dollars(100),
    maxAmountCents: dollars(50_000),
  },
  {
    name: 'Growth',
    category: 'personal',
    description: 'A six-month term at a higher rate; lock it for more.',
    apyBps: 1200,
    lockedApyBps: 1300,
    durationDays: 182,
    minAmountCents: dollars(5_000),
    maxAmountCents: dollars(250_000),
    // May be left early for 1.5% of the principal and the current 30-day period's earnings (decision 186).
    exit: { penaltyBps: 150, forfeit: 'current_period' },
  },
  {
    name: 'Prime',
    category: 'personal',
    description: 'The premium tier for investors with $100k+: up to 18% APR when locked.',
    apyBps: 1600,
    lockedApyBps: 1800,
    durationDays: 365,
    minAmountCents: dollars(100_000),
    maxAmountCents: dollars(5_000_000),
  },
  {
    name: 'Business Reserve',
    category: 'business',
    description: 'A three-month home for a company’s cash reserve.',
    apyBps: 1000,
    lockedApyBps: 1100,
    durationDays: 90,
    minAmountCents: dollars(1_000),
    maxAmountCents: dollars(1_000_000),
  },
  {
    name: 'Business Growth',
    category: 'business',
    description: 'Twelve months for a company’s long-term funds.',
    apyBps: 1400,
    lockedApyBps: 1550,
    durationDays: 365,
    minAmountCents: dollars(25_000),
    maxAmountCents: dollars(2_000_000),
  },
  {
    name: 'Fixed Savings 7',
    category: 'savings',
    description: 'A one-week fixed term.',
    apyBps: 500,
    lockedApyBps: 550,
    durationDays: 7,
    minAmountCents: dollars(100),
    maxAmountCents: dollars(100_000),
  },
  {
    name: 'Locked Staking 90',
    category: 'staking',
    description: 'Staking rewards over 90 days.',
    apyBps: 1500,
    lockedApyBps: 1800,
    durationDays: 90,
    minAmountCents: dollars(500),
    maxAmountCents: dollars(500_000),
  },
  {
    name: 'Automated Trading',
    category: 'trading',
    description: 'A managed trading strategy over 30 days.',
    apyBps: 2000,
    lockedApyBps: 2200,
    durationDays: 30,
    minAmountCents: dollars(1_000),
    maxAmountCents: dollars(200_000),
  },
  {
    name: 'Mining Pool',
    category: 'mining',
    description: 'Closed to new investments.',
    apyBps: 1800,
    lockedApyBps: 2000,
    durationDays: 365,
    minAmountCents: dollars(2_000),
    maxAmountCents: dollars(100_000),
    status: 'inactive',
  },
];

/** Seeds the catalogue on a database without plans; answers how many plans were added. */
export async function seedPlanCatalogue(db: DbOrTx, now: Date): Promise<number> {
  if ((await repository.countPlans(db)) > 0) return 0;
  let order = 0;
  for (const plan of PLAN_CATALOGUE) {
    order += 10;
    await createPlan(db, { ...plan, sortOrder: plan.sortOrder ?? order }, now);
  }
  return PLAN_CATALOGUE.length;
}
