import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { accountFigures } from '../../ledger/ledger';
import { num, queryRows } from '../../ledger/sql';
import { checkLedger } from '../../ledger/check';
import { ACTIVITY_ENTRY_KINDS } from '@app/shared';

/**
 * Migration 0073 (decision 186, amended 2026-12-03): an early exit written before it kept the penalty
 * and the forfeited earnings back inside its one entry; the migration writes each as the entry an exit
 * now writes, so Activity lists them and "Total Earnings" nets the forfeit out, and moves no balance.
 */
const BEFORE = '0072_challenges_by_user';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

/** A posting as the ledger function takes it. */
const cash = (amount: number) => ({ user_id: 1, kind: 'cash', amount });
const platform = (kind: string, amount: number) => ({ user_id: null, kind, amount });

async function post(kind: string, reference: string, at: string, metadata: object, postings: object[]) {
  await db.execute(sql`select ledger_post(${kind}, ${reference}, 1, ${JSON.stringify(metadata)}::jsonb,
    ${at}::timestamptz, ${JSON.stringify(postings)}::jsonb)`);
}

const balances = async () =>
  (
    await queryRows<{ kind: unknown; balance: unknown }>(
      db,
      sql`select coalesce(user_id::text, 'platform') || ':' || kind as kind, balance from ledger_accounts order by 1`,
    )
  ).map((row) => [row.kind, num(row.balance)]);

describe('migration 0073: an early exit’s penalty and the earnings it took back, as their own entries', () => {
  it('lists them in Activity and nets the forfeit out of Total Earnings, with every balance unchanged', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', now(), now())`);
    // $100.00 in, $100.00 invested, $1.15 of earnings, then an exit with a $1.00 penalty and $0.16 forfeited
    // (cash got 10 000 − 100 − 16 = 9 884 cents), and one exit that forfeited nothing.
    await post('deposit', 'deposit:1', '2026-05-01T10:00:00Z', {}, [
      cash(10_000),
      platform('external', -10_000),
    ]);
    await post('investment', 'investment:1', '2026-05-01T10:01:00Z', {}, [
      cash(-10_000),
      { user_id: 1, kind: 'invested', amount: 10_000 },
    ]);
    await post('earning', 'earning:1', '2026-06-01T00:00:00Z', {}, [
      cash(115),
      platform('yield_expense', -115),
    ]);
    const exit = { user_plan_id: 7, quote_id: 'q-1', penalty: 100, forfeited: 16 };
    await post('plan_exit', 'plan_exit:q-1', '2026-06-05T12:00:00Z', exit, [
      { user_id: 1, kind: 'invested', amount: -10_000 },
      cash(9_884),
      platform('interest_income', 100),
      platform('yield_expense', 16),
    ]);
    const before = await balances();
    expect((await accountFigures(db, 1)).totalEarnings).toBe(115);

    await migrateRest();
    expect(await balances()).toEqual(before);
    const figures = await accountFigures(db, 1);
    expect(figures).toMatchObject({ balance: 9_999, totalEarnings: 99, totalDeposit: 10_000 });

    // Activity's rows are the entries that moved the member's cash, each with the balance after it.
    const rows = await queryRows<{ kind: string; amount: unknown; after: unknown }>(
      db,
      sql`select kind, cash_amount as amount, cash_balance_after as after from ledger_entries
          where user_id = 1 and cash_amount is not null order by created_at desc, id desc limit 4`,
    );
    expect(rows.map((row) => [row.kind, num(row.amount), num(row.after)])).toEqual([
      ['earning_forfeit', -16, 9_999],
      ['plan_exit_fee', -100, 10_015],
      ['plan_exit', 116, 10_115],
      ['plan_exit', 9_884, 9_999],
    ]);
    // The Earnings rows (the type's entry kinds) add up to Total Earnings.
    const [earned] = await queryRows<{ total: unknown }>(
      db,
      sql`select sum(cash_amount) as total from ledger_entries where user_id = 1
          and kind in (${sql.join(
            ACTIVITY_ENTRY_KINDS.earning.map((kind) => sql`${kind}`),
            sql`, `,
          )})`,
    );
    expect(num(earned?.total)).toBe(figures.totalEarnings);

    const check = await checkLedger(db);
    expect(check.mismatchedTotals).toEqual([]);
    expect(check.mismatchedCashChain).toEqual([]);
    expect(check.mismatchedAccounts).toEqual([]);
    expect(check.unbalancedEntries).toEqual([]);
  });
});
