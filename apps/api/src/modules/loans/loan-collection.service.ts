import type { Database, LoanInstalmentRow, Tx } from '@app/db';
import { splitPayment } from '@app/shared';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockUserBalances, postEntriesBulk, type BulkEntry } from '../../ledger/bulk-entries';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import * as repository from './loans.repository';
import { notifyCompleted, outstandingOf, utcDate } from './loans.service';

export const COLLECTION_BATCH_MEMBERS = 5_000;

export interface CollectionRun {
  /** Payments made (one per instalment and run that collected something). */
  payments: number;
  /** Cents collected. */
  collected: number;
  completed: number;
  /** Instalments left with something owed after their due date's collection. */
  short: number;
}

/**
 * The collection job (DESIGN §6, decisions 081 and 083): every open instalment due on or before today,
 * oldest first per member, is collected from the member's cash (cash → loan for the principal part,
 * cash → interest_income for the interest part); when cash is short what there is is taken, interest
 * first, and the rest is retried on the next run. Invested and held money are never touched. Set-based
 * in batches of members; idempotent by references that name the instalment and what it is paid
 * through (`loan:12:instalment:3:paid:9333`).
 */
export async function runLoanCollection(
  deps: { database: Database; mailer: Mailer },
  now: Date,
  batchMembers = COLLECTION_BATCH_MEMBERS,
): Promise<CollectionRun> {
  const { db } = deps.database;
  const today = utcDate(now);
  const run: CollectionRun = { payments: 0, collected: 0, completed: 0, short: 0 };
  let cursor = 0;
  for (;;) {
    const members = await repository.dueMembers(db, today, cursor, batchMembers);
    if (members.length === 0) break;
    cursor = members[members.length - 1] ?? cursor;
    await db.transaction((tx) => collectBatch(tx, deps.mailer, members, today, now, run));
  }
  return run;
}

/** One batch of members, in one transaction: their due instalments collected from their cash. */
async function collectBatch(
  tx: Tx,
  mailer: Mailer,
  members: number[],
  today: string,
  now: Date,
  run: CollectionRun,
): Promise<void> {
  const balances = await lockUserBalances(tx, members, 'cash', now);
  const due = await repository.lockDueInstalments(tx, members, today);
  const { entries, planned, shortfalls } = planPayments(due, balances);
  const created = await postEntriesBulk(tx, entries, now);
  const { updates, payments, loanTotals } = paymentsMade(planned, created, now, run);
  await tellShortfalls(tx, mailer, shortfalls, updates, now, run);
  await repository.updateInstalments(tx, updates);
  await repository.insertPayments(tx, payments);
  const completed = await repository.addLoanPayments(tx, [...loanTotals.values()], now);
  await repository.markApplicationsCompleted(
    tx,
    completed.map((loan) => loan.applicationId),
    now,
  );
  for (const loan of completed) await notifyCompleted(tx, { mailer }, loan, now);
  run.completed += completed.length;
}

interface PlannedPayment {
  row: LoanInstalmentRow;
  principal: number;
  interest: number;
  reference: string;
}

/**
 * What each due instalment gets from its member's cash (interest first; `balances` is spent as it
 * goes), as ledger entries; and the instalments left short whose member was not yet told.
 */
