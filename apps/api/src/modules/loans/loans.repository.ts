import { and, asc, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import { OPEN_LOAN_APPLICATION_STATUSES, OPEN_LOAN_STATUSES } from '@app/shared';
import {
  ledgerAccounts,
  loanApplications,
  loanInstalments,
  loanPayments,
  loanPlans,
  loans,
  type DbOrTx,
  type LoanApplicationRow,
  type LoanInstalmentRow,
  type LoanPaymentRow,
  type LoanPlanRow,
  type LoanRow,
  type Tx,
} from '@app/db';
import { inLiterals, subqueryColumns } from '../../ledger/sql';

export type NewLoanPlan = Omit<typeof loanPlans.$inferInsert, 'id'>;
export type NewLoanApplication = Omit<typeof loanApplications.$inferInsert, 'id'>;
export type NewLoan = Omit<typeof loans.$inferInsert, 'id'>;
export type NewInstalment = typeof loanInstalments.$inferInsert;
export type NewLoanPayment = Omit<typeof loanPayments.$inferInsert, 'id'>;

// ── Plans ────────────────────────────────────────────────────────────────────────────────────
export function listActivePlans(db: DbOrTx): Promise<LoanPlanRow[]> {
  return db
    .select()
    .from(loanPlans)
    .where(eq(loanPlans.status, 'active'))
    .orderBy(asc(loanPlans.sortOrder), asc(loanPlans.id));
}

export async function findPlan(db: DbOrTx, id: number): Promise<LoanPlanRow | null> {
  const [row] = await db.select().from(loanPlans).where(eq(loanPlans.id, id));
  return row ?? null;
}

/**
 * The plan, held FOR SHARE until the caller's transaction ends: an application is written against the
 * terms it was checked against, and the back office's edit (FOR UPDATE, then its count of pending
 * applications) waits for it or is waited for.
 */
export async function sharePlan(tx: Tx, id: number): Promise<LoanPlanRow | null> {
  const [row] = await tx.select().from(loanPlans).where(eq(loanPlans.id, id)).for('share');
  return row ?? null;
}

export async function insertPlan(db: DbOrTx, row: NewLoanPlan): Promise<LoanPlanRow> {
  const [created] = await db.insert(loanPlans).values(row).returning();
  if (!created) throw new Error('loan plan insert returned nothing');
  return created;
}

export async function countPlans(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loanPlans);
  return row?.n ?? 0;
}

// ── Applications ─────────────────────────────────────────────────────────────────────────────
export async function insertApplication(
  db: DbOrTx,
  row: NewLoanApplication,
): Promise<LoanApplicationRow | null> {
  const [created] = await db.insert(loanApplications).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/**
 * The member's applications, newest first (created_at, then id), each with its plan's name (null when
 * the plan is gone) and its loan: every open one (pending, OPEN_LOAN_APPLICATION_STATUSES) and the
 * newest `limit` closed ones; every one with null (the data export). Decision 219: the pending ones
 * through loan_applications_one_pending (at most one per plan), the closed ones the newest of
 * loan_applications_user_idx; only those are joined.
 */
export function listUserApplications(db: DbOrTx, userId: number, limit: number | null) {
  const mine = eq(loanApplications.userId, userId);
  const open = inLiterals(loanApplications.status, OPEN_LOAN_APPLICATION_STATUSES);
  const listed = (
    limit === null
      ? db.select().from(loanApplications).where(mine)
      : db
          .select()
          .from(loanApplications)
          .where(and(mine, open))
          .unionAll(
            db
              .select()
              .from(loanApplications)
              .where(and(mine, not(open)))
              .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id))
              .limit(limit),
          )
  ).as('listed');
  return db
    .select({
      row: subqueryColumns(listed, loanApplications),
      planName: loanPlans.name,
      change: loanPlans.change,
      loan: { id: loans.id, planName: loans.planName, change: loans.change },
    })
    .from(listed)
    .leftJoin(loanPlans, eq(loanPlans.id, listed.planId))
    .leftJoin(loans, eq(loans.applicationId, listed.id))
    .orderBy(desc(listed.createdAt), desc(listed.id));
}

export async function lockApplication(db: DbOrTx, id: number): Promise<LoanApplicationRow | null> {
  const [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, id)).for('update');
  return row ?? null;
}

export async function updateApplication(
  db: DbOrTx,
  id: number,
  patch: Partial<NewLoanApplication>,
): Promise<LoanApplicationRow> {
  const [row] = await db.update(loanApplications).set(patch).where(eq(loanApplications.id, id)).returning();
  if (!row) throw new Error(`loan application ${id} vanished`);
  return row;
}

export async function findApplication(db: DbOrTx, id: number): Promise<LoanApplicationRow | null> {
  const [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, id));
  return row ?? null;
}

export function plansByIds(db: DbOrTx, ids: number[]): Promise<LoanPlanRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(loanPlans).where(inArray(loanPlans.id, ids));
}

