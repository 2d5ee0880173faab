import { randomUUID } from 'node:crypto';
import type { PlanRow, PlatformAccountKind, Tx, UserPlanRow } from '@app/db';
import {
  EXIT_QUOTE_TTL_SECONDS,
  EXIT_FEE_ENTRY_KIND,
  FORFEIT_ENTRY_KIND,
  INVEST_MESSAGES,
  centsToMajor,
  exitFigures,
  exitPeriodStart,
  firstAccrualAt,
  maturityTotal,
  type ExitFigures,
  type ExitQuote,
  type UserPlanActionResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { lockBalances, postEntry, type NewEntry } from '../../ledger/ledger';
import { findPlan } from '../plans/plans.service';
import type { CompoundingRow } from './compounding.repository';
import { compoundingStates } from './compounding.service';
import * as exitRepository from './exit.repository';
import * as repository from './investing.repository';
import { creditDueDays } from './accrual.service';
import { toUserPlans } from './user-plan';

/**
 * Early exit from a fixed term (decision 186): a quote of what the member gets today, valid for
 * EXIT_QUOTE_TTL_SECONDS, and the exit that executes exactly that quote.
 */

const stale = () => new AppError('CONFLICT', INVEST_MESSAGES.exitQuoteStale);

/** The member's plan, locked, if it can be left early now; answers it with its catalogue plan. */
async function exitablePlan(
  tx: Tx,
  userId: number,
  id: number,
  now: Date,
): Promise<{ plan: UserPlanRow; catalogue: PlanRow; endsAt: Date }> {
  const plan = await repository.lockUserPlan(tx, userId, id);
  if (!plan) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
  if (plan.endsAt === null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.exitFlexible);
  if (plan.status === 'locked')
    throw new AppError('CONFLICT', INVEST_MESSAGES.exitLocked, {
      locked_until: [plan.endsAt.toISOString()],
    });
  if (plan.status !== 'active' || plan.endsAt.getTime() <= now.getTime())
    throw new AppError('CONFLICT', INVEST_MESSAGES.exitEnded);
  if (plan.goalId !== null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.exitGoal);
  const catalogue = await findPlan(tx, plan.planId);
  if (!catalogue?.exitAllowed) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.exitNotAllowed);
  return { plan, catalogue, endsAt: plan.endsAt };
}

/** Credits the days due, then computes today's figures from the books. */
async function freshFigures(
  tx: Tx,
  locked: UserPlanRow,
  catalogue: PlanRow,
  now: Date,
): Promise<{ plan: UserPlanRow; figures: ExitFigures; compounding: CompoundingRow | null }> {
  const plan = await creditDueDays(tx, locked, now);
  const from = firstAccrualAt(exitPeriodStart(plan.startsAt, now)).toISOString().slice(0, 10);
  const earnedThisPeriod = await exitRepository.earnedSince(tx, plan.id, from);
  // A reinvesting position's earnings are partly inside its principal (decision 192).
  const compounding = (await compoundingStates(tx, [plan.id])).get(plan.id) ?? null;
  const figures = exitFigures(
    {
      principal: plan.amount,
      earned: plan.earned,
      earnedThisPeriod,
      reinvested: compounding?.reinvested ?? 0,
    },
    { penaltyBps: catalogue.exitPenaltyBps, forfeit: catalogue.exitForfeit },
  );
  return { plan, figures, compounding };
}

/** GET /api/pp/:id/exit-quote: what leaving today gives, and what holding to the end would. */
export async function exitQuote(deps: AppDeps, userId: number, id: number): Promise<ExitQuote> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const { plan: locked, catalogue, endsAt } = await exitablePlan(tx, userId, id, now);
    const { plan, figures, compounding } = await freshFigures(tx, locked, catalogue, now);
    await exitRepository.expireLiveQuotes(tx, plan.id, now);
    const quote = await exitRepository.insertQuote(tx, {
      id: randomUUID(),
      userPlanId: plan.id,
      userId,
      principal: figures.principal,
      earned: figures.earned,
      forfeited: figures.forfeited,
      penalty: figures.penalty,
      returned: figures.returned,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXIT_QUOTE_TTL_SECONDS * 1000),
    });
    return {
      id: quote.id,
      user_plan_id: plan.id,
      principal: centsToMajor(figures.principal),
      earned: centsToMajor(figures.earned),
      forfeited: centsToMajor(figures.forfeited),
      penalty: centsToMajor(figures.penalty),
      returned: centsToMajor(figures.returned),
      kept_earnings: centsToMajor(figures.kept),
      total: centsToMajor(figures.total),
      maturity_total: centsToMajor(maturityTotal({ ...plan, endsAt }, plan.apyBps, compounding)),
      ends_at: endsAt.toISOString(),
      expires_at: quote.expiresAt.toISOString(),
    };
  });
}

