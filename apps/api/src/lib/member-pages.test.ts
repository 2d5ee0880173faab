import { describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { deposits, userPlans } from '@app/db';
import type { UserPlanListResponse } from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { depositThroughSandbox, type Member } from '../../test/money';
import { createPlan, fundedMember, investIn } from '../../test/investing';
import { genericPlanOf } from '../../test/plans';
import { wholeNumbers } from '../ledger/sql';
import { memberPagesQuery, selectMemberPage } from './paging';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

// Pages of a member list asked for together are read by one statement (decision 144).
describe('member list pages read together', () => {
  it('answers each of many pages asked for at once exactly as when asked alone', async () => {
    const plan = await createPlan(app);
    // Members with 0 to 4 plans and as many deposits of their own (besides the funding one).
    const members: Member[] = [];
    for (let n = 0; n < 5; n += 1) {
      const member = await fundedMember(app, 5000);
      for (let index = 0; index < n; index += 1) {
        await investIn(member, plan.id, 100 + n * 10 + index);
        await depositThroughSandbox(member, 100 + index);
        clock.advance(1000);
      }
      members.push(member);
    }
    const queries = ['', '?per_page=2', '?per_page=2&page=2', '?per_page=3&page=5'];
    const requests = members.flatMap((member) => queries.map((query) => ({ member, query })));
    const pp = async ({ member, query }: { member: Member; query: string }) => {
      const response = await member.client.get(`/api/pp${query}`, { token: member.token });
      expect(response.statusCode).toBe(200);
      return response.json<UserPlanListResponse>();
    };
    const alone: UserPlanListResponse[] = [];
    for (const request of requests) alone.push(await pp(request));
    const together = await Promise.all([...requests, ...requests].map(pp));
    expect(together).toEqual([...alone, ...alone]);
    expect(new Set(alone.map((answer) => JSON.stringify(answer))).size).toBeGreaterThan(10);
    expect(alone[queries.length * 4]?.meta).toEqual({ current_page: 1, total_pages: 1, total: 4 });

    // The same for a list counted (deposits), read through the repository.
    const page = (member: Member, at: number) => selectMemberPage(db, deposits, member.user.id, at, 2);
    const soloDeposits = [];
    for (const member of members) for (const at of [1, 2, 3]) soloDeposits.push(await page(member, at));
    const atOnce = await Promise.all(members.flatMap((member) => [1, 2, 3].map((at) => page(member, at))));
    expect(atOnce).toEqual(soloDeposits);
    expect(soloDeposits.map((answer) => answer.total)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
  });

  it('reads each page through the member index and counts each page once', async () => {
    const member = await fundedMember(app, 5000);
    const plan = await createPlan(app);
    for (let index = 0; index < 3; index += 1) await investIn(member, plan.id, 100 + index);
    const others = [await fundedMember(app, 100), await fundedMember(app, 100)];
    const ids = [member, ...others].map((one) => one.user.id);
    for (const table of [userPlans, deposits]) {
      // The statement the list's pages are read with, for these three members' first pages of 2.
      const column = (value: number) => wholeNumbers(ids.map(() => value));
      const plan = await genericPlanOf(
        app.deps.database,
        (tx) =>
          memberPagesQuery(tx, table, {
            userIds: wholeNumbers(ids),
            limits: column(2),
            offsets: column(0),
            caps: column(22),
          }),
        { analyze: true },
      );
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toContain(`${getTableName(table)}_user_idx`);
      // The length: the kept row (plans) or the bounded count (deposits), once for each page.
      const loops = [
        ...plan.matchAll(
          /(?:Aggregate|Index Scan using member_list_totals\w* on member_list_totals) \(actual rows=[\d.]+ loops=(\d+)\)/g,
        ),
      ];
      expect(loops.length).toBeGreaterThan(0);
      for (const match of loops) expect(Number(match[1])).toBe(ids.length);
    }
  });
});
