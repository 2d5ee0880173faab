import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { exitQuotes, userPlanAccruals, type DbOrTx, type ExitQuoteRow, type Tx } from '@app/db';

export type NewExitQuote = typeof exitQuotes.$inferInsert;

export async function insertQuote(tx: Tx, row: NewExitQuote): Promise<ExitQuoteRow> {
  const [created] = await tx.insert(exitQuotes).values(row).returning();
  if (!created) throw new Error('exit quote insert returned nothing');
  return created;
}

/** The member's quote `id` for the plan, or null (another plan's or member's quote is null too). */
export async function findQuote(
  tx: Tx,
  userId: number,
  userPlanId: number,
  id: string,
): Promise<ExitQuoteRow | null> {
  const [row] = await tx
    .select()
    .from(exitQuotes)
    .where(and(eq(exitQuotes.id, id), eq(exitQuotes.userPlanId, userPlanId), eq(exitQuotes.userId, userId)));
  return row ?? null;
}

/**
 * Ends the plan's live quotes at `now`: a new quote supersedes them, so the plan has at most one
 * executable quote (the caller holds the plan row's lock). Through exit_quotes_live_idx (unused
 * quotes by expiry, decision 221): the live ones only, never every quote the member ever asked for.
 */
export async function expireLiveQuotes(tx: Tx, userPlanId: number, now: Date): Promise<void> {
  await expireLiveQuotesUpdate(tx, userPlanId, now);
}

/** The update of expireLiveQuotes (exported for the test that reads its plan). */
export function expireLiveQuotesUpdate(tx: DbOrTx, userPlanId: number, now: Date) {
  return tx
    .update(exitQuotes)
    .set({ expiresAt: now })
    .where(
      and(eq(exitQuotes.userPlanId, userPlanId), isNull(exitQuotes.usedAt), gt(exitQuotes.expiresAt, now)),
    );
}

export async function markUsed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(exitQuotes).set({ usedAt: now }).where(eq(exitQuotes.id, id));
}

/** Cents credited by the plan's accruals dated `fromDate` (YYYY-MM-DD) or later. */
export async function earnedSince(tx: Tx, userPlanId: number, fromDate: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | number | null>`sum(${userPlanAccruals.amount})` })
    .from(userPlanAccruals)
    .where(and(eq(userPlanAccruals.userPlanId, userPlanId), gte(userPlanAccruals.accrualDate, fromDate)));
  return Number(row?.total ?? 0);
}
