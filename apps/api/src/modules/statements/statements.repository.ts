import { sql } from 'drizzle-orm';
import type { ActivityDetail, ActivityType } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../../ledger/sql';
import { movementType } from './statement-rows';

/**
 * A statement's reads of the ledger. Every one goes through the partial index
 * `ledger_entries_user_cash_idx (user_id, created_at, id) where cash_amount is not null`, so a
 * statement costs what its month holds, never what the member's whole history holds.
 */

/** One movement of the member's cash, oldest first, with what its description is built from. */
export interface StatementMovement {
  id: number;
  type: ActivityType;
  /** ISO 8601, UTC, milliseconds. */
  date: string;
  /** The database's own text of the instant: the keyset cursor, exact to the microsecond. */
  at: string;
  detail: ActivityDetail;
  amount: number;
  balanceAfter: number;
}

/**
 * The month a statement covers, and the member's last cash entry when the statement was read
 * (`lastEntryId`, 0 if none): the opening, the closing, the totals and every batch of movements count
 * only entries up to it, so an entry posted while the statement is read or streamed (the midnight
 * accrual, a collection) is in none of them, and opening + movements = closing. A member's entries
 * are written one at a time (their cash account locked) with ids and instants that only grow.
 */
export interface StatementWindow {
  from: Date;
  until: Date;
  lastEntryId: number;
}

/** The id of the member's last cash entry (0 if none): one row from the end of the cash index. */
export async function lastCashEntryId(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select e.id from ledger_entries e
      where e.user_id = ${userId} and e.cash_amount is not null
      order by e.created_at desc, e.id desc limit 1`,
  );
  return row ? num(row.id) : 0;
}

/** Where a batch starts: after this instant and entry id. */
export interface MovementCursor {
  at: string;
  id: number;
}

/** The member's cash balance right before `before`: the balance after their last cash entry (0 if none). */
export async function cashBalanceBefore(
  db: DbOrTx,
  userId: number,
  before: Date,
  lastEntryId: number,
): Promise<number> {
  const [row] = await queryRows<{ balance: unknown }>(
    db,
    sql`select e.cash_balance_after as balance from ledger_entries e
      where e.user_id = ${userId} and e.cash_amount is not null
        and e.created_at < ${before.toISOString()}::timestamptz and e.id <= ${lastEntryId}
      order by e.created_at desc, e.id desc limit 1`,
  );
  return row ? num(row.balance) : 0;
}

const meta = (key: string) => sql.raw(`m.metadata ->> '${key}'`);
interface MovementSql {
  id: number;
  kind: string;
  date: string;
  at: string;
  amount: unknown;
  balance_after: unknown;
  method: string | null;
  reference: string | null;
  plan: string | null;
  goal: string | null;
  instalment: unknown;
  part_payment: string | null;
  reclassified: string | null;
}

/** One keyset batch of the member's cash movements in [from, until), oldest first. */
export async function movementBatch(
  db: DbOrTx,
  userId: number,
  range: StatementWindow,
  after: MovementCursor | undefined,
  limit: number,
): Promise<StatementMovement[]> {
  const afterAt = after?.at ?? range.from.toISOString();
  // The first batch starts at `from` itself: every id is above 0.
  const afterId = after?.id ?? 0;
  const rows = await queryRows<MovementSql>(
    db,
    sql`select m.id, m.kind, m.amount, m.balance_after, m.at,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
        coalesce(d.method, w.method) as method,
        coalesce(d.reference, ${meta('deposit_reference')}, ${meta('member_reason')}) as reference,
        coalesce(${meta('plan_name')},
          (select up.name from user_plans up where up.id = (${meta('user_plan_id')})::int)) as plan,
        g.name as goal, ${meta('instalment')} as instalment, ${meta('part_payment')} as part_payment,
        ${meta('reclassified')} as reclassified
      from (select e.id, e.kind, e.metadata, e.created_at, e.cash_amount as amount,
          e.cash_balance_after as balance_after, e.created_at::text as at
        from ledger_entries e
        where e.user_id = ${userId} and e.cash_amount is not null
          and (e.created_at, e.id) > (${afterAt}::timestamptz, ${afterId}::int)
          and e.created_at < ${range.until.toISOString()}::timestamptz and e.id <= ${range.lastEntryId}
        order by e.created_at, e.id limit ${limit}) m
      left join deposits d on d.id = (${meta('deposit_id')})::int
      left join withdrawals w on w.id = (${meta('withdrawal_id')})::int
      left join goals g on g.id = (${meta('goal_id')})::int
      order by m.created_at, m.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    type: movementType(row.kind),
    date: row.date,
    at: row.at,
    detail: {
      kind: row.kind,
      method: row.method,
      reference: row.reference,
      plan: row.plan,
      goal: row.goal,
      instalment: row.instalment === null ? null : num(row.instalment),
      part_payment: row.part_payment === 'true',
      restated: row.reclassified === 'true',
    },
    amount: num(row.amount),
    balanceAfter: num(row.balance_after),
  }));
}

/** The month's cash movements summed per entry kind (one pass over the month's index range). */
export async function totalsByKind(
  db: DbOrTx,
  userId: number,
  range: StatementWindow,
): Promise<{ kind: string; total: number; entries: number }[]> {
  const rows = await queryRows<{ kind: string; total: unknown; entries: unknown }>(
    db,
    sql`select e.kind, sum(e.cash_amount) as total, count(*) as entries from ledger_entries e
      where e.user_id = ${userId} and e.cash_amount is not null
        and e.created_at >= ${range.from.toISOString()}::timestamptz
        and e.created_at < ${range.until.toISOString()}::timestamptz and e.id <= ${range.lastEntryId}
      group by e.kind`,
  );
  return rows.map((row) => ({ kind: row.kind, total: num(row.total), entries: num(row.entries) }));
}

/** Every cash movement of the member in [from, until), oldest first, in keyset batches of `batchSize`. */
export async function* movementBatches(
  db: DbOrTx,
  userId: number,
  range: StatementWindow,
  batchSize: number,
): AsyncGenerator<StatementMovement[]> {
  let after: MovementCursor | undefined;
  for (;;) {
    const rows = await movementBatch(db, userId, range, after, batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = { at: last.at, id: last.id };
  }
}
