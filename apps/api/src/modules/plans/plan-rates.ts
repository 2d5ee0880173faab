import type { DbOrTx, PlanRow } from '@app/db';
import { INVEST_MESSAGES, PLAN_RATE_HISTORY_LIMIT, type PlanRateHistory } from '@app/shared';
import { AppError } from '../../errors';
import { notifyEach } from '../notifications/notifications.service';
import { getSettings } from '../settings/settings.service';
import * as repository from './plan-rates.repository';
import { findPlan } from './plans.service';

/**
 * Rates announced before they change (issue 38 item 4, decision 193). A change of a plan's rates in
 * the back office reaches new investments at once (they read the plan's row) and renewals only from
 * `renewals_from` = the change + the setting `rate_notice_days`; members holding the plan are told.
 */

const DAY_MS = 86_400_000;

/** Days between a rate change and the first renewal that gets it (setting `rate_notice_days`). */
export async function rateNoticeDays(db: DbOrTx): Promise<number> {
  return (await getSettings(db)).rate_notice_days;
}

/**
 * The rates a renewal of the plan starting at `at` gets (the rule: `renewalRatesAt`); 404 for a plan
 * that does not exist.
 */
export async function renewalRates(
  db: DbOrTx,
  planId: number,
  at: Date,
): Promise<{ apyBps: number; lockedApyBps: number }> {
  const [rates] = await repository.renewalRatesAt(db, [{ planId, at }]);
  if (!rates) throw AppError.notFound(INVEST_MESSAGES.planNotFound);
  return { apyBps: rates.apyBps, lockedApyBps: rates.lockedApyBps };
}

/** The rates of many renewals, each (plan, start) in one statement: a batch's, by plan and instant. */
export async function renewalRatesMany(
  db: DbOrTx,
  pairs: readonly { planId: number; at: Date }[],
): Promise<Map<string, { apyBps: number; lockedApyBps: number }>> {
  const rates = await repository.renewalRatesAt(db, pairs);
  return new Map(rates.map((row) => [`${row.planId}:${row.at.getTime()}`, row]));
}

export interface RecordedRateChange {
  id: number;
  renewalsFrom: Date;
  /** Members notified (one notification each, however many positions they hold). */
  notified: number;
}

/**
 * Records a plan's rate change in the caller's transaction (the one that wrote the plan's row), when a
 * rate changed: the change row, then one notification to each member holding the plan. renewals_from
 * never comes before the previous change's, so changes take effect for renewals in the order they were
 * made even after the notice setting was shortened (decision 193).
 */
export async function recordRateChange(
  tx: DbOrTx,
  change: { before: PlanRow; after: PlanRow; changedBy: number | null; now: Date },
): Promise<RecordedRateChange | null> {
  const { before, after, now } = change;
  if (before.apyBps === after.apyBps && before.lockedApyBps === after.lockedApyBps) return null;
  const noticed = new Date(now.getTime() + (await rateNoticeDays(tx)) * DAY_MS);
  const previous = await repository.lastChange(tx, after.id);
  const renewalsFrom =
    previous && previous.renewalsFrom.getTime() > noticed.getTime() ? previous.renewalsFrom : noticed;
  const row = await repository.insertChange(tx, {
    planId: after.id,
    apyBpsBefore: before.apyBps,
    apyBpsAfter: after.apyBps,
    lockedApyBpsBefore: before.lockedApyBps,
    lockedApyBpsAfter: after.lockedApyBps,
    changedAt: now,
    renewalsFrom,
    changedBy: change.changedBy,
  });
  const notified = await notifyEach(
    tx,
    repository.holdersOf(after.id),
    {
      kind: 'plan_rate_changed',
      message: {
        key: 'plan_rate_changed',
        params: {
          plan: after.name,
          apy_before: before.apyBps,
          apy_after: after.apyBps,
          locked_before: before.lockedApyBps,
          locked_after: after.lockedApyBps,
          changed_on: now.toISOString().slice(0, 10),
          renewals_from: renewalsFrom.toISOString().slice(0, 10),
        },
      },
      referencePrefix: `plan_rate:${row.id}:`,
    },
    now,
  );
  return { id: row.id, renewalsFrom, notified: notified.length };
}

/**
 * A plan's public rate history (GET /api/plans/:id/rates), oldest first: the rates it was created
 * with, then each change's new rates on the day it was made, the latest PLAN_RATE_HISTORY_LIMIT
 * points. 404 for a plan that does not exist.
 */
export async function planRateHistory(db: DbOrTx, planId: number): Promise<PlanRateHistory> {
  const plan = await findPlan(db, planId);
  if (!plan) throw AppError.notFound(INVEST_MESSAGES.planNotFound);
  const changes = (await repository.latestChanges(db, planId, PLAN_RATE_HISTORY_LIMIT)).reverse();
  const points: PlanRateHistory = changes.map((row) => ({
    date: row.changedAt.toISOString(),
    apy_bps: row.apyBpsAfter,
    locked_apy_bps: row.lockedApyBpsAfter,
    renewals_from: row.renewalsFrom.toISOString(),
  }));
  const first = changes[0];
  // The creation rates: the plan's own without a change, else those the first change replaced.
  if (points.length < PLAN_RATE_HISTORY_LIMIT)
    points.unshift({
      date: plan.createdAt.toISOString(),
      apy_bps: first ? first.apyBpsBefore : plan.apyBps,
      locked_apy_bps: first ? first.lockedApyBpsBefore : plan.lockedApyBps,
      renewals_from: null,
    });
  return points;
}
