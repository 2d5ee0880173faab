import { and, asc, count, desc, eq, gt, sql, sum, type SQL } from 'drizzle-orm';
import {
  depositRefunds,
  deposits,
  ledgerAccounts,
  users,
  type DbOrTx,
  type DepositRefundRow,
  type Tx,
} from '@app/db';
import { inLiterals } from '../../ledger/sql';

/** Refunds and chargebacks of credited gateway deposits (decision 155): plain queries. */

export type NewDepositRefund = Omit<typeof depositRefunds.$inferInsert, 'id'>;
export type DepositRefundPatch = Partial<
  Pick<typeof depositRefunds.$inferInsert, 'recovered' | 'outstanding' | 'settledAt'>
>;

/** A refund with the facts of its deposit that a member or an operator reads beside it. */
export interface RefundWithDeposit {
  refund: DepositRefundRow;
  reference: string;
  method: 'bank_transfer' | 'coinpayment' | 'nowpayment';
}

export async function insertRefund(tx: Tx, row: NewDepositRefund): Promise<DepositRefundRow> {
  const [created] = await tx.insert(depositRefunds).values(row).returning();
  if (!created) throw new Error('deposit refund insert returned nothing');
  return created;
}

export async function updateRefund(tx: Tx, id: number, patch: DepositRefundPatch): Promise<void> {
  await tx.update(depositRefunds).set(patch).where(eq(depositRefunds.id, id));
}

const withDeposit = {
  refund: depositRefunds,
  reference: deposits.reference,
  method: deposits.method,
};

/** Whether the member still owes anything (the open-refunds index; no lock). */
export async function owesAnything(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: depositRefunds.id })
    .from(depositRefunds)
    .where(and(eq(depositRefunds.userId, userId), gt(depositRefunds.outstanding, 0)))
    .limit(1);
  return row !== undefined;
}

/** The member's refunds that still owe something, oldest first, locked for the rest of the transaction. */
export function lockOpenRefunds(tx: Tx, userId: number): Promise<RefundWithDeposit[]> {
  return tx
    .select(withDeposit)
    .from(depositRefunds)
    .innerJoin(deposits, eq(deposits.id, depositRefunds.depositId))
    .where(and(eq(depositRefunds.userId, userId), gt(depositRefunds.outstanding, 0)))
    .orderBy(asc(depositRefunds.id))
    .for('update', { of: depositRefunds });
}

/** The member's refunds that still owe something, oldest first (a member has few). */
export function memberOpenRefunds(db: DbOrTx, userId: number): Promise<RefundWithDeposit[]> {
  return db
    .select(withDeposit)
    .from(depositRefunds)
    .innerJoin(deposits, eq(deposits.id, depositRefunds.depositId))
    .where(and(eq(depositRefunds.userId, userId), gt(depositRefunds.outstanding, 0)))
    .orderBy(asc(depositRefunds.id));
}

/**
 * Members who owe something and have money in their balance to pay it with (the collection job), at
 * most `limit` of them after member `after`, in member order.
 */
export async function membersToCollect(db: DbOrTx, after: number, limit: number): Promise<number[]> {
  const rows = await membersToCollectQuery(db, after, limit);
  return rows.map((row) => row.userId);
}

/** The statement of membersToCollect (exported for the test that reads its plan). */
export function membersToCollectQuery(db: DbOrTx, after: number, limit: number) {
  return (
    db
      .selectDistinct({ userId: depositRefunds.userId })
      .from(depositRefunds)
      .innerJoin(
        ledgerAccounts,
        and(
          eq(ledgerAccounts.userId, depositRefunds.userId),
          inLiterals(ledgerAccounts.kind, ['cash']),
          sql`${ledgerAccounts.balance} > 0`,
        ),
      )
      // Written into the statement, so a generic plan reads deposit_refunds_open_idx (outstanding > 0).
      .where(and(sql`${depositRefunds.outstanding} > 0`, gt(depositRefunds.userId, after)))
      .orderBy(depositRefunds.userId)
      .limit(limit)
  );
}

function stateFilter(state: 'open' | 'settled' | 'all'): SQL | undefined {
  if (state === 'open') return gt(depositRefunds.outstanding, 0);
  if (state === 'settled') return eq(depositRefunds.outstanding, 0);
  return undefined;
}

/**
 * A page of refunds for the back office: open ones oldest first (the debts to follow up), settled
 * ones and all of them newest first, with the member and the deposit's facts and the list's length.
 */
export async function refundPage(
  db: DbOrTx,
  state: 'open' | 'settled' | 'all',
  page: number,
  perPage: number,
) {
  const where = stateFilter(state);
  const order =
    state === 'open'
      ? [asc(depositRefunds.createdAt), asc(depositRefunds.id)]
      : [desc(depositRefunds.createdAt), desc(depositRefunds.id)];
  const rows = await db
    .select({
      ...withDeposit,
      user: { id: users.id, username: users.username, email: users.email },
    })
    .from(depositRefunds)
    .innerJoin(deposits, eq(deposits.id, depositRefunds.depositId))
    .innerJoin(users, eq(users.id, depositRefunds.userId))
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db.select({ n: count() }).from(depositRefunds).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Every open refund: how many, and what is still owed in all (cents). */
export async function openRefundTotals(db: DbOrTx): Promise<{ count: number; outstanding: number }> {
  const [row] = await db
    .select({ n: count(), owed: sum(depositRefunds.outstanding) })
    .from(depositRefunds)
    .where(gt(depositRefunds.outstanding, 0));
  return { count: row?.n ?? 0, outstanding: Number(row?.owed ?? 0) };
}
