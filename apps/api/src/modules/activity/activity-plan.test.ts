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
});

// A member with 3,000 earnings and no statistics gathered (PGlite has no autovacuum). A plan made for
// the values (a custom plan) read every entry of such a member to sort them for a page with a date;
// the generic plan the connections use reads the page through the ordered index (decision 135). Each
// filter is planned as the connection plans it and run: it reads a page and its bounded count, never
// the history.
describe('an Activity page of a long history, as the connection plans it', () => {
  let longHistory: number | undefined;
  async function memberWithLongHistory(): Promise<number> {
    if (longHistory !== undefined) return longHistory;
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
    longHistory = member.user.id;
    return longHistory;
  }

  it.each<[string, Partial<ActivityFilter>]>([
    ['no filter', {}],
    ['a date', { from: new Date('2020-01-01T00:00:00.000Z') }],
    [
      'a date range',
      { from: new Date('2020-01-01T00:00:00.000Z'), until: new Date('2030-01-01T00:00:00.000Z') },
    ],
    ['a type', { type: 'earning' }],
    ['the fifth page', { offset: 80 }],
  ])('with %s reads one page, not the history', async (_, part) => {
    const filter: ActivityFilter = {
      userId: await memberWithLongHistory(),
      type: undefined,
      from: undefined,
      until: undefined,
      limit: 20,
      offset: 0,
      ...part,
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
    // The page's rows and its count of at most the pages ahead: never the 3,000.
    expect(Math.max(...entryRows)).toBeLessThanOrEqual(
      filter.offset + filter.limit * (1 + ACTIVITY_COUNT_PAGES_AHEAD),
    );
  });
});
