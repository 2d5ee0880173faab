import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../test/migrations-up-to';
import { checkLedger } from './check';
import { queryRows } from './sql';

/** Migration 0026 (decision 140) fills the cash amount of every entry written before it. */
const BEFORE = '0025_maturity_index_order';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0026: entry cash amounts', () => {
  it('fills the cash amount of the entries already written from their postings', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', now(), now())`);
    const post = (kind: string, reference: string, postings: unknown[], userId: number | null = 1) =>
      db.execute(
        sql`select * from ledger_post(${kind}, ${reference}, ${userId}, null, now(), ${JSON.stringify(postings)}::jsonb)`,
      );
    await post('deposit', 'm:deposit', [
      { user_id: null, kind: 'external', amount: -5000 },
      { user_id: 1, kind: 'cash', amount: 5000 },
    ]);
    await post('withdrawal_hold', 'm:hold', [
      { user_id: 1, kind: 'cash', amount: -1200 },
      { user_id: 1, kind: 'withdrawal_hold', amount: 1200 },
    ]);
    await post('withdrawal_paid', 'm:paid', [
      { user_id: 1, kind: 'withdrawal_hold', amount: -1200 },
      { user_id: null, kind: 'external', amount: 1200 },
    ]);
    // Cash postings that net to nothing, and an entry of the platform alone.
    await post('adjustment', 'm:zero', [
      { user_id: 1, kind: 'cash', amount: 100 },
      { user_id: 1, kind: 'cash', amount: -100 },
    ]);
    await post(
      'platform',
      'm:platform',
      [
        { user_id: null, kind: 'external', amount: -50 },
        { user_id: null, kind: 'yield_expense', amount: 50 },
      ],
      null,
    );

    await migrateRest();
    const rows = await queryRows<{ reference: string; cash_amount: unknown }>(
      db,
      sql`select reference, cash_amount from ledger_entries order by id`,
    );
    expect(
      rows.map((row) => [row.reference, row.cash_amount === null ? null : Number(row.cash_amount)]),
    ).toEqual([
      ['m:deposit', 5000],
      ['m:hold', -1200],
      ['m:paid', null],
      ['m:zero', 0],
      ['m:platform', null],
    ]);
    // Entries are append-only again after the migration.
    await expect(db.execute(sql`update ledger_entries set cash_amount = 1`)).rejects.toThrow();
    // The new ledger_post writes the amount with the entry.
    await post('withdrawal_released', 'm:released', [
      { user_id: null, kind: 'external', amount: -300 },
      { user_id: 1, kind: 'cash', amount: 300 },
    ]);
    const [released] = await queryRows<{ cash_amount: unknown }>(
      db,
      sql`select cash_amount from ledger_entries where reference = 'm:released'`,
    );
    expect(Number(released?.cash_amount)).toBe(300);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
