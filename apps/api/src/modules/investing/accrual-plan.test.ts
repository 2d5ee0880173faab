import { afterAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { queryRows } from '../../ledger/sql';
import { createTestDatabase } from '../../../test/db';
import { dueBatchQuery, maturedPlansQuery } from './investing.repository';

const { database, drop } = await createTestDatabase();
afterAll(drop);

// The daily accrual takes a day's due plans in batches in id order (a million plans: 200 batches). The
// plan must come from the (next_accrual_at, id) index in that order and stop at the batch's size; a
// Sort node means every batch sorts all of the day's plans again (decision 107). The tables are empty
// here, so sequential scans are ruled out to see the plan the planner has for a large table.
const planOf = (build: (tx: Tx) => SQLWrapper) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${build(tx)}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });

describe('the accrual batch query', () => {
  it('reads the due plans in id order from the due index, without sorting them', async () => {
    const at = new Date('2026-03-03T00:00:00Z');
    for (const afterId of [0, 123_456]) {
      const plan = await planOf((tx) => dueBatchQuery(tx, at, 5000, undefined, afterId));
      expect(plan).toContain('user_plans_due_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
    // The next batch of the day starts in the index after the last plan of the one before.
    const after = await planOf((tx) => dueBatchQuery(tx, at, 5000, undefined, 123_456));
    expect(after).toMatch(/Index Cond: .*id > /);
  });

  // Every scheduler tick asks which plans have matured; a million open plans must not be read for it.
  it('finds matured plans through the maturity index, not by reading every open plan', async () => {
    const plan = await planOf((tx) => maturedPlansQuery(tx, new Date('2026-03-03T00:00:00Z'), 500));
    expect(plan).toContain('user_plans_maturity_idx');
  });
});
