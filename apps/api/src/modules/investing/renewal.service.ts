import { inArray } from 'drizzle-orm';
import { plans, userPlans, type AtMaturityChoice, type DbOrTx, type Tx, type UserPlanRow } from '@app/db';
import {
  INVEST_MESSAGES,
  addDays,
  firstAccrualAt,
  type AtMaturity,
  type UserPlanActionResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockBalances, postEntry, type Posting } from '../../ledger/ledger';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { findPlan } from '../plans/plans.service';
import { renewalRates } from '../plans/plan-rates';
import * as compoundingRepository from './compounding.repository';
import * as repository from './investing.repository';
import { toUserPlan } from './user-plan';

/**
 * Renewal at maturity (issue 38 item 3, decision 194): a fixed term's member chooses what its end does
 * — back to cash (the default), or a NEW position for the same term at the plan's then-current rate,
 * with the earnings paid out (they are in cash already: every day's earning is) or renewed too (moved
 * from cash into the new principal). The old position is completed; the new one names it in
 * `renewed_from_id`; the principal moves plan → plan in one ledger entry `renewal:<old id>`.
 */

/** PUT /api/pp/:id/renewal: the member's choice for the end of a running fixed term. */
export async function setRenewal(
  deps: AppDeps,
  userId: number,
  id: number,
  atMaturity: AtMaturity,
): Promise<UserPlanActionResponse> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const plan = await repository.lockUserPlan(tx, userId, id);
    if (!plan) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
    // A goal's flexible unit cannot be withdrawn on its own either: the goal's rule first.
    if (plan.endsAt === null && plan.goalId !== null)
      throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.renewalGoal);
    if (plan.endsAt === null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.renewalFlexible);
    if ((plan.status !== 'active' && plan.status !== 'locked') || plan.endsAt.getTime() <= now.getTime())
      throw new AppError('CONFLICT', INVEST_MESSAGES.renewalEnded);
    if (plan.goalId !== null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.renewalGoal);
    if (atMaturity !== 'cash') {
      const catalogue = await findPlan(tx, plan.planId);
      if (catalogue?.status !== 'active')
        throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.renewalPlanClosed);
    }
    // A changed choice is told again (the notice names what will happen); the same one is not.
    const renewalNoticeAt = atMaturity === plan.atMaturity ? plan.renewalNoticeAt : null;
    return repository.updateUserPlan(tx, plan.id, { atMaturity, renewalNoticeAt, updatedAt: now });
  });
  return { message: INVEST_MESSAGES.renewalSaved, plan: toUserPlan(row) };
}

/** What a plan of the catalogue renews at: its current name, status, limit and rates. */
export interface RenewalTerm {
  name: string;
  category: string;
  open: boolean;
  maxAmount: number;
}

/**
 * The catalogue terms of a batch of matured positions: one read of their catalogue plans. Only the
 * positions set to renew count. The rates are each renewal's own (renewMaturedPlan).
 */
export async function renewalTerms(db: DbOrTx, positionIds: number[]): Promise<Map<number, RenewalTerm>> {
  const terms = new Map<number, RenewalTerm>();
  if (positionIds.length === 0) return terms;
  const renewing = await db
    .selectDistinct({ planId: userPlans.planId, atMaturity: userPlans.atMaturity })
    .from(userPlans)
    .where(inArray(userPlans.id, positionIds));
  const planIds = [...new Set(renewing.filter((r) => r.atMaturity !== 'cash').map((r) => r.planId))];
  if (planIds.length === 0) return terms;
  const catalogue = await db.select().from(plans).where(inArray(plans.id, planIds));
  for (const plan of catalogue) {
    terms.set(plan.id, {
      name: plan.name,
      category: plan.category,
      open: plan.status === 'active',
      maxAmount: plan.maxAmount,
    });
  }
  return terms;
}

/**
 * The earnings a `renew_with_earnings` position adds to its principal: what it paid to cash (earnings
 * reinvested are in the principal already, decision 192), as far as the member's cash still holds it
 * (they may have been spent) and the plan's maximum leaves room (the principal itself always renews).
 */
