import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { LOAN_LIST_LIMIT, type LoanApplication, type LoanListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { genericPlanOf } from '../../../test/plans';
import { signedInMember, type Member } from '../../../test/money';
import { createLoanPlan } from '../../../test/loans';
import { queryRows } from '../../ledger/sql';
import { listUserApplications, listUserLoans } from './loans.repository';

const { app } = await createTestApp();
const { db } = app.deps.database;

// More than the Explore page lists: every pair shares an instant, so the order's tie-break (id) counts.
const MANY = LOAN_LIST_LIMIT + 10;

/**
 * `count` completed loans of `member`, each with its approved-then-completed application and one paid
 * instalment, two a minute from 2026-01-01: set-based, as a year of borrowing would leave them. Each
 * loan is paid in full with no interest, so the books still balance. Answers the loans' and the
 * applications' ids, oldest first.
 */
async function borrowedMany(member: Member, count: number) {
  const plan = await createLoanPlan(app);
  const applications = await queryRows<{ id: number }>(
    db,
    sql`insert into loan_applications (user_id, plan_id, amount_requested, term, status, decided_at, created_at, updated_at)
        select ${member.user.id}, ${plan.id}, 100000, 1, 'completed', t.at, t.at, t.at
        from generate_series(0, ${count - 1}) g
        cross join lateral (select timestamptz '2026-01-01T00:00:00Z' + (g / 2) * interval '1 minute' as at) t
        order by g
        returning id`,
  );
  const loans = await queryRows<{ id: number }>(
    db,
    sql`insert into loans (application_id, user_id, plan_id, plan_name, change, rate_bps, interval, term,
          principal, profit, paid_principal, status, disbursed_at, completed_at, created_at, updated_at)
        select a.id, a.user_id, a.plan_id, ${plan.name}, '0% monthly', 0, 'monthly', 1,
          100000, 0, 100000, 'completed', a.created_at, a.created_at, a.created_at, a.created_at
        from loan_applications a where a.user_id = ${member.user.id}
        order by a.id
        returning id`,
  );
  await db.execute(
    sql`insert into loan_instalments (loan_id, number, user_id, due_date, principal, interest, paid_principal, status, paid_at)
        select l.id, 1, l.user_id, l.created_at::date, 100000, 0, 100000, 'paid', l.created_at
        from loans l where l.user_id = ${member.user.id}`,
  );
  const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  return { applications: ids(applications), loans: ids(loans) };
}

/** The newest `limit` of ids given oldest first (ids grow with the time, so newest first is id order). */
const newest = (ids: number[], limit = LOAN_LIST_LIMIT) => ids.slice(-limit).reverse();

const get = (member: Member, url: string) => member.client.get(url, { token: member.token });

describe('the member’s loan lists are the newest LOAN_LIST_LIMIT (decision 219)', () => {
  it('lists the newest applications and loans, newest first; another member’s never; the export has all', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const mine = await borrowedMany(member, MANY);
    const theirs = await borrowedMany(other, 3);

    const applications = await get(member, '/api/loan-applications');
    expect(applications.statusCode).toBe(200);
    const listed = applications.json<LoanApplication[]>();
    expect(listed.map((row) => row.id)).toEqual(newest(mine.applications));
    expect(listed[0]).toMatchObject({ status: 'completed', loan_id: mine.loans.at(-1) });

    const loans = await get(member, '/api/loans');
    expect(loans.statusCode).toBe(200);
    expect(loans.json<LoanListResponse>().map((loan) => loan.id)).toEqual(newest(mine.loans));

    // The other member sees their own three, none of the first member's.
    expect(
      (await get(other, '/api/loan-applications')).json<LoanApplication[]>().map((row) => row.id),
    ).toEqual(newest(theirs.applications, 3));
    expect((await get(other, '/api/loans')).json<LoanListResponse>().map((loan) => loan.id)).toEqual(
      newest(theirs.loans, 3),
    );

    // The data export is the member's whole record: every loan and application.
    const archive = await get(member, '/api/account/export');
    expect(archive.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const exported = (name: string) =>
      (JSON.parse(strFromU8(files[name]!)) as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    expect(exported('loans.json')).toEqual(mine.loans);
    expect(exported('loan-applications.json')).toEqual(mine.applications);
  });

  it('reads only the newest rows through the member index, however many the member has', async () => {
    const member = await signedInMember(app);
    await borrowedMany(member, MANY * 4);
    for (const [table, build] of [
      ['loan_applications', () => listUserApplications(db, member.user.id, LOAN_LIST_LIMIT)],
      ['loans', () => listUserLoans(db, member.user.id, LOAN_LIST_LIMIT)],
    ] as const) {
      const plan = await genericPlanOf(app.deps.database, build, { analyze: true });
      expect(plan).toContain(`${table}_user_idx`);
      const read = plan
        .split('\n')
        .filter((line) => line.includes(`${table}_user_idx`))
        .map((line) => Number(/actual rows=(\d+)/.exec(line)?.[1] ?? 0));
      // The page's rows and the rest of the last instant's pair: never the member's 240.
      expect(Math.max(...read)).toBeLessThanOrEqual(LOAN_LIST_LIMIT + 1);
    }
  });
});
