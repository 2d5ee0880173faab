import { describe, expect, it } from 'vitest';
import type { ActivityType } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { depositThroughSandbox, signedInMember } from '../../../test/money';
import { genericPlanOf } from '../../../test/plans';
import { activityPageSql, type ActivityFilter } from './activity.repository';

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
