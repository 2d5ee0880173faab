import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { exitQuotes, userPlanAccruals, type ExitQuoteRow, type Tx } from '@app/db';

export type NewExitQuote = typeof exitQuotes.$inferInsert;

export async function insertQuote(tx: Tx, row: NewExitQuote): Promise<ExitQuoteRow> {
  const [created] = await tx.insert(exitQuotes).values(row).returning();
  if (!created) throw new Error('exit quote insert returned nothing');
  return created;
}

/** The plan's latest quote (the only one that can be executed), for the member. */
export async function latestQuote(tx: Tx, userId: number, userPlanId: number): Promise<ExitQuoteRow | null> {
  const [row] = await tx
    .select()
    .from(exitQuotes)
    .where(and(eq(exitQuotes.userPlanId, userPlanId), eq(exitQuotes.userId, userId)))
    .orderBy(desc(exitQuotes.createdAt), desc(exitQuotes.id))
    .limit(1);
  return row ?? null;
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