export async function loansOfApplications(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { id: number; planName: string; change: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: loans.id,
      applicationId: loans.applicationId,
      planName: loans.planName,
      change: loans.change,
    })
    .from(loans)
    .where(inArray(loans.applicationId, ids));
  return new Map(rows.map(({ applicationId, ...loan }) => [applicationId, loan]));
}

// ── Loans ────────────────────────────────────────────────────────────────────────────────────
export async function insertLoan(db: DbOrTx, row: NewLoan): Promise<LoanRow> {
  const [created] = await db.insert(loans).values(row).returning();
  if (!created) throw new Error('loan insert returned nothing');
  return created;
}

export async function insertInstalments(db: DbOrTx, rows: NewInstalment[]): Promise<void> {
  await db.insert(loanInstalments).values(rows);
}

/** Sums of the loan's schedule as stored, to assert in the approval's transaction. */
export async function scheduleSums(db: DbOrTx, loanId: number) {
  const [row] = await db
    .select({
      n: count(),
      principal: sql<string>`coalesce(sum(${loanInstalments.principal}), 0)`,
      interest: sql<string>`coalesce(sum(${loanInstalments.interest}), 0)`,
    })
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loanId));
  return { count: row?.n ?? 0, principal: Number(row?.principal ?? 0), interest: Number(row?.interest ?? 0) };
}

/**
 * The member's loans, newest first (created_at, then id): every open one (active, OPEN_LOAN_STATUSES)
 * and the newest `limit` closed ones; every one with null (the data export). Decision 219: the closed
 * ones are the newest of loans_user_idx; the open ones are found through their open instalments
 * (loan_instalments_open_idx: a loan is active exactly while one of its instalments is open, both ways
 * of completing it close the last one in the same transaction), each then read by its id. The lateral
 * subquery's `limit 1` keeps the planner from reading them through loans_user_idx instead, which would
 * walk every loan the member ever had.
 */
export function listUserLoans(db: DbOrTx, userId: number, limit: number | null) {
  const mine = eq(loans.userId, userId);
  if (limit === null)
    return db.select().from(loans).where(mine).orderBy(desc(loans.createdAt), desc(loans.id));
  const owing = db
    .selectDistinct({ loanId: loanInstalments.loanId })
    .from(loanInstalments)
    .where(and(eq(loanInstalments.userId, userId), inLiterals(loanInstalments.status, ['open'])))
    .as('owing');
  const open = inLiterals(loans.status, OPEN_LOAN_STATUSES);
  const loan = db
    .select()
    .from(loans)
    .where(and(eq(loans.id, owing.loanId), mine, open))
    .limit(1)
    .as('loan');
  return db
    .select(subqueryColumns(loan, loans))
    .from(owing)
    .innerJoinLateral(loan, sql`true`)
    .unionAll(
      db
        .select()
        .from(loans)
        .where(and(mine, not(open)))
        .orderBy(desc(loans.createdAt), desc(loans.id))
        .limit(limit),
    )
    .orderBy(desc(loans.createdAt), desc(loans.id));
}

export async function findUserLoan(db: DbOrTx, userId: number, id: number): Promise<LoanRow | null> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, userId)));
  return row ?? null;
}

export async function lockUserLoan(tx: Tx, userId: number, id: number): Promise<LoanRow | null> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, userId)))
    .for('update');
  return row ?? null;
}

export function instalmentsOf(db: DbOrTx, loanIds: number[]): Promise<LoanInstalmentRow[]> {
  if (loanIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(loanInstalments)
    .where(inArray(loanInstalments.loanId, loanIds))
    .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
}

export function lockInstalments(tx: Tx, loanId: number): Promise<LoanInstalmentRow[]> {
  return tx
    .select()
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loanId))
    .orderBy(asc(loanInstalments.number))
    .for('update');
}

/** The loan's newest `limit` payments, newest first, through `loan_payments_loan_idx`. */
export function newestPayments(db: DbOrTx, loanId: number, limit: number): Promise<LoanPaymentRow[]> {
  return db
    .select()
    .from(loanPayments)
    .where(eq(loanPayments.loanId, loanId))
    .orderBy(desc(loanPayments.createdAt), desc(loanPayments.id))
    .limit(limit);
}

/** Inserts payments in one statement whatever their number (one JSON parameter, no parameter limit). */
export async function insertPayments(db: DbOrTx, rows: NewLoanPayment[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      loan_id: row.loanId,
      user_id: row.userId,
      kind: row.kind,
      instalment_number: row.instalmentNumber ?? null,
      principal: row.principal,
      interest: row.interest,
      entry_id: row.entryId,
      created_at: row.createdAt.toISOString(),
    })),
  );
  await db.execute(
    sql`insert into loan_payments (loan_id, user_id, kind, instalment_number, principal, interest, entry_id, created_at)
        select x.loan_id, x.user_id, x.kind, x.instalment_number, x.principal, x.interest, x.entry_id, x.created_at
        from jsonb_to_recordset(${json}::jsonb) as x(loan_id int, user_id int, kind text, instalment_number int,
          principal bigint, interest bigint, entry_id int, created_at timestamptz)`,
  );
}

