import type { FastifyInstance } from 'fastify';
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
