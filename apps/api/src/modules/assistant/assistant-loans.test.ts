import { describe, expect, it } from 'vitest';
import type { AskResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { applyFor, approve, borrowedMany, createLoanPlan } from '../../../test/loans';
import { activeLoansSql } from './assistant.repository';

/**
 * The assistant's loans answer (non-negotiable 6): a member who has repaid 240 loans and owes on two
 * hears about the two, and the read goes through their open instalments, never the repaid history.
 */
const { app } = await createTestApp({ AI_QUESTIONS_PER_MINUTE: '100000' });

/** A loan of `member` approved by the back office: active, 3 monthly instalments. Answers its plan's name. */
async function owing(member: Member, amount: number): Promise<string> {
  const plan = await createLoanPlan(app);
  const application = await applyFor(member, plan.id, amount, 3);
  const decided = await approve(await signedInAdmin(app), application.id);
  expect(decided.application.loan_id).not.toBeNull();
  return plan.name;
}

const loansAnswer = async (member: Member) => {
  const response = await member.client.post(
    '/api/ai/ask',
    { question: 'do I have a loan?' },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AskResponse>();
};

describe('the assistant’s loans answer with a long borrowing history', () => {
  it('names the two active loans, not the 240 repaid ones nor another member’s', async () => {
    const member = await signedInMember(app);
    await borrowedMany(app, member, 240);
    const first = await owing(member, 1000);
    const second = await owing(member, 2000);
    const other = await signedInMember(app);
    const theirs = await owing(other, 500);

    const body = await loansAnswer(member);
    expect(body.intent).toBe('loans');
    const lines = body.answer.split('\n');
    expect(lines).toHaveLength(2);
    // Oldest first.
    expect(lines[0]).toContain(first);
    expect(lines[1]).toContain(second);
    expect(body.answer).not.toContain(theirs);

    const plan = await genericPlanOf(app.deps.database, () => activeLoansSql(member.user.id, 10), {
      analyze: true,
    });
    // Two loans of three open instalments each; the member's index of loans is never walked.
    expect(readThrough(plan, 'loan_instalments_open_idx')).toEqual([6]);
    expect(plan).not.toContain('loans_user_idx');
  });

  it('says there is none once the loans are repaid', async () => {
    const member = await signedInMember(app);
    await borrowedMany(app, member, 5);
    expect((await loansAnswer(member)).answer).toBe('You have no active loans.');
  });
});
