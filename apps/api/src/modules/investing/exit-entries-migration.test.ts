import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '@app/db';
import { ACTIVITY_ENTRY_KINDS } from '@app/shared';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { accountFigures } from '../../ledger/ledger';
import { num, queryRows } from '../../ledger/sql';
import { checkLedger } from '../../ledger/check';
import { getActivity } from '../activity/activity.service';

/**
 * Migration 0073 (decision 186, amended 2026-12-03): an early exit written before it kept the penalty
 * and the forfeited earnings back inside its one entry; the migration writes each as the entry an exit
 * now writes, so Activity lists them and "Total Earnings" nets the forfeit out, and moves no balance.
 */
const BEFORE = '0072_challenges_by_user';
const MIGRATION = '0073_exit_fee_and_forfeit_entries.sql';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

/** A posting as the ledger function takes it. */
const cash = (amount: number) => ({ user_id: 1, kind: 'cash', amount });
const invested = (amount: number) => ({ user_id: 1, kind: 'invested', amount });
const platform = (kind: string, amount: number) => ({ user_id: null, kind, amount });

async function post(kind: string, reference: string, at: string, metadata: object, postings: object[]) {
  await db.execute(sql`select ledger_post(${kind}, ${reference}, 1, ${JSON.stringify(metadata)}::jsonb,
    ${at}::timestamptz, ${JSON.stringify(postings)}::jsonb)`);
}

/** An exit as the code before 0073 wrote it: the principal less the penalty and the forfeit, in one entry. */
async function oldExit(quote: string, at: string, principal: number, penalty: number, forfeited: number) {
  const back = principal - penalty - forfeited;
  await post(
    'plan_exit',
    `plan_exit:${quote}`,
    at,
    { user_plan_id: 7, quote_id: quote, penalty, forfeited },
    [
      invested(-principal),
      ...(back > 0 ? [cash(back)] : []),
      ...(penalty > 0 ? [platform('interest_income', penalty)] : []),
      ...(forfeited > 0 ? [platform('yield_expense', forfeited)] : []),
    ],
  );
}

const balances = async () =>
  (
    await queryRows<{ kind: unknown; balance: unknown }>(
      db,
      sql`select coalesce(user_id::text, 'platform') || ':' || kind as kind, balance from ledger_accounts order by 1`,
    )
  ).map((row) => [row.kind, num(row.balance)]);

const entryCount = async () =>
  num((await queryRows<{ n: unknown }>(db, sql`select count(*) as n from ledger_entries`))[0]?.n);

/** The sum of the member's cash movements of an Activity type's entry kinds. */
async function activitySum(kinds: readonly string[]): Promise<number> {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(cash_amount), 0) as total from ledger_entries where user_id = 1
        and kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`,
  );
  return num(row?.total);
}

describe('migration 0073: an early exit’s penalty and the earnings it took back, as their own entries', () => {
  it('lists them in Activity and nets the forfeit out of Total Earnings, every balance unchanged, once', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', now(), now())`);
    await post('deposit', 'deposit:1', '2026-05-01T10:00:00Z', {}, [
      cash(20_000),
      platform('external', -20_000),
    ]);
    await post('investment', 'investment:1', '2026-05-01T10:01:00Z', {}, [cash(-20_000), invested(20_000)]);
    await post('earning', 'earning:1', '2026-06-01T00:00:00Z', {}, [
      cash(115),
      platform('yield_expense', -115),
    ]);
    await oldExit('q-1', '2026-06-05T12:00:00Z', 10_000, 100, 16); // a penalty and a forfeit
    await oldExit('q-2', '2026-06-06T12:00:00Z', 2_000, 50, 0); // a penalty only
    await oldExit('q-3', '2026-06-07T12:00:00Z', 2_000, 0, 20); // a forfeit only
    await oldExit('q-4', '2026-06-08T12:00:00Z', 1_000, 1_000, 0); // a 100% penalty: nothing to cash
    await oldExit('q-5', '2026-06-09T12:00:00Z', 1_000, 0, 0); // neither
    // An exit as the code since writes it: its fee entry is there already.
    await post(
      'plan_exit',
      'plan_exit:q-6',
      '2026-06-10T12:00:00Z',
      { quote_id: 'q-6', penalty: 30, forfeited: 0 },
      [invested(-1_000), cash(1_000)],
    );
    await post('plan_exit_fee', 'plan_exit_fee:q-6', '2026-06-10T12:00:00Z', { quote_id: 'q-6' }, [
      cash(-30),
      platform('interest_income', 30),
    ]);
    const before = await balances();
    const entriesBefore = await entryCount();
    expect((await accountFigures(db, 1)).totalEarnings).toBe(115);

    await migrateRest();
    expect(await balances()).toEqual(before);
    // q-1: the principal's part, the fee, the forfeit; q-2, q-3 and q-4: the principal's part and one more.
    expect(await entryCount()).toBe(entriesBefore + 9);
    const figures = await accountFigures(db, 1);
    // $1.15 of earnings, the principals less their penalties ($158.20), less the $0.36 forfeited.
    expect(figures).toMatchObject({ balance: 115 + 15_820 - 36, totalEarnings: 79 });
    // Activity's Earnings rows add up to Total Earnings; Principal returned rows to principal less penalties.
    expect(await activitySum(ACTIVITY_ENTRY_KINDS.earning)).toBe(79);
    expect(await activitySum(ACTIVITY_ENTRY_KINDS.principal_returned)).toBe(
      9_900 + 1_950 + 2_000 + 0 + 1_000 + 970,
    );

    // Each restating entry says what it is, beside the exit's own row.
    const activity = await getActivity(db, 1, { page: 1, per_page: 50 });
    const exits = activity.data
      .filter((row) => row.detail.kind === 'plan_exit')
      .map((row) => [row.amount, row.description.replace(/ from .*/, '').replace(/: left .*/, '')]);
    // q-4 returned no cash: its exit moved nothing a member's Activity lists.
    expect(exits.sort()).toEqual(
      [
        [1.16, 'Rest of principal returned: early exit'],
        [0.5, 'Rest of principal returned: early exit'],
        [0.2, 'Rest of principal returned: early exit'],
        [10, 'Rest of principal returned: early exit'],
        [98.84, 'Principal returned'],
        [19.5, 'Principal returned'],
        [19.8, 'Principal returned'],
        [10, 'Principal returned'],
        [10, 'Principal returned'],
      ].sort(),
    );
    // Run again (by hand, say): nothing more is written, nothing moves.
    await db.execute(sql.raw(readFileSync(join(migrationsFolder, MIGRATION), 'utf8')));
    expect(await entryCount()).toBe(entriesBefore + 9);
    expect(await balances()).toEqual(before);

    const check = await checkLedger(db);
    expect(check.mismatchedTotals).toEqual([]);
    expect(check.mismatchedCashChain).toEqual([]);
    expect(check.mismatchedAccounts).toEqual([]);
    expect(check.unbalancedEntries).toEqual([]);
  });
});
