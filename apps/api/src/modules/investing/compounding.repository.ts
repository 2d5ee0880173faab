import { sql } from 'drizzle-orm';
import { preparedPerDb, userPlanCompounding, type DbOrTx } from '@app/db';
import type { CompoundingState } from '@app/shared';
import { num, queryRows, wholeNumbers } from '../../ledger/sql';
import { createBatchLoader } from '../../lib/batch-loader';

/** A position's compounding row as the accrual and the API read it (decision 192). */
export interface CompoundingRow extends CompoundingState {
  userPlanId: number;
  /** Cents reinvested over the position's life. */
  reinvested: number;
}

/** The compounding rows of these positions (none for a position never switched), by position id. */
export async function compoundingStates(db: DbOrTx, ids: number[]): Promise<Map<number, CompoundingRow>> {
  const states = new Map<number, CompoundingRow>();
  if (ids.length === 0) return states;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select user_plan_id, reinvest, base, growth::text as growth, from_rate_days, from_earned, reinvested
        from user_plan_compounding where user_plan_id = any(${wholeNumbers(ids)}::int[])`,
  );
  for (const row of rows) {
    const userPlanId = num(row.user_plan_id);
    states.set(userPlanId, {
      userPlanId,
      reinvest: row.reinvest === true || row.reinvest === 't',
      base: num(row.base),
      growth: BigInt(String(row.growth)),
      fromRateDays: num(row.from_rate_days),
      fromEarned: num(row.from_earned),
      reinvested: num(row.reinvested),
    });
  }
  return states;
}

/**
 * The compounding rows of the positions the API lists, read together (decision 144): the requests that
 * ask in one turn of the event loop share one statement instead of one each (GET /api/pp under load).
 * Not a cache: each read leaves after its request asked. Each request gets rows of its own, even for a
 * position another request of the batch also lists.
 */
export async function listedCompoundingStates(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, CompoundingRow>> {
  if (ids.length === 0) return new Map();
  return (await statesLoader(db)(wholeNumbers(ids))) ?? new Map();
}

const statesLoader = preparedPerDb((db: DbOrTx) =>
  createBatchLoader<string, Map<number, CompoundingRow>>(
    async (keys) => {
      const lists = keys.map((key) => key.slice(1, -1).split(',').map(Number));
      const found = await compoundingStates(db, [...new Set(lists.flat())]);
      return new Map(
        keys.map((key, at) => [
          key,
          new Map(
            lists[at]!.flatMap((id) => {
              const state = found.get(id);
              return state ? [[id, { ...state }] as const] : [];
            }),
          ),
        ]),
      );
    },
    {
      maxInFlight: 4,
      maxBatch: 16,
      copy: (states) => new Map([...states].map(([id, state]) => [id, { ...state }])),
    },
  ),
);

/**
 * A switch: a new segment from the position's principal, rate days and earnings now (decision 192).
 * The position row is locked by the caller.
 */
export async function startSegment(
  db: DbOrTx,
  position: { id: number; amount: number; rateDaysBps: number; earned: number },
  reinvest: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(userPlanCompounding)
    .values({
      userPlanId: position.id,
      reinvest,
      base: position.amount,
      growth: '1000000000000000000',
      fromRateDays: position.rateDaysBps,
      fromEarned: position.earned,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: userPlanCompounding.userPlanId,
      set: {
        reinvest,
        base: position.amount,
        growth: '1000000000000000000',
        fromRateDays: position.rateDaysBps,
        fromEarned: position.earned,
        updatedAt: now,
      },
    });
}

export interface ReinvestedDay {
  id: number;
  /** Cents reinvested (may be 0: the growth still moves). */
  amount: number;
  growth: bigint;
}

/**
 * A batch's reinvested day: each segment's growth and reinvested total, in one statement (the entries
 * cash → invested and the positions' principals are the accrual's, in the same transaction:
 * `recordAccruals` moves each position row once a day).
 */
export async function recordReinvested(db: DbOrTx, days: ReinvestedDay[], now: Date): Promise<void> {
  if (days.length === 0) return;
  const ids = wholeNumbers(days.map((day) => day.id));
  const amounts = wholeNumbers(days.map((day) => day.amount));
  const growths = days.map((day) => day.growth.toString()).join(',');
  await db.execute(
    sql`update user_plan_compounding c
        set growth = x.growth, reinvested = c.reinvested + x.amount, updated_at = ${now.toISOString()}
        from unnest(${ids}::int[], ${amounts}::bigint[], ${`{${growths}}`}::numeric[]) as x(id, amount, growth)
        where c.user_plan_id = x.id`,
  );
}
