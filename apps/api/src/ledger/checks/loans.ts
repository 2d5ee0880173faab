import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Loans (DESIGN §5): a member's loan account is minus what they still owe in principal, and every
 * loan's running paid totals are its instalments' (decision 083).
 */
export async function mismatchedLoans(db: DbOrTx): Promise<LedgerCheck['mismatchedLoans']> {
  const accounts = await queryRows<{ user_id: unknown; balance: unknown; outstanding: unknown }>(
    db,
    sql`select coalesce(a.user_id, l.user_id) as user_id, coalesce(a.balance, 0) as balance,
               coalesce(l.outstanding, 0) as outstanding
        from (select user_id, balance from ledger_accounts where kind = 'loan' and user_id is not null) a
        full join (select user_id, sum(principal - paid_principal) as outstanding from loans group by user_id) l
          on l.user_id = a.user_id
        where coalesce(a.balance, 0) <> -coalesce(l.outstanding, 0)
        limit 100`,
  );
  const totals = await queryRows<{ id: unknown; user_id: unknown; paid: unknown; from_rows: unknown }>(
    db,
    sql`select l.id, l.user_id, l.paid_principal as paid, coalesce(i.paid, 0) as from_rows
        from loans l
        left join (select loan_id, sum(paid_principal) as paid, sum(paid_interest) as interest
                   from loan_instalments group by loan_id) i on i.loan_id = l.id
        where l.paid_principal <> coalesce(i.paid, 0) or l.paid_interest <> coalesce(i.interest, 0)
        limit 100`,
  );
  return [
    ...accounts.map((row) => ({
      userId: num(row.user_id),
      loanId: null,
      expected: -num(row.outstanding),
      actual: num(row.balance),
    })),
    ...totals.map((row) => ({
      userId: num(row.user_id),
      loanId: num(row.id),
      expected: num(row.from_rows),
      actual: num(row.paid),
    })),
  ];
}

/**
 * Loan interest (decisions 081, 082): every loan's paid interest is what its payment entries moved to
 * the platform's interest income, and its waived interest is what an early repayment forgave: the
 * rest of its profit once it is completed, none while it runs.
 */
export async function mismatchedLoanInterest(db: DbOrTx): Promise<LedgerCheck['mismatchedLoanInterest']> {
  const rows = await queryRows<{
    loan_id: unknown;
    user_id: unknown;
    field: 'paid_interest' | 'waived_interest';
    expected: unknown;
    actual: unknown;
  }>(
    db,
    sql`with posted as (
          select (e.metadata->>'loan_id')::int as loan_id, sum(p.amount) as interest
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.kind = 'interest_income' and a.user_id is null
          where e.kind = 'loan_payment'
          group by 1
        )
        select l.id as loan_id, l.user_id, 'paid_interest' as field, coalesce(x.interest, 0) as expected,
          l.paid_interest as actual
        from loans l left join posted x on x.loan_id = l.id
        where l.paid_interest <> coalesce(x.interest, 0)
        union all
        select l.id, l.user_id, 'waived_interest',
          case when l.status = 'completed' then l.profit - l.paid_interest else 0 end, l.waived_interest
        from loans l
        where l.waived_interest <> case when l.status = 'completed' then l.profit - l.paid_interest else 0 end
        limit 100`,
  );
  return rows.map((row) => ({
    loanId: num(row.loan_id),
    userId: num(row.user_id),
    field: row.field,
    expected: num(row.expected),
    actual: num(row.actual),
  }));
}

/**
 * Loans whose status disagrees with their instalments: active with no open instalment, or completed
 * with one. The member's loan list finds active loans through their open instalments (decision 219),
 * so an active loan without one would vanish from it.
 */
export async function mismatchedLoanStatuses(db: DbOrTx): Promise<LedgerCheck['mismatchedLoanStatuses']> {
  const rows = await queryRows<{ id: unknown; user_id: unknown; status: string; open: unknown }>(
    db,
    sql`select l.id, l.user_id, l.status, coalesce(i.open, 0) as open
        from loans l
        left join (
          select loan_id, count(*) as open from loan_instalments where status = 'open' group by loan_id
        ) i on i.loan_id = l.id
        where (l.status = 'active') <> (coalesce(i.open, 0) > 0)
        limit 100`,
  );
  return rows.map((row) => ({
    loanId: num(row.id),
    userId: num(row.user_id),
    status: row.status,
    openInstalments: num(row.open),
  }));
}
