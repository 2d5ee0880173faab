import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { loanApplications, loanPlans, plans, type DbOrTx, type LoanPlanRow, type PlanRow } from '@app/db';
import { containsPattern, orderOf } from './list-query';

export interface CatalogueFilter {
  q?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  sort?: string | undefined;
}

// ── Investment plans ─────────────────────────────────────────────────────────────────────────
function planWhere(filter: CatalogueFilter): SQL | undefined {
  return and(
    filter.q ? ilike(plans.name, containsPattern(filter.q)) : undefined,
    filter.status ? eq(plans.status, filter.status) : undefined,
  );
}

/** A page of the catalogue (a few dozen rows at most: counting them is cheap). */
export async function listPlans(
  db: DbOrTx,
  filter: CatalogueFilter,
  page: number,
  perPage: number,
): Promise<{ rows: PlanRow[]; total: number }> {
  const where = planWhere(filter);
  const order = orderOf(
    filter.sort,
    {
      name: plans.name,
      category: plans.category,
      apy_bps: plans.apyBps,
      min_amount: plans.minAmount,
      status: plans.status,
      sort_order: plans.sortOrder,
      updated_at: plans.updatedAt,
    },
    [asc(plans.sortOrder), asc(plans.id)],
    plans.id,
  );
  const rows = await db
    .select()
    .from(plans)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(plans).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The plan, locked for the rest of the transaction (an edit reads before and writes after). */
export async function findPlanForUpdate(db: DbOrTx, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return row ?? null;
}

export async function updatePlan(db: DbOrTx, id: number, set: Partial<PlanRow>): Promise<PlanRow> {
  const [row] = await db.update(plans).set(set).where(eq(plans.id, id)).returning();
  if (!row) throw new Error(`plan ${id} vanished during its update`);
  return row;
}

// ── Loan plans ───────────────────────────────────────────────────────────────────────────────
function loanPlanWhere(filter: CatalogueFilter): SQL | undefined {
  return and(
    filter.q ? ilike(loanPlans.name, containsPattern(filter.q)) : undefined,
    filter.status ? eq(loanPlans.status, filter.status) : undefined,
  );
}

export async function listLoanPlans(
  db: DbOrTx,
  filter: CatalogueFilter,
  page: number,
  perPage: number,
): Promise<{ rows: LoanPlanRow[]; total: number }> {
  const where = loanPlanWhere(filter);
  const order = orderOf(
    filter.sort,
    {
      name: loanPlans.name,
      category: loanPlans.category,
      min_amount: loanPlans.minAmount,
      status: loanPlans.status,
      sort_order: loanPlans.sortOrder,
      updated_at: loanPlans.updatedAt,
    },
    [asc(loanPlans.sortOrder), asc(loanPlans.id)],
    loanPlans.id,
  );
  const rows = await db
    .select()
    .from(loanPlans)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(loanPlans).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLoanPlan(db: DbOrTx, id: number): Promise<LoanPlanRow | null> {
  const [row] = await db.select().from(loanPlans).where(eq(loanPlans.id, id));
  return row ?? null;
}

export async function findLoanPlanForUpdate(db: DbOrTx, id: number): Promise<LoanPlanRow | null> {
  const [row] = await db.select().from(loanPlans).where(eq(loanPlans.id, id)).for('update');
  return row ?? null;
}

export async function updateLoanPlan(
  db: DbOrTx,
  id: number,
  set: Partial<LoanPlanRow>,
): Promise<LoanPlanRow> {
  const [row] = await db.update(loanPlans).set(set).where(eq(loanPlans.id, id)).returning();
  if (!row) throw new Error(`loan plan ${id} vanished during its update`);
  return row;
}

/** Applications still pending on a loan plan (the pending queue is short; status_idx leads to it). */
export async function countPendingApplications(db: DbOrTx, planId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loanApplications)
    .where(and(eq(loanApplications.status, 'pending'), eq(loanApplications.planId, planId)));
  return row?.n ?? 0;
}
