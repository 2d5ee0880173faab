import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PlanRow } from '@app/db';
import type { InvestResponse, UserPlan } from '@app/shared';
import { createPlan as createPlanService, type NewPlanInput } from '../src/modules/plans/plans.service';
import { depositThroughSandbox, signedInMember, type Member } from './money';

/** Investing factories: plans through the plans service, investments through the HTTP API. */

let planCounter = 0;
export async function createPlan(
  app: FastifyInstance,
  overrides: Partial<NewPlanInput> = {},
): Promise<PlanRow> {
  planCounter += 1;
  return createPlanService(
    app.deps.database.db,
    {
      name: `Plan ${planCounter} ${Date.now().toString(36)}`,
      category: 'personal',
      apyBps: 1200,
      lockedApyBps: 1500,
      durationDays: 30,
      minAmountCents: 100_00,
      maxAmountCents: 1_000_000_00,
      ...overrides,
    },
    app.deps.clock.now(),
  );
}

/** A verified member with `amount` dollars deposited through the sandbox gateway. */
export async function fundedMember(app: FastifyInstance, amount: number): Promise<Member> {
  const member = await signedInMember(app);
  if (amount > 0) await depositThroughSandbox(member, amount);
  return member;
}

export async function investIn(member: Member, planId: number, amount: number | string): Promise<UserPlan> {
  const response = await member.client.post(
    '/api/invest',
    { plan_id: planId, amount },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<InvestResponse>().plan;
}
