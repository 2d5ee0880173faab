import { and, desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { auditLog, deposits, users, type DbOrTx } from '@app/db';
import { centsToMajor, type AdminOverviewResponse, type OverviewDay } from '@app/shared';
import type { AppDeps } from '../../deps';
import { num, queryRows } from '../../ledger/sql';
import { applicationsQueue, depositsQueue, queueTotals, withdrawalsQueue } from './queues/queue-pages';

export const OVERVIEW_DAYS = 30;

/** The last OVERVIEW_DAYS UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
    new Date(today - (OVERVIEW_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function perDay(days: string[], rows: { day: unknown; amount?: unknown; count: unknown }[]): OverviewDay[] {
  const byDay = new Map(rows.map((row) => [String(row.day), row]));
  return days.map((day) => ({
    day,
    amount: centsToMajor(num(byDay.get(day)?.amount ?? 0)),
    count: num(byDay.get(day)?.count ?? 0),
  }));
}

async function lastLedgerCheck(db: DbOrTx): Promise<AdminOverviewResponse['ledger']> {
  const [row] = await db
    .select({ after: auditLog.after, at: auditLog.createdAt, by: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectType, 'ledger'), eq(auditLog.action, 'ledger.check')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const after = (row.after ?? {}) as { ok?: unknown; problems?: unknown };
  return {
    ok: after.ok === true,
    problems: num(after.problems ?? 0),
    checked_at: row.at.toISOString(),
    by: row.by,
  };
}

/**
 * GET /api/admin/overview: the queues' pending counts and oldest items (running totals and one index
 * read each), money in and out per day and new members per day over the last 30 days (range scans of
 * deposits_confirmed_idx, withdrawals_decided_idx and users_created_idx: only those days are read),
 * assets under management from the members' cached account balances, and the last ledger check.
 */
export async function overview(deps: AppDeps): Promise<AdminOverviewResponse> {
  const { db } = deps.database;
  const days = lastDays(deps.clock.now());
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  const [depositRows, withdrawalRows, memberRows, aumRows] = await Promise.all([
    queryRows<{ day: unknown; amount: unknown; count: unknown }>(
      db,
      sql`select to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(credited) as amount, count(*) as count
          from deposits where confirmed_at is not null and confirmed_at >= ${since} group by 1`,
    ),
    queryRows<{ day: unknown; amount: unknown; count: unknown }>(
      db,
      sql`select to_char(decided_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount) as amount, count(*) as count
          from withdrawals where status = 'approved' and decided_at >= ${since} group by 1`,
    ),
    queryRows<{ day: unknown; count: unknown }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
          from users where created_at >= ${since} and role = 'member' group by 1`,
    ),
    queryRows<{ kind: string; total: unknown }>(
      db,
      sql`select kind, sum(balance) as total from ledger_accounts where user_id is not null group by kind`,
    ),
  ]);
  const aum = new Map(aumRows.map((row) => [row.kind, num(row.total)]));
  return {
    queues: {
      deposits: await queueTotals(db, 'deposits', depositsQueue, [eq(deposits.method, 'bank_transfer')]),
      withdrawals: await queueTotals(db, 'withdrawals', withdrawalsQueue),
      loan_applications: await queueTotals(db, 'loan_applications', applicationsQueue),
    },
    deposits_per_day: perDay(days, depositRows),
    withdrawals_per_day: perDay(days, withdrawalRows),
    new_members_per_day: perDay(days, memberRows).map(({ day, count }) => ({ day, count })),
    aum: {
      cash: centsToMajor(aum.get('cash') ?? 0),
      invested: centsToMajor(aum.get('invested') ?? 0),
      on_loan: centsToMajor(-(aum.get('loan') ?? 0)),
      held_for_withdrawal: centsToMajor(aum.get('withdrawal_hold') ?? 0),
    },
    ledger: await lastLedgerCheck(db),
  };
}