/** The platform accounts some entries move (the income of a penalty, the expense of a forfeit). */
function platformAccountsOf(entries: NewEntry[]): PlatformAccountKind[] {
  return entries.flatMap((entry) =>
    entry.postings.flatMap(({ account }) => ('platform' in account ? [account.platform] : [])),
  );
}

/**
 * What an exit writes (decision 186, amended 2026-12-03), each its own entry so Activity shows each
 * as a row: the principal back to cash in full (`plan_exit`), then the penalty to the platform's
 * income (`plan_exit_fee`), then the forfeited earnings back to the yield expense (`earning_forfeit`),
 * whose running total nets them out of "Total Earnings". The later two leave cash, which the first
 * has just credited with more than both (they are capped at the principal), so it never dips.
 */
export function exitEntries(
  userId: number,
  userPlanId: number,
  quoteId: string,
  figures: ExitFigures,
): NewEntry[] {
  const metadata = { user_plan_id: userPlanId, quote_id: quoteId };
  const cash = { userId, kind: 'cash' as const };
  const entries: NewEntry[] = [
    {
      kind: 'plan_exit',
      reference: `plan_exit:${quoteId}`,
      userId,
      metadata: { ...metadata, penalty: figures.penalty, forfeited: figures.forfeited },
      postings: [
        { account: { userId, kind: 'invested' }, amount: -figures.principal },
        { account: cash, amount: figures.principal },
      ],
    },
  ];
  /** An amount leaving the member's cash for a platform account, as an entry of its own kind. */
  const toPlatform = (kind: string, platform: PlatformAccountKind, amount: number): NewEntry => ({
    kind,
    reference: `${kind}:${quoteId}`,
    userId,
    metadata,
    postings: [
      { account: cash, amount: -amount },
      { account: { platform }, amount },
    ],
  });
  if (figures.penalty > 0) entries.push(toPlatform(EXIT_FEE_ENTRY_KIND, 'interest_income', figures.penalty));
  if (figures.forfeited > 0) entries.push(toPlatform(FORFEIT_ENTRY_KIND, 'yield_expense', figures.forfeited));
  return entries;
}

/**
 * POST /api/pp/:id/exit: executes the plan's latest quote if it is unused, unexpired and still what a
 * fresh computation gives (409 otherwise, nothing moved); the quote id is the ledger reference.
 */
export async function exitUserPlan(
  deps: AppDeps,
  userId: number,
  id: number,
  quoteId: string,
): Promise<UserPlanActionResponse> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const { plan: locked, catalogue } = await exitablePlan(tx, userId, id, now);
    const quote = await exitRepository.findQuote(tx, userId, locked.id, quoteId);
    if (!quote || quote.usedAt !== null) throw stale();
    if (quote.expiresAt.getTime() <= now.getTime()) throw stale();
    const { plan, figures } = await freshFigures(tx, locked, catalogue, now);
    const quoted = [quote.principal, quote.earned, quote.forfeited, quote.penalty, quote.returned];
    const fresh = [figures.principal, figures.earned, figures.forfeited, figures.penalty, figures.returned];
    if (quoted.some((value, index) => value !== fresh[index])) throw stale();
    // The platform accounts the entries move, locked together in decision 222's order before the first
    // entry: one at a time, entry by entry, two exits (one holding the yield expense from the days it
    // just credited) could each wait for the other's.
    const entries = exitEntries(userId, plan.id, quote.id, figures);
    await lockBalances(tx, userId, ['cash', 'invested'], platformAccountsOf(entries));
    for (const entry of entries) {
      if (!(await postEntry(tx, entry, now)).created) throw stale();
    }
    await exitRepository.markUsed(tx, quote.id, now);
    return repository.updateUserPlan(tx, plan.id, { status: 'completed', closedAt: now, updatedAt: now });
  });
  return { message: INVEST_MESSAGES.exited, plan: (await toUserPlans(deps.database.db, [row]))[0]! };
}