function planPayments(due: LoanInstalmentRow[], balances: Map<number, number>) {
  const entries: BulkEntry[] = [];
  const planned: PlannedPayment[] = [];
  const shortfalls: LoanInstalmentRow[] = [];
  for (const row of due) {
    const available = balances.get(row.userId) ?? 0;
    const pay = splitPayment(available, outstandingOf(row));
    const paying = pay.principal + pay.interest;
    const owedAfter = row.principal + row.interest - row.paidPrincipal - row.paidInterest - paying;
    if (owedAfter > 0 && !row.shortfallNotifiedAt) shortfalls.push(row);
    if (paying === 0) continue;
    balances.set(row.userId, available - paying);
    const paidThrough = row.paidPrincipal + row.paidInterest + paying;
    const reference = `loan:${row.loanId}:instalment:${row.number}:paid:${paidThrough}`;
    const postings: BulkEntry['postings'] = [
      { account: { userId: row.userId, kind: 'cash' }, amount: -paying },
    ];
    if (pay.principal > 0)
      postings.push({ account: { userId: row.userId, kind: 'loan' }, amount: pay.principal });
    if (pay.interest > 0) postings.push({ account: { platform: 'interest_income' }, amount: pay.interest });
    entries.push({
      kind: 'loan_payment',
      reference,
      userId: row.userId,
      metadata: {
        loan_id: row.loanId,
        instalment: row.number,
        principal: pay.principal,
        interest: pay.interest,
        // The member's cash fell short: Activity and statements say "part of" the instalment.
        ...(owedAfter > 0 ? { part_payment: true } : {}),
      },
      postings,
    });
    planned.push({ row, ...pay, reference });
  }
  return { entries, planned, shortfalls };
}

/** The instalment updates, payment rows and per-loan totals of the entries this run wrote. */
function paymentsMade(
  planned: PlannedPayment[],
  created: Map<string, number>,
  now: Date,
  run: CollectionRun,
) {
  const updates: repository.InstalmentUpdate[] = [];
  const payments: repository.NewLoanPayment[] = [];
  const loanTotals = new Map<number, { id: number; principal: number; interest: number }>();
  for (const { row, principal, interest, reference } of planned) {
    const entryId = created.get(reference);
    if (entryId === undefined) continue; // written by another run already: its rows were updated with it
    const paidPrincipal = row.paidPrincipal + principal;
    const paidInterest = row.paidInterest + interest;
    const full = paidPrincipal === row.principal && paidInterest === row.interest;
    updates.push({
      loan_id: row.loanId,
      number: row.number,
      paid_principal: paidPrincipal,
      paid_interest: paidInterest,
      status: full ? 'paid' : 'open',
      paid_at: full ? now.toISOString() : null,
      shortfall_notified_at: null,
    });
    payments.push({
      loanId: row.loanId,
      userId: row.userId,
      kind: 'instalment',
      instalmentNumber: row.number,
      principal,
      interest,
      entryId,
      createdAt: now,
    });
    const totals = loanTotals.get(row.loanId) ?? { id: row.loanId, principal: 0, interest: 0 };
    totals.principal += principal;
    totals.interest += interest;
    loanTotals.set(row.loanId, totals);
    run.payments += 1;
    run.collected += principal + interest;
  }
  return { updates, payments, loanTotals };
}

/** Each member whose instalment is left short is told once; the instalment remembers it (`updates`). */
async function tellShortfalls(
  tx: Tx,
  mailer: Mailer,
  shortfalls: LoanInstalmentRow[],
  updates: repository.InstalmentUpdate[],
  now: Date,
  run: CollectionRun,
): Promise<void> {
  for (const row of shortfalls) {
    const member = await findUserById(tx, row.userId);
    if (member) {
      await notify(
        tx,
        { mailer },
        {
          user: member,
          kind: 'loan_payment_missed',
          message: {
            key: 'loan_payment_missed',
            params: { amount: row.principal + row.interest, due: row.dueDate },
          },
          reference: `loan:${row.loanId}:instalment:${row.number}:shortfall`,
          mail: true,
        },
        now,
      );
    }
    const planned = updates.find((update) => update.loan_id === row.loanId && update.number === row.number);
    if (planned) planned.shortfall_notified_at = now.toISOString();
    else
      updates.push({
        loan_id: row.loanId,
        number: row.number,
        paid_principal: row.paidPrincipal,
        paid_interest: row.paidInterest,
        status: 'open',
        paid_at: null,
        shortfall_notified_at: now.toISOString(),
      });
    run.short += 1;
  }
}
