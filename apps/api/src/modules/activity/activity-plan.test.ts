import { describe, expect, it } from 'vitest';
import type { ActivityType } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { depositThroughSandbox, signedInMember } from '../../../test/money';
import { postPlatformTransfers } from '../../ledger/bulk';
import { genericPlanOf } from '../../../test/plans';
import { ACTIVITY_COUNT_PAGES_AHEAD, activityPageSql, type ActivityFilter } from './activity.repository';

const { app } = await createTestApp();

// A page of Activity reads the member's cash entries and their deposits not credited through their
// own indexes, never a table scan, so it costs the same however long the history (decision 158).
describe('the statement of an Activity page', () => {
  it.each<[string, ActivityType | undefined, Date | undefined, string[]]>([
    ['no filter', undefined, undefined, ['ledger_entries_user_cash_idx', 'deposits_user_uncredited_idx']],
    ['a date', undefined, new Date('2000-01-01T00:00:00.000Z'), ['ledger_entries_user_cash_idx']],
    ['a type', 'withdrawal', undefined, ['ledger_entries_user_kind_idx']],
    ['deposits', 'deposit', undefined, ['ledger_entries_user_kind_idx', 'deposits_user_uncredited_idx']],
  ])('with %s reads through its member indexes', async (_, type, from, indexes) => {
    const member = await signedInMember(app);
    for (const amount of [10, 20, 30]) await depositThroughSandbox(member, amount);
    const filter: ActivityFilter = {
      userId: member.user.id,
      type,
      from,
      until: undefined,
      limit: 20,
      offset: 0,
    };
    const plan = await genericPlanOf(app.deps.database, () => activityPageSql(filter));
    expect(plan).not.toMatch(/Seq Scan/);
    for (const index of indexes) expect(plan).toContain(index);
  });

  it('with a date, reads one page of a long history, not the history, as the connection plans it', async () => {
    // 3,000 earnings of one member and no statistics gathered (PGlite has no autovacuum): a plan made
    // for the values (a custom plan) read every entry of the member to sort them; the generic plan the
    // connections use reads the page through the ordered index (decision 135).
    const member = await signedInMember(app);
    await app.deps.database.db.transaction(async (tx) => {
      const posted = await postPlatformTransfers(tx, {
        kind: 'earning',
        from: 'yield_expense',
        to: 'cash',
        createdAt: new Date('2026-01-01T00:00:00.000Z'),
        items: Array.from({ length: 3_000 }, (_, day) => ({
          reference: `history:${member.user.id}:${day}`,
          userId: member.user.id,
          amount: 1,
          metadata: {},
        })),
      });
      await posted.settlePlatform();
    });
    const filter: ActivityFilter = {
      userId: member.user.id,
      type: undefined,
      from: new Date('2020-01-01T00:00:00.000Z'),
      until: undefined,
      limit: 20,
      offset: 0,
    };
    const plan = await genericPlanOf(app.deps.database, () => activityPageSql(filter), {
      analyze: true,
      asConfigured: true,
    });
    const entryRows = plan
      .split('\n')
      .filter((line) => line.includes('ledger_entries'))
      .map((line) => Number(/actual rows=(\d+)/.exec(line)?.[1] ?? 0));
    expect(entryRows.length).toBeGreaterThan(0);
    // The page's 20 rows, and its count of at most the pages ahead: never the 3,000.
    expect(Math.max(...entryRows)).toBeLessThanOrEqual(20 * (1 + ACTIVITY_COUNT_PAGES_AHEAD));
  });
});
