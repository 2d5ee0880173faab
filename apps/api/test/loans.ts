import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LoanPlanRow } from '@app/db';
import type {
  AdminLoanApplicationActionResponse,
  LoanApplication,
  LoanApplyResponse,
  LoanDetail,
} from '@app/shared';
import {
  createLoanPlan as createLoanPlanService,
  type NewLoanPlanInput,
} from '../src/modules/loans/loan-plans.service';
import { queryRows } from '../src/ledger/sql';
import type { Member } from './money';

/** Loan factories: plans through the loans service, applications and decisions through the HTTP API. */

let planCounter = 0;
export function createLoanPlan(
  app: FastifyInstance,
  overrides: Partial<NewLoanPlanInput> = {},
): Promise<LoanPlanRow> {
  planCounter += 1;
  return createLoanPlanService(
    app.deps.database.db,
    {
      name: `Loan plan ${planCounter} ${Date.now().toString(36)}`,
      description: 'A test plan.',
      category: 'personal',
      change: '12% monthly',
      duration: 24,
      minAmountCents: 100_00,
      maxAmountCents: 10_000_00,
      ...overrides,
    },
    app.deps.clock.now(),
  );
}

/** POST /api/loans/apply as the member sends it, whatever the answer. */
export const applyRequest = (member: Member, body: Record<string, unknown>) =>
  member.client.post('/api/loans/apply', body, { token: member.token });

export async function applyFor(
  member: Member,
  planId: number,
  amount: number | string,
  term: number | string,
): Promise<LoanApplication> {
  const response = await member.client.post(
    '/api/loans/apply',
    { plan_id: planId, amount_requested: amount, term },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LoanApplyResponse>().application;
}

export async function approve(
  admin: Member,
  applicationId: number,
): Promise<AdminLoanApplicationActionResponse> {
  const response = await admin.client.post(
    `/api/admin/loan-applications/${applicationId}/approve`,
    undefined,
    {
      token: admin.token,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminLoanApplicationActionResponse>();
}

export async function loanOf(member: Member, id: number): Promise<LoanDetail> {
  const response = await member.client.get(`/api/loans/${id}`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoanDetail>();
}

/**
 * `count` completed loans of `member`, each with its approved-then-completed application and one paid
 * instalment, two a minute from `from`: set-based, as a year of borrowing would leave them. Each loan is
 * paid in full with no interest, so the books still balance. Answers the loans' and the applications'
 * ids, oldest first.
 */
export async function borrowedMany(
  app: FastifyInstance,
  member: Member,
  count: number,
  from = '2026-01-01T00:00:00Z',
) {
  const plan = await createLoanPlan(app);
  const rows = await queryRows<{ id: number; application_id: number }>(
    app.deps.database.db,
    sql`with applied as (
          insert into loan_applications (user_id, plan_id, amount_requested, term, status, decided_at, created_at, updated_at)
          select ${member.user.id}, ${plan.id}, 100000, 1, 'completed', t.at, t.at, t.at
          from generate_series(0, ${count - 1}) g
          cross join lateral (select ${from}::timestamptz + (g / 2) * interval '1 minute' as at) t
          order by g
          returning id, user_id, plan_id, created_at
        ), lent as (
          insert into loans (application_id, user_id, plan_id, plan_name, change, rate_bps, interval, term,
            principal, profit, paid_principal, status, disbursed_at, completed_at, created_at, updated_at)
          select a.id, a.user_id, a.plan_id, ${plan.name}, '0% monthly', 0, 'monthly', 1,
            100000, 0, 100000, 'completed', a.created_at, a.created_at, a.created_at, a.created_at
          from applied a
          order by a.id
          returning id, user_id, application_id, created_at
        ), paid as (
          insert into loan_instalments (loan_id, number, user_id, due_date, principal, interest, paid_principal, status, paid_at)
          select l.id, 1, l.user_id, l.created_at::date, 100000, 0, 100000, 'paid', l.created_at
          from lent l
        )
        select id, application_id from lent`,
  );
  const oldestFirst = (list: number[]) => list.map(Number).sort((a, b) => a - b);
  return {
    loans: oldestFirst(rows.map((row) => row.id)),
    applications: oldestFirst(rows.map((row) => row.application_id)),
  };
}
