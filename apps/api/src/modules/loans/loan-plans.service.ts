import type { DbOrTx, LoanPlanRow } from '@app/db';
import { centsToMajor, loanRatePercent, parseLoanChange, type LoanPlan } from '@app/shared';
import * as repository from './loans.repository';

/** Loan plans (DESIGN §6 "Loans", decision 082): the catalogue members apply to. */

export function toLoanPlan(row: LoanPlanRow): LoanPlan {
  const rate = parseLoanChange(row.change);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    min_amount: centsToMajor(row.minAmount),
    max_amount: centsToMajor(row.maxAmount),
    change: row.change,
    duration: row.duration,
    category: row.category,
    profit_rate: rate ? loanRatePercent(rate.rateBps) : null,
    profit_interval: rate?.interval ?? null,
  };
}

export async function listLoanPlans(db: DbOrTx): Promise<LoanPlan[]> {
  return (await repository.listActivePlans(db)).map(toLoanPlan);
}

export interface NewLoanPlanInput {
  name: string;
  description: string;
  category: string;
  change: string;
  duration: number | null;
  minAmountCents: number;
  maxAmountCents: number;
  status?: 'active' | 'inactive';
  sortOrder?: number;
}

export function createLoanPlan(db: DbOrTx, input: NewLoanPlanInput, now: Date): Promise<LoanPlanRow> {
  return repository.insertPlan(db, {
    name: input.name,
    description: input.description,
    category: input.category,
    change: input.change,
    duration: input.duration,
    minAmount: input.minAmountCents,
    maxAmount: input.maxAmountCents,
    status: input.status ?? 'active',
    sortOrder: input.sortOrder ?? 0,
    createdAt: now,
    updatedAt: now,
  });
}

const dollars = (major: number) => major * 100;

/** The starting catalogue (docs/decisions/082-loan-plans-and-early-repayment.md). */
export const LOAN_PLAN_CATALOGUE: NewLoanPlanInput[] = [
  {
    name: 'Personal Loan',
    description: 'Borrow for life’s plans and repay in equal monthly instalments.',
    category: 'personal',
    change: '12% monthly',
    duration: 24,
    minAmountCents: dollars(100),
    maxAmountCents: dollars(10_000),
  },
  {
    name: 'Quick Cash',
    description: 'A short loan repaid day by day.',
    category: 'personal',
    change: '0.5% daily',
    duration: 90,
    minAmountCents: dollars(50),
    maxAmountCents: dollars(2_000),
  },
  {
    name: 'Business Working Capital',
    description: 'Weekly repayments that follow your company’s cash flow.',
    category: 'business',
    change: '5% weekly',
    duration: null,
    minAmountCents: dollars(1_000),
    maxAmountCents: dollars(100_000),
  },
  {
    name: 'Business Expansion',
    description: 'Larger sums over a longer term, repaid monthly.',
    category: 'business',
    change: '9% monthly',
    duration: null,
    minAmountCents: dollars(5_000),
    maxAmountCents: dollars(500_000),
  },
];

/** Seeds the loan catalogue on a database without loan plans; answers how many were added. */
export async function seedLoanPlanCatalogue(db: DbOrTx, now: Date): Promise<number> {
  if ((await repository.countPlans(db)) > 0) return 0;
  let order = 0;
  for (const plan of LOAN_PLAN_CATALOGUE) {
    order += 10;
    await createLoanPlan(db, { ...plan, sortOrder: plan.sortOrder ?? order }, now);
  }
  return LOAN_PLAN_CATALOGUE.length;
}

/** One plan, active or not. */
export function findLoanPlan(db: DbOrTx, id: number): Promise<LoanPlanRow | null> {
  return repository.findPlan(db, id);
}

/** The plans of these ids (the back office's queue page). */
export function loanPlansByIds(db: DbOrTx, ids: number[]): Promise<LoanPlanRow[]> {
  return repository.plansByIds(db, ids);
}
