import { afterAll, describe, expect, it } from 'vitest';
import type { SQLWrapper } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { createTestDatabase } from '../../../test/db';
import { genericPlanOf } from '../../../test/plans';
import { dueBatchQuery, maturedPlansQuery } from './investing.repository';

const { database, drop } = await createTestDatabase();
afterAll(drop);

// The daily accrual takes a day's due plans in batches in id order (a million plans: 200 batches). The
// plan must come from the (next_accrual_at, id) index in that order and stop at the batch's size; a
// Sort node means every batch sorts all of the day's plans again (decision 107). Each plan is the
// generic plan the product's connections run the statement with (decision 139).
const planOf = (build: (tx: Tx) => SQLWrapper) => genericPlanOf(database, build);

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
  // With the statuses bound, the generic plan could not use the partial index and walked the primary
  // key, filtering: 845 ms a tick over a million plans (decision 139).
  it('finds matured plans through the maturity index, in its order, not by reading every open plan', async () => {
    const plan = await planOf((tx) => maturedPlansQuery(tx, new Date('2026-03-03T00:00:00Z'), 500));
    expect(plan).toMatch(/Index Cond: \(ends_at <= /);
    expect(plan).toContain('user_plans_maturity_idx');
    expect(plan).not.toContain('user_plans_pkey');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});
