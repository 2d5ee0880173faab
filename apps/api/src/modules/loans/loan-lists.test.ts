import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import {
  LOAN_LIST_LIMIT,
  type LoanApplication,
  type LoanListResponse,
  type LoanRepayResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { applyFor, approve, borrowedMany, createLoanPlan } from '../../../test/loans';
import { queryRows } from '../../ledger/sql';
import { listUserApplications, listUserLoans } from './loans.repository';

const { app } = await createTestApp();
const { db } = app.deps.database;

// More than the Explore page lists: every pair shares an instant, so the order's tie-break (id) counts.
const MANY = LOAN_LIST_LIMIT + 10;

/** Bulk rows after the test clock's 2026-03-02 (by default they start on 2026-01-01), two a minute. */
const LATER = '2026-04-01T00:00:00Z';

/** Ids oldest first (ids grow with the time in these rows). */
const ids = (rows: { id: unknown }[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);

/** `count` applications of `member` withdrawn at once, on one plan, two a minute from `from`. */
async function withdrawnMany(member: Member, count: number, from: string): Promise<number[]> {
  const plan = await createLoanPlan(app);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into loan_applications (user_id, plan_id, amount_requested, term, status, decided_at, created_at, updated_at)
        select ${member.user.id}, ${plan.id}, 100000, 1, 'withdrawn', t.at, t.at, t.at
        from generate_series(0, ${count - 1}) g
        cross join lateral (select ${from}::timestamptz + (g / 2) * interval '1 minute' as at) t
        order by g
        returning id`,
  );
  return ids(rows);
}

/** A loan of `member` approved by the back office at the test clock (2026-03-02): active, 3 monthly instalments. */
async function activeLoan(member: Member) {
  const plan = await createLoanPlan(app);
  const application = await applyFor(member, plan.id, 1000, 3);
  const decided = await approve(await signedInAdmin(app), application.id);
  const loanId = decided.application.loan_id;
  if (loanId === null) throw new Error('approved without a loan');
  return { application, loanId };
}

/** The newest `limit` of ids given oldest first (ids grow with the time, so newest first is id order). */
const newest = (list: number[], limit = LOAN_LIST_LIMIT) => list.slice(-limit).reverse();

const get = (member: Member, url: string) => member.client.get(url, { token: member.token });
const applicationIds = async (member: Member) => {
  const response = await get(member, '/api/loan-applications');
  expect(response.statusCode).toBe(200);
  return response.json<LoanApplication[]>();
};
const loanList = async (member: Member) => {
  const response = await get(member, '/api/loans');
  expect(response.statusCode).toBe(200);
  return response.json<LoanListResponse>();
};

describe('the member’s loan lists: every open one and the newest LOAN_LIST_LIMIT closed (decision 219)', () => {
  it('lists the newest closed applications and loans, newest first; another member’s never; the export has all', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const mine = await borrowedMany(app, member, MANY);
    const theirs = await borrowedMany(app, other, 3);

    const listed = await applicationIds(member);
    expect(listed.map((row) => row.id)).toEqual(newest(mine.applications));
    expect(listed[0]).toMatchObject({ status: 'completed', loan_id: mine.loans.at(-1) });
    expect((await loanList(member)).map((loan) => loan.id)).toEqual(newest(mine.loans));

    // The other member sees their own three, none of the first member's.
    expect((await applicationIds(other)).map((row) => row.id)).toEqual(newest(theirs.applications, 3));
    expect((await loanList(other)).map((loan) => loan.id)).toEqual(newest(theirs.loans, 3));

    // The data export is the member's whole record: every loan and application.
    const archive = await get(member, '/api/account/export');
    expect(archive.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const exported = (name: string) => ids(JSON.parse(strFromU8(files[name]!)) as { id: number }[]);
    expect(exported('loans.json')).toEqual(mine.loans);
    expect(exported('loan-applications.json')).toEqual(mine.applications);
  });

  it('keeps an old pending application listed behind 60 newer withdrawn ones, and it can be cancelled', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const pending = await applyFor(member, plan.id, 500, 6);
    // Applying and withdrawing on another plan 60 times: each withdrawn one is newer than the pending one.
    const withdrawn = await withdrawnMany(member, MANY, LATER);
    const theirs = await applyFor(other, plan.id, 700, 6);

    const listed = await applicationIds(member);
    // Newest first overall: the 50 newest closed, then the older pending one, which is the oldest here.
    expect(listed.map((row) => row.id)).toEqual([...newest(withdrawn), pending.id]);
    expect(listed.at(-1)).toMatchObject({ id: pending.id, status: 'pending' });
    expect(listed.map((row) => row.id)).not.toContain(theirs.id);
    expect((await applicationIds(other)).map((row) => row.id)).toEqual([theirs.id]);

    // The Explore page's cancel button: the member withdraws it through the API.
    const cancelled = await member.client.post(
      `/api/loan-applications/${pending.id}/withdraw`,
      {},
      { token: member.token },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ application: LoanApplication }>().application.status).toBe('withdrawn');
    // Closed now, and older than the 50 newest closed: no longer listed, still in the export.
    expect((await applicationIds(member)).map((row) => row.id)).toEqual(newest(withdrawn));
  });

  it('keeps an old active loan listed behind 60 newer repaid ones, and it can be repaid', async () => {
    const member = await signedInMember(app);
    const { application, loanId } = await activeLoan(member);
    const repaid = await borrowedMany(app, member, MANY, LATER);

    const loans = await loanList(member);
    expect(loans.map((loan) => loan.id)).toEqual([...newest(repaid.loans), loanId]);
    expect(loans.at(-1)).toMatchObject({ id: loanId, status: 'active', next_due_amount: expect.any(Number) });
    // Its application was decided (approved): the loan is what is open, in "My loans"; the history
    // lists the newest closed applications, and this one is older than them.
    expect((await applicationIds(member)).map((row) => row.id)).toEqual(newest(repaid.applications));
    expect(repaid.applications).not.toContain(application.id);

    // Its schedule and "Repay now" (the member has the disbursed cash).
    expect((await get(member, `/api/loans/${loanId}`)).statusCode).toBe(200);
    const paid = await member.client.post(`/api/loans/${loanId}/repay`, {}, { token: member.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<LoanRepayResponse>().loan.status).toBe('completed');
    expect((await loanList(member)).map((loan) => loan.id)).toEqual(newest(repaid.loans));
  });

  it('reads the open rows and only the newest closed ones through indexes, however many the member has', async () => {
    const member = await signedInMember(app);
    await borrowedMany(app, member, MANY * 4);
    // One open of each (newer than the closed ones, so the closed read passes over them too).
    const { loanId } = await activeLoan(member);
    const pending = await applyFor(member, (await createLoanPlan(app)).id, 500, 6);
    expect((await applicationIds(member))[0]?.id).toBe(pending.id);
    expect((await loanList(member))[0]?.id).toBe(loanId);

    const applications = await genericPlanOf(
      app.deps.database,
      () => listUserApplications(db, member.user.id, LOAN_LIST_LIMIT),
      { analyze: true },
    );
    // The pending one through the partial unique index of pending applications; the closed ones the
    // newest of the member's index, stopping after the page: its 50, the rest of the last instant's pair,
    // the row that shows the pair ended, and the newer pending one passed over. Never the member's 240.
    expect(readThrough(applications, 'loan_applications_one_pending')).toEqual([1]);
    const closedApplications = readThrough(applications, 'loan_applications_user_idx');
    expect(closedApplications).toHaveLength(1);
    expect(closedApplications[0]).toBeLessThanOrEqual(LOAN_LIST_LIMIT + 3);

    const loans = await genericPlanOf(
      app.deps.database,
      () => listUserLoans(db, member.user.id, LOAN_LIST_LIMIT),
      { analyze: true },
    );
    // The active one through its open instalments (three), then by its id; the closed ones as above
    // (the newer active one passed over).
    expect(readThrough(loans, 'loan_instalments_open_idx')).toEqual([3]);
    expect(loans).toContain('loans_pkey');
    const closedLoans = readThrough(loans, 'loans_user_idx');
    expect(closedLoans).toHaveLength(1);
    expect(closedLoans[0]).toBeLessThanOrEqual(LOAN_LIST_LIMIT + 3);
  });
});
