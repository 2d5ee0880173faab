import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { num, queryRows } from '../../ledger/sql';

/** Migration 0049 (decision 214) names the deposit that earned each referral reward given before it. */
const BEFORE = '0048_mail_dispatch';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0049: the deposit of a referral reward', () => {
  it('is the deposit confirmed when the reward was written, else the friend’s first to be confirmed', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, referred_by_id, loyalty_points, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', null, 150, now(), now()),
             (2, 'ben', 'ben@example.com', 'x', 'BEN1', 1, 0, now(), now())`);
    // Ben's deposit 10 was asked for first but confirmed after deposit 11; 12 never confirmed.
    await db.execute(sql`insert into deposits (id, user_id, amount, method, currency, status, reference, credited, confirmed_at, created_at, updated_at)
      values (10, 2, 9000, 'nowpayment', 'btc', 'confirmed', 'R10', 9000, '2026-02-03T00:00:00Z', '2026-02-01T00:00:00Z', now()),
             (11, 2, 5000, 'nowpayment', 'btc', 'refunded', 'R11', 5000, '2026-02-02T00:00:00Z', '2026-02-02T00:00:00Z', now()),
             (12, 2, 7000, 'bank_transfer', 'usd', 'pending', 'R12', 0, null, '2026-01-01T00:00:00Z', now())`);
    // Cai's deposit 13 was confirmed after 14, but the reward was written with 13's confirmation (the
    // same clock reading): that one earned it. Dan's reward row has no friend any more: no deposit.
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, referred_by_id, created_at, updated_at)
      values (3, 'cai', 'cai@example.com', 'x', 'CAI1', 1, now(), now())`);
    await db.execute(sql`insert into deposits (id, user_id, amount, method, currency, status, reference, credited, confirmed_at, created_at, updated_at)
      values (13, 3, 4000, 'nowpayment', 'btc', 'confirmed', 'R13', 4000, '2026-03-05T10:00:00Z', '2026-03-01T00:00:00Z', now()),
             (14, 3, 2000, 'nowpayment', 'btc', 'confirmed', 'R14', 2000, '2026-03-04T10:00:00Z', '2026-03-01T00:00:00Z', now())`);
    await db.execute(sql`insert into points_transactions (user_id, kind, points, reference, related_user_id, created_at)
      values (1, 'referral_reward', 50, 'referral:2', 2, '2026-02-02T00:00:00Z'),
             (1, 'referral_reward', 40, 'referral:3', 3, '2026-03-05T10:00:00Z'),
             (1, 'referral_reward', 60, 'referral:4', null, '2026-02-02T00:00:00Z')`);

    await migrateRest();
    const rows = await queryRows<{ reference: string; deposit_id: unknown }>(
      db,
      sql`select reference, deposit_id from points_transactions order by reference`,
    );
    expect(rows.map((row) => [row.reference, row.deposit_id === null ? null : num(row.deposit_id)])).toEqual([
      ['referral:2', 11],
      ['referral:3', 13],
      ['referral:4', null],
    ]);
    // A reward gives points, a conversion or a reversal takes them; never the other way (the sign CHECK).
    const refusal = (kind: string, points: number) =>
      db
        .execute(
          sql`insert into points_transactions (user_id, kind, points, reference, created_at)
            values (1, ${kind}, ${points}, ${`bad:${kind}`}, now())`,
        )
        .then(
          () => 'accepted',
          (error: Error) => String(error.cause),
        );
    expect(await refusal('conversion', 10)).toMatch(/points_transactions_sign/);
    expect(await refusal('referral_reversal', 10)).toMatch(/points_transactions_sign/);
    expect(await refusal('referral_reward', -10)).toMatch(/points_transactions_sign/);
  });
});
