import { centsToMajor, formatMoney, planYieldLabel, type AssistantLanguage } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { accountFigures } from '../../ledger/ledger';
import { getSettings } from '../settings/settings.service';
import * as repository from './assistant.repository';
import type { Period } from './assistant.intents';

/**
 * The assistant's read-only data functions (decision 115). Each takes the member id the route read
 * from the session, never one from the question or a model's tool call, and answers figures the
 * ledger computed: amounts in dollars as JSON numbers and as the text the answer shows. The built-in
 * answers and the external model's tools both use these and nothing else.
 */

export interface DataContext {
  db: DbOrTx;
  /** The signed-in member (from the session only). */
  userId: number;
  now: Date;
}

const money = (cents: number) => formatMoney(centsToMajor(cents));

/** At most this many plans or loans are read for one answer. */
export const LIST_LIMIT = 10;

export async function getBalance(ctx: DataContext) {
  const figures = await accountFigures(ctx.db, ctx.userId);
  return {
    balance: centsToMajor(figures.balance),
    balance_text: money(figures.balance),
    invested: centsToMajor(figures.invested),
    invested_text: money(figures.invested),
    held_for_withdrawals: centsToMajor(figures.held),
    held_for_withdrawals_text: money(figures.held),
  };
}

export async function getEarnings(ctx: DataContext, period: Period | null) {
  if (!period) {
    const figures = await accountFigures(ctx.db, ctx.userId);
    return {
      period: 'all time',
      from: null,
      to: null,
      earned: centsToMajor(figures.totalEarnings),
      earned_text: money(figures.totalEarnings),
    };
  }
  const earned = await repository.earningsBetween(ctx.db, ctx.userId, period.from, period.to);
  return {
    period: 'between',
    from: period.from,
    to: period.to,
    earned: centsToMajor(earned),
    earned_text: money(earned),
  };
}

export async function getDeposits(ctx: DataContext) {
  const [figures, latest] = await Promise.all([
    accountFigures(ctx.db, ctx.userId),
    repository.latestDeposit(ctx.db, ctx.userId),
  ]);
  return {
    confirmed_total: centsToMajor(figures.totalDeposit),
    confirmed_total_text: money(figures.totalDeposit),
    confirmed_count: figures.depositCount,
    latest: latest
      ? {
          amount: centsToMajor(latest.amount),
          amount_text: money(latest.amount),
          method: latest.method,
          status: latest.status,
          date: latest.date,
        }
      : null,
  };
}

export async function getWithdrawals(ctx: DataContext) {
  const [figures, latest] = await Promise.all([
    accountFigures(ctx.db, ctx.userId),
    repository.latestWithdrawal(ctx.db, ctx.userId),
  ]);
  return {
    paid_total: centsToMajor(figures.withdrawn),
    paid_total_text: money(figures.withdrawn),
    paid_count: figures.withdrawnCount,
    held_for_review: centsToMajor(figures.held),
    held_for_review_text: money(figures.held),
    latest: latest
      ? {
          amount: centsToMajor(latest.amount),
          amount_text: money(latest.amount),
          method: latest.method,
          status: latest.status,
          date: latest.date,
        }
      : null,
  };
}

export async function getPlans(ctx: DataContext) {
  const plans = await repository.runningPlans(ctx.db, ctx.userId, LIST_LIMIT);
  return {
    plans: plans.map((plan) => ({
      name: plan.name,
      status: plan.status,
      amount: centsToMajor(plan.amount),
      amount_text: money(plan.amount),
      yearly_rate_percent: plan.rateBps / 100,
      yearly_rate_text: planYieldLabel(plan.rateBps, 'en'),
      earned: centsToMajor(plan.earned),
      earned_text: money(plan.earned),
      starts_on: plan.startsOn,
      ends_on: plan.endsOn,
    })),
  };
}

export async function getLoans(ctx: DataContext) {
  const loans = await repository.activeLoans(ctx.db, ctx.userId, LIST_LIMIT);
  return {
    loans: loans.map((loan) => ({
      plan: loan.planName,
      principal: centsToMajor(loan.principal),
      principal_text: money(loan.principal),
      outstanding_principal: centsToMajor(loan.outstanding),
      outstanding_principal_text: money(loan.outstanding),
      next_due_date: loan.nextDueDate,
      next_due_amount: loan.nextDueDate ? centsToMajor(loan.nextDueAmount) : null,
      next_due_amount_text: loan.nextDueDate ? money(loan.nextDueAmount) : null,
    })),
  };
}

export async function getLoyaltyPoints(ctx: DataContext) {
  const [points, settings] = await Promise.all([
    repository.loyaltyPoints(ctx.db, ctx.userId),
    getSettings(ctx.db),
  ]);
  const worthCents = Math.floor((points * 100) / settings.points_per_dollar);
  return {
    loyalty_points: points,
    worth: centsToMajor(worthCents),
    worth_text: money(worthCents),
    points_per_dollar: settings.points_per_dollar,
  };
}

export type PlanCatalogue =
  | { open_plans: 0 }
  | {
      open_plans: number;
      lowest_minimum: number;
      lowest_minimum_text: string;
      lowest_minimum_plan: string;
      lowest_yearly_rate_percent: number;
      lowest_yearly_rate_text: string;
      highest_yearly_rate_percent: number;
      highest_yearly_rate_text: string;
    };

/** The open investment plans' lowest minimum and their range of yearly rates (APR), from the catalogue. */
export async function getPlanCatalogue(ctx: DataContext): Promise<PlanCatalogue> {
  const catalogue = await repository.planCatalogue(ctx.db);
  if (!catalogue) return { open_plans: 0 };
  return {
    open_plans: catalogue.count,
    lowest_minimum: centsToMajor(catalogue.lowestMinimum),
    lowest_minimum_text: money(catalogue.lowestMinimum),
    lowest_minimum_plan: catalogue.lowestMinimumPlan,
    lowest_yearly_rate_percent: catalogue.lowestRateBps / 100,
    lowest_yearly_rate_text: planYieldLabel(catalogue.lowestRateBps, 'en'),
    highest_yearly_rate_percent: catalogue.highestRateBps / 100,
    highest_yearly_rate_text: planYieldLabel(catalogue.highestRateBps, 'en'),
  };
}

/**
 * The help center's answers to `query`: in the member's `language` first (its own full-text
 * configuration), else in English, with `language` saying which one answered (decision 164).
 */
export async function searchHelpCenter(ctx: DataContext, query: string, language: AssistantLanguage = 'en') {
  let answeredIn: AssistantLanguage = language;
  let hits = await repository.searchHelp(ctx.db, query, 3, language);
  if (hits.length === 0 && language !== 'en') {
    answeredIn = 'en';
    hits = await repository.searchHelp(ctx.db, query, 3, 'en');
  }
  return {
    language: answeredIn,
    results: hits.map((hit) => ({ kind: hit.kind, title: hit.title, text: hit.text })),
  };
}
