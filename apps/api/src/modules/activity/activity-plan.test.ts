import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { depositThroughSandbox, signedInMember, type Member } from '../../../test/money';
import { genericPlanOf } from '../../../test/plans';
import { isoInstants, wholeNumbers } from '../../ledger/sql';
import { batchSql } from './activity.repository';

const { app } = await createTestApp();

// Pages of Activity asked for together are read by one statement (decision 144). Each page must
// come from the member indexes, and its count be counted once a page, not once a row of the page.
describe('the statement of Activity pages read together', () => {
  it('reads each branch through its member index and counts each page once', async () => {
    const members: Member[] = [];
    for (let index = 0; index < 3; index += 1) {
      const member = await signedInMember(app);
      for (const amount of [10, 20, 30]) await depositThroughSandbox(member, amount);
      members.push(member);
    }
    const pages = members.length;
    const column = (value: number) => wholeNumbers(members.map(() => value));
    // Without dates the count is three exact parts (deposits, withdrawals, the entries' running
    // totals); with a date it is one bounded count over the branches.
    for (const [from, counts] of [
      [undefined, 3],
      [new Date('2000-01-01T00:00:00.000Z'), 1],
    ] as const) {
      const plan = await genericPlanOf(
        app.deps.database,
        () =>
          batchSql(
            { userId: 0, type: undefined, from, until: undefined, limit: 20, offset: 0 },
            {
              userIds: wholeNumbers(members.map((member) => member.user.id)),
              takes: column(20),
              caps: column(220),
              limits: column(20),
              offsets: column(0),
              froms: isoInstants(members.map(() => from)),
              untils: isoInstants(members.map(() => undefined)),
            },
          ),
        { analyze: true },
      );
      expect(plan).not.toMatch(/Seq Scan/);
      for (const index of ['deposits_user_idx', 'withdrawals_user_idx', 'ledger_entries_user_kind_idx'])
        expect(plan).toContain(index);
      // Each page's three deposits were read (PostgreSQL 17, in PGlite, writes rows with decimals).
      expect(plan).toMatch(
        new RegExp(`Nested Loop Left Join \\(actual rows=${pages * 3}(\\.00)? loops=1\\)`),
      );
      const aggregates = [...plan.matchAll(/Aggregate \(actual rows=[\d.]+ loops=(\d+)\)/g)].map((match) =>
        Number(match[1]),
      );
      expect(aggregates).toHaveLength(counts);
      for (const loops of aggregates) expect(loops).toBe(pages);
    }
  });
});