// ── Collection (set-based) ───────────────────────────────────────────────────────────────────
/** Members with an open instalment due on or before `today`, after `afterUserId`, in user order. */
export async function dueMembers(
  db: DbOrTx,
  today: string,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const rows = await dueMembersQuery(db, today, afterUserId, limit);
  return rows.map((row) => row.userId);
}

/**
 * The select of dueMembers (exported for the test that reads its generic plan): open instalments through
 * loan_instalments_open_idx (user_id, due_date) where status = 'open', never the closed ones. A member
 * is due when there is something to do: cash to collect from, or a shortfall not yet told. One whose
 * overdue instalments were told and whose cash is empty is left alone until money arrives, so the
 * minute's run does not lock every defaulted member's cash again and again.
 */
export function dueMembersQuery(db: DbOrTx, today: string, afterUserId: number, limit: number) {
  return db
    .selectDistinct({ userId: loanInstalments.userId })
    .from(loanInstalments)
    .where(
      and(
        inLiterals(loanInstalments.status, ['open']),
        sql`${loanInstalments.dueDate} <= ${today}`,
        sql`${loanInstalments.userId} > ${afterUserId}`,
        // The member's cash balance by its key (one probe of ledger_accounts_user_kind_unique): an
        // `exists` here was planned as a scan of every member's cash account.
        sql`(${loanInstalments.shortfallNotifiedAt} is null or (
          select a.balance from ${ledgerAccounts} a
          where a.user_id = ${loanInstalments.userId} and a.kind = 'cash') > 0)`,
      ),
    )
    .orderBy(asc(loanInstalments.userId))
    .limit(limit);
}

/** The open instalments due on or before `today` of these members, locked, oldest first per member. */
export function lockDueInstalments(tx: Tx, userIds: number[], today: string): Promise<LoanInstalmentRow[]> {
  return tx
    .select()
    .from(loanInstalments)
    .where(
      and(
        inArray(loanInstalments.userId, userIds),
        inLiterals(loanInstalments.status, ['open']),
        sql`${loanInstalments.dueDate} <= ${today}`,
      ),
    )
    .orderBy(
      asc(loanInstalments.userId),
      asc(loanInstalments.dueDate),
      asc(loanInstalments.loanId),
      asc(loanInstalments.number),
    )
    .for('update');
}

export interface InstalmentUpdate {
  loan_id: number;
  number: number;
  paid_principal: number;
  paid_interest: number;
  status: 'open' | 'paid' | 'waived';
  paid_at: string | null;
  shortfall_notified_at: string | null;
}

export async function updateInstalments(tx: Tx, rows: InstalmentUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update loan_instalments i set
          paid_principal = x.paid_principal, paid_interest = x.paid_interest, status = x.status,
          paid_at = coalesce(x.paid_at, i.paid_at),
          shortfall_notified_at = coalesce(x.shortfall_notified_at, i.shortfall_notified_at)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(loan_id int, number int, paid_principal bigint, paid_interest bigint, status text,
               paid_at timestamptz, shortfall_notified_at timestamptz)
        where i.loan_id = x.loan_id and i.number = x.number`,
  );
}

/** Adds what was paid to the loans' running totals; answers the loans now paid in full. */
export async function addLoanPayments(
  tx: Tx,
  rows: { id: number; principal: number; interest: number }[],
  now: Date,
): Promise<LoanRow[]> {
  if (rows.length === 0) return [];
  await tx.execute(
    sql`update loans l set
          paid_principal = l.paid_principal + x.principal, paid_interest = l.paid_interest + x.interest,
          updated_at = ${now.toISOString()}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, principal bigint, interest bigint)
        where l.id = x.id`,
  );
  return tx
    .update(loans)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(
      and(
        sql`${loans.id} in (select (jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.id))}::jsonb))::int)`,
        eq(loans.status, 'active'),
        sql`${loans.paidPrincipal} = ${loans.principal}`,
        sql`${loans.paidInterest} + ${loans.waivedInterest} = ${loans.profit}`,
      ),
    )
    .returning();
}

export async function updateLoan(tx: Tx, id: number, patch: Partial<NewLoan>): Promise<LoanRow> {
  const [row] = await tx.update(loans).set(patch).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`loan ${id} vanished`);
  return row;
}

export async function markApplicationsCompleted(tx: Tx, applicationIds: number[], now: Date): Promise<void> {
  if (applicationIds.length === 0) return;
  await tx
    .update(loanApplications)
    .set({ status: 'completed', updatedAt: now })
    .where(and(inArray(loanApplications.id, applicationIds), eq(loanApplications.status, 'approved')));
}
