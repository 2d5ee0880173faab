import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { deposits, type DbOrTx, type DepositRow } from '@app/db';
import { inLiterals, textLiteral } from '../../ledger/sql';
import { selectMemberPage } from '../../lib/paging';

export type NewDeposit = Omit<typeof deposits.$inferInsert, 'id'>;
export type DepositPatch = Partial<
  Omit<typeof deposits.$inferInsert, 'id' | 'userId' | 'amount' | 'createdAt'>
>;

export async function insertDeposit(db: DbOrTx, row: NewDeposit): Promise<DepositRow> {
  const [created] = await db.insert(deposits).values(row).returning();
  if (!created) throw new Error('deposit insert returned nothing');
  return created;
}

export async function findDeposit(db: DbOrTx, id: number): Promise<DepositRow | null> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row ?? null;
}

export async function findUserDeposit(db: DbOrTx, userId: number, id: number): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  return row ?? null;
}

/** The deposit row, locked for the rest of the transaction (one IPN or admin action at a time). */
export async function lockDeposit(db: DbOrTx, id: number): Promise<DepositRow | null> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row ?? null;
}

export async function updateDeposit(db: DbOrTx, id: number, patch: DepositPatch): Promise<DepositRow> {
  const [row] = await db.update(deposits).set(patch).where(eq(deposits.id, id)).returning();
  if (!row) throw new Error(`deposit ${id} vanished`);
  return row;
}

export function listUserDeposits(db: DbOrTx, userId: number, page: number, perPage: number) {
  return selectMemberPage(db, deposits, userId, page, perPage);
}

/**
 * The gateway statuses that say a payment is on its way (NOWPayments confirming, confirmed, sending;
 * CoinPayments 1 to 99: received, waiting for confirmations): such a deposit waits for the gateway's
 * last word (finished, partially paid, failed, expired), not for the invoice's 24 hours.
 */
const UNDERWAY_STATUSES = ['confirming', 'confirmed', 'sending'];
const UNDERWAY_COIN_STATUS = /^[1-9][0-9]?$/;

export function paymentUnderway(gatewayStatus: string | null): boolean {
  return (
    gatewayStatus !== null &&
    (UNDERWAY_STATUSES.includes(gatewayStatus) || UNDERWAY_COIN_STATUS.test(gatewayStatus))
  );
}

/**
 * Pending gateway deposits whose invoice time is over and whose payment is not underway
 * (`paymentUnderway`): through deposits_status_idx, the status and method written into the statement
 * (a generic plan with them as parameters read every deposit).
 */
export function dueForExpiry(db: DbOrTx, now: Date, limit = 500) {
  return db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        inLiterals(deposits.status, ['pending']),
        sql`${deposits.method} <> ${textLiteral('bank_transfer')}`,
        isNotNull(deposits.expiresAt),
        lte(deposits.expiresAt, now),
        sql`(${deposits.gatewayStatus} is null or not (${inLiterals(deposits.gatewayStatus, UNDERWAY_STATUSES)}
          or ${deposits.gatewayStatus} ~ ${textLiteral(UNDERWAY_COIN_STATUS.source)}))`,
      ),
    )
    .limit(limit);
}

export async function referenceExists(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(deposits)
    .where(eq(deposits.reference, reference));
  return Boolean(row);
}

/** Deposits waiting for payment or an operator (the metrics' queue size); uses deposits_status_idx. */
export async function countPending(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deposits)
    .where(eq(deposits.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * Cents of bank transfers confirmed to the member after `since` (four eyes, decision 235): the
 * method and status are literals, so that even a generic plan uses deposits_user_bank_confirmed_idx
 * and reads that member's last day only, however long their history.
 */
export function bankConfirmedSinceQuery(db: DbOrTx, userId: number, since: Date) {
  return db
    .select({ cents: sql<string>`coalesce(sum(${deposits.credited}), 0)` })
    .from(deposits)
    .where(
      and(
        sql`${deposits.method} = 'bank_transfer' and ${deposits.status} = 'confirmed'`,
        eq(deposits.userId, userId),
        gt(deposits.confirmedAt, since),
      ),
    );
}

/** The class of the bank references' advisory locks (two-key space, as the throttle's). */
const BANK_REFERENCE_LOCK_CLASS = 0x62616e6b; // 'bank'

/**
 * Whether another confirmed transfer rests on this bank reference (decision 237), read with the
 * reference's lock held, so two admins confirming two transfers with one statement line take turns.
 * Through deposits_bank_reference_unique; the index refuses a second one whatever happens here.
 */
export async function bankReferenceTaken(tx: DbOrTx, reference: string, exceptId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BANK_REFERENCE_LOCK_CLASS}, hashtext(${reference}))`);
  const rows = await confirmedWithReferenceQuery(tx, reference);
  return rows.some((row) => row.id !== exceptId);
}

/** The confirmed transfers with a bank reference: the status written into the statement, as in the index. */
export function confirmedWithReferenceQuery(db: DbOrTx, reference: string) {
  return db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.bankReference, reference), sql`${deposits.status} = 'confirmed'`))
    .limit(2);
}

export async function sumBankConfirmedSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await bankConfirmedSinceQuery(db, userId, since);
  return Number(row?.cents ?? 0);
}