async function renewedEarnings(
  tx: Tx,
  plan: UserPlanRow,
  reinvested: number,
  term: RenewalTerm,
): Promise<number> {
  const paidToCash = plan.earned - reinvested;
  if (plan.atMaturity !== 'renew_with_earnings' || paidToCash <= 0) return 0;
  const balances = await lockBalances(tx, plan.userId, ['cash', 'invested']);
  const cash = balances.get('cash') ?? 0;
  return Math.max(0, Math.min(paidToCash, cash, term.maxAmount - plan.amount));
}

/** The renewal's postings: the old position's principal out, the new one's in, the earnings from cash. */
function renewalPostings(userId: number, principal: number, earnings: number): Posting[] {
  const postings: Posting[] = [
    { account: { userId, kind: 'invested' }, amount: -principal },
    { account: { userId, kind: 'invested' }, amount: principal + earnings },
  ];
  if (earnings > 0) postings.push({ account: { userId, kind: 'cash' }, amount: -earnings });
  return postings;
}

/**
 * Renews a matured position (locked, running, term ended, last day credited) in the caller's
 * transaction: answers the new position, or null when it cannot renew (the plan is closed or gone, a
 * goal's unit, no term) and the caller returns the principal to cash as before.
 */
export async function renewMaturedPlan(
  tx: Tx,
  mailer: Mailer,
  plan: UserPlanRow,
  terms: Map<number, RenewalTerm>,
  now: Date,
): Promise<UserPlanRow | null> {
  const term = terms.get(plan.planId);
  const choice: AtMaturityChoice = plan.atMaturity;
  if (choice === 'cash' || !term?.open || plan.goalId !== null) return null;
  if (plan.endsAt === null || plan.durationDays === null) return null;
  const compounding = (await compoundingRepository.compoundingStates(tx, [plan.id])).get(plan.id);
  const earnings = await renewedEarnings(tx, plan, compounding?.reinvested ?? 0, term);
  const startsAt = plan.endsAt;
  // The rates in force at the renewal's own start, the old term's end (decision 193), whenever the job
  // gets to it: what the renewal notice announced for that date.
  const rates = await renewalRates(tx, plan.planId, startsAt);
  const renewed = await repository.insertUserPlan(tx, {
    userId: plan.userId,
    planId: plan.planId,
    name: term.name,
    category: term.category,
    apyBps: rates.apyBps,
    lockedApyBps: rates.lockedApyBps,
    durationDays: plan.durationDays,
    amount: plan.amount + earnings,
    status: 'active',
    startsAt,
    endsAt: addDays(startsAt, plan.durationDays),
    nextAccrualAt: firstAccrualAt(startsAt),
    atMaturity: choice,
    renewedFromId: plan.id,
    createdAt: now,
    updatedAt: now,
  });
  const posted = await postEntry(
    tx,
    {
      kind: 'plan_renewal',
      reference: `renewal:${plan.id}`,
      userId: plan.userId,
      metadata: { user_plan_id: renewed.id, renewed_from_id: plan.id, earnings },
      postings: renewalPostings(plan.userId, plan.amount, earnings),
    },
    startsAt,
  );
  // The old position was locked and running: its renewal cannot be in the books yet.
  if (!posted.created) throw new Error(`renewal:${plan.id} was already posted`);
  await repository.updateUserPlan(tx, plan.id, { status: 'completed', closedAt: startsAt, updatedAt: now });
  // "Reinvest earnings" carries over to the renewed term (decision 194): its first segment starts from
  // the renewed principal.
  if (compounding?.reinvest) await compoundingRepository.startSegment(tx, renewed, true, now);
  const user = await findUserById(tx, plan.userId);
  if (user) {
    await notify(
      tx,
      { mailer },
      {
        user,
        kind: 'plan_renewed',
        message: {
          key: 'plan_renewed',
          params: {
            plan: term.name,
            amount: renewed.amount,
            earned: plan.earned,
            rate_bps: rates.apyBps,
            ends: renewed.endsAt!.toISOString().slice(0, 10),
          },
        },
        reference: `plan:${plan.id}:renewed`,
        mail: true,
      },
      now,
    );
  }
  return renewed;
}
