import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../test/migrations-up-to';
import { checkLedger } from './check';
import { num, queryRows } from './sql';

/** Migration 0030 (decision 158) fills the cash balance after every entry written before it. */
const BEFORE = '0029_deposit_refunds';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0030: cash balance after each entry', () => {
  it('fills it as each member’s running sum in (created_at, id) order, and ledger_post chains on', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', now(), now()), (2, 'ben', 'ben@example.com', 'x', 'BEN1', now(), now())`);
    const post = (user: number, reference: string, cash: number, at: string, other = 'external') =>
      db.execute(
        sql`select * from ledger_post('x', ${reference}, ${user}, null, ${at}::timestamptz, ${JSON.stringify([
          { user_id: null, kind: other, amount: -cash },
          { user_id: user, kind: 'cash', amount: cash },
        ])}::jsonb)`,
      );
    await post(1, 'a1', 5000, '2026-01-02T00:00:00Z');
    await post(2, 'b1', 700, '2026-01-01T00:00:00Z');
    // Written later but dated earlier (a job posting a past day, before this migration): the chain
    // is read in (created_at, id) order.
    await post(1, 'a0', 300, '2026-01-01T00:00:00Z', 'yield_expense');
    await post(1, 'a2', -1200, '2026-01-03T00:00:00Z');

    await migrateRest();
    const chain = async () =>
      (
        await queryRows<{ reference: string; cash_balance_after: unknown }>(
          db,
          sql`select reference, cash_balance_after from ledger_entries order by user_id, created_at, id`,
        )
      ).map((row) => [row.reference, num(row.cash_balance_after)]);
    expect(await chain()).toEqual([
      ['a0', 300],
      ['a1', 5300],
      ['a2', 4100],
      ['b1', 700],
    ]);
    // Entries are append-only again after the migration.
    await expect(db.execute(sql`update ledger_entries set cash_balance_after = 1`)).rejects.toThrow();
    // The new ledger_post writes it with the entry, after the member's latest even if dated before.
    await post(1, 'a3', 100, '2025-12-31T00:00:00Z');
    expect((await chain()).slice(0, 4)).toEqual([
      ['a0', 300],
      ['a1', 5300],
      ['a2', 4100],
      ['a3', 4200],
    ]);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
