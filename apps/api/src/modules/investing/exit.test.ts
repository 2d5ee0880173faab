import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exitQuotes, ledgerEntries, ledgerPostings, userPlans } from '@app/db';
import type { ExitQuote, UserPlanActionResponse } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import { balanceOf, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

type Rule = { penaltyBps: number; forfeit: 'none' | 'current_period' | 'all' };

const quoteOf = (member: Member, id: number) =>
  member.client.get(`/api/pp/${id}/exit-quote`, { token: member.token });
const exitOf = (member: Member, id: number, body: unknown) =>
  member.client.post(`/api/pp/${id}/exit`, body, { token: member.token });

/** $10,000 in a 90-day plan at 12% from 2026-05-01 10:00 UTC, the clock then at 2026-06-05 12:00. */
async function heldPlan(exit: Rule | undefined, funded = 10_000) {
  clock.set(new Date('2026-05-01T10:00:00Z'));
  const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500, durationDays: 90, exit });
  const member = await fundedMember(app, funded);
  const held = await investIn(member, plan.id, 10_000);
  clock.set(new Date('2026-06-05T12:00:00Z'));
  // The session of May has expired by June: a fresh sign-in.
  member.token = await signIn(member.client, member.email);
  return { member, held };
}

/** A ledger entry's kind and its postings' amounts, smallest first. */
async function entryOf(reference: string) {
  const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
  const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, entry!.id));
  return { kind: entry?.kind, amounts: postings.map((posting) => posting.amount).sort((a, b) => a - b) };
}

async function quote(member: Member, id: number): Promise<ExitQuote> {
  const response = await quoteOf(member, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExitQuote>();
}

describe('GET /api/pp/:id/exit-quote (hand-worked, one case per rule)', () => {
  // 35 days credited (May 2 – June 5): halfEven(1 000 000 × 1200 × 35 / 3 650 000) = 11 507 cents;
  // the current period started 2026-05-31 10:00, so its days are June 1–5: 11 507 − 9 863 = 1 644.
  // Held to the end (90 days): halfEven(1 000 000 × 1200 × 90 / 3 650 000) = 29 589 → $10,295.89.
  it('a 2% penalty, earnings kept', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 200, forfeit: 'none' });
    const body = await quote(member, held.id);
    expect(body).toMatchObject({
      user_plan_id: held.id,
      principal: 10_000,
      earned: 115.07,
      forfeited: 0,
      penalty: 200,
      returned: 9800,
      kept_earnings: 115.07,
      total: 9915.07,
      maturity_total: 10_295.89,
      ends_at: '2026-07-30T10:00:00.000Z',
      expires_at: '2026-06-05T12:01:00.000Z',
    });
  });

  it('no penalty, the current period’s earnings forfeited', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 0, forfeit: 'current_period' });
    expect(await quote(member, held.id)).toMatchObject({
      forfeited: 16.44,
      penalty: 0,
      returned: 9983.56,
      kept_earnings: 98.63,
      // In all: $115.07 already in cash + $9,983.56 back.
      total: 10_098.63,
    });
  });

  it('a 1% penalty and all earnings forfeited', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 100, forfeit: 'all' });
    expect(await quote(member, held.id)).toMatchObject({
      forfeited: 115.07,
      penalty: 100,
      returned: 9784.93,
      kept_earnings: 0,
      // In all: the principal less the penalty ($115.07 in cash + $9,784.93 back).
      total: 9900,
    });
  });

  it('a reinvesting position: its earnings counted once, the maturity compounded (decision 192)', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const plan = await createPlan(app, {
      apyBps: 1200,
      lockedApyBps: 1500,
      durationDays: 90,
      exit: { penaltyBps: 200, forfeit: 'none' },
    });
    const member = await fundedMember(app, 10_000);
    const held = await investIn(member, plan.id, 10_000);
    const on = await member.client.put(
      `/api/pp/${held.id}/compounding`,
      { reinvest: true },
      { token: member.token },
    );
    expect(on.statusCode, on.body).toBe(200);
    clock.set(new Date('2026-06-05T12:00:00Z'));
    member.token = await signIn(member.client, member.email);
    // 35 days reinvested at 12%: 1 000 000 × (1 + 1200 / 3 650 000)^35 = 1 011 571.39 → $10,115.71,
    // all $115.71 earned inside it. 2% penalty: 20 231.42 → 20 231. Held to the end (90 days):
    // 1 000 000 × (1 + 1200 / 3 650 000)^90 = 1 030 026.14 → $10,300.26 (paid out it would be $10,295.89).
    expect(await quote(member, held.id)).toMatchObject({
      principal: 10_115.71,
      earned: 115.71,
      penalty: 202.31,
      returned: 9913.4,
      kept_earnings: 115.71,
      total: 9913.4,
      maturity_total: 10_300.26,
    });
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('never takes more than the principal (a 100% penalty leaves the earnings)', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 10_000, forfeit: 'all' });
    const body = await quote(member, held.id);
    expect(body).toMatchObject({ penalty: 10_000, forfeited: 0, returned: 0, kept_earnings: 115.07 });
    expect((await exitOf(member, held.id, { quote_id: body.id })).statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(115.07);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('POST /api/pp/:id/exit', () => {
  it('executes exactly the quote through the ledger, once', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 100, forfeit: 'current_period' });
    const body = await quote(member, held.id);
    clock.advance(30_000);
    const done = await exitOf(member, held.id, { quote_id: body.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<UserPlanActionResponse>()).toMatchObject({
      message: 'Plan closed early. The amount is back in your balance.',
      plan: { status: 'completed', closed_at: '2026-06-05T12:00:30.000Z', earned: 115.07 },
    });
    // 1 000 000 − 10 000 − 1 644 = 988 356 back, on top of the 11 507 of earnings.
    expect((await balanceOf(member)).balance).toBe(9883.56 + 115.07);
    // The principal comes back in full; the penalty goes to the platform's income…
    expect(await entryOf(`plan_exit:${body.id}`)).toEqual({
      kind: 'plan_exit',
      amounts: [-1_000_000, 1_000_000],
    });
    expect(await entryOf(`plan_exit_fee:${body.id}`)).toEqual({
      kind: 'plan_exit_fee',
      amounts: [-10_000, 10_000],
    });
    // …and the current period's earnings go back to the yield expense, each as its own entry.
    expect(await entryOf(`earning_forfeit:${body.id}`)).toEqual({
      kind: 'earning_forfeit',
      amounts: [-1644, 1644],
    });
    const [used] = await db.select().from(exitQuotes).where(eq(exitQuotes.id, body.id));
    expect(used?.usedAt?.toISOString()).toBe('2026-06-05T12:00:30.000Z');

    // Activity shows both, the forfeit counted with the earnings; Total Earnings is what the member keeps.
    const activity = await member.client.get('/api/activity', { token: member.token });
    const rows = activity.json<{ data: { type: string; amount: number; description: string }[] }>().data;
    expect(rows.slice(0, 3)).toMatchObject([
      { type: 'earning', amount: -16.44, description: `Earnings given up: left ${held.name} early` },
      { type: 'principal_returned', amount: -100, description: `Early exit penalty: ${held.name}` },
      {
        type: 'principal_returned',
        amount: 10_000,
        description: `Principal returned: left ${held.name} early`,
      },
    ]);
    expect((await balanceOf(member)).total_earnings).toBe(98.63);
    const earnings = await member.client.get('/api/activity?type=earning&per_page=100', {
      token: member.token,
    });
    const listed = earnings.json<{ data: { amount: number }[] }>().data;
    expect(listed.reduce((sum, row) => sum + Math.round(row.amount * 100), 0)).toBe(9863);

    const again = await exitOf(member, held.id, { quote_id: body.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This plan has already ended.');
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it.each([
    ['a penalty only', { penaltyBps: 200, forfeit: 'none' }, 20_000, 0, 9800 + 115.07],
    ['a forfeit only', { penaltyBps: 0, forfeit: 'current_period' }, 0, 1644, 10_000 - 16.44 + 115.07],
    [
      'a 100% penalty: nothing back but the earnings',
      { penaltyBps: 10_000, forfeit: 'all' },
      1_000_000,
      0,
      115.07,
    ],
  ] as const)('%s: the entries it needs, and no other', async (_, rule, penalty, forfeited, balance) => {
    const { member, held } = await heldPlan(rule);
    const body = await quote(member, held.id);
    const done = await exitOf(member, held.id, { quote_id: body.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(await entryOf(`plan_exit:${body.id}`)).toEqual({
      kind: 'plan_exit',
      amounts: [-1_000_000, 1_000_000],
    });
    const fee = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `plan_exit_fee:${body.id}`));
    const forfeit = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `earning_forfeit:${body.id}`));
    if (penalty > 0)
      expect(await entryOf(`plan_exit_fee:${body.id}`)).toMatchObject({ amounts: [-penalty, penalty] });
    else expect(fee).toEqual([]);
    if (forfeited > 0)
      expect(await entryOf(`earning_forfeit:${body.id}`)).toMatchObject({ amounts: [-forfeited, forfeited] });
    else expect(forfeit).toEqual([]);
    expect((await balanceOf(member)).balance).toBeCloseTo(balance, 2);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a stale, superseded, foreign or malformed quote, and a quote the books no longer match', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 200, forfeit: 'none' });
    const { member: other, held: theirs } = await heldPlan({ penaltyBps: 200, forfeit: 'none' });
    const stale = 'This quote is no longer valid. Please get a new quote.';

    const expired = await quote(member, held.id);
    // The quote credited the 35 days due (the job had not run); nothing below moves money.
    const before = await balanceOf(member);
    expect(before.balance).toBe(115.07);
    clock.advance(60_000);
    const late = await exitOf(member, held.id, { quote_id: expired.id });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(stale);

    const first = await quote(member, held.id);
    await quote(member, held.id);
    expect((await exitOf(member, held.id, { quote_id: first.id })).statusCode).toBe(409);

    const foreign = await quote(other, theirs.id);
    expect((await exitOf(member, held.id, { quote_id: foreign.id })).statusCode).toBe(409);
    // Another member's plan, with its own valid quote: 404.
    expect((await exitOf(member, theirs.id, { quote_id: foreign.id })).statusCode).toBe(404);
    expect((await quoteOf(member, theirs.id)).statusCode).toBe(404);
    expect((await quoteOf(member, 424_242)).statusCode).toBe(404);

    const malformed = await exitOf(member, held.id, { quote_id: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errors?.quote_id).toEqual(['Choose a valid quote.']);
    expect((await exitOf(member, held.id, {})).statusCode).toBe(400);

    // A midnight passes between quote and exit: the day's earning changes the figures.
    clock.set(new Date('2026-06-05T23:59:30Z'));
    const beforeMidnight = await quote(member, held.id);
    clock.set(new Date('2026-06-06T00:00:10Z'));
    expect((await exitOf(member, held.id, { quote_id: beforeMidnight.id })).statusCode).toBe(409);

    expect((await balanceOf(member)).balance).toBe(before.balance);
    const [plan] = await db.select().from(userPlans).where(eq(userPlans.id, held.id));
    expect(plan?.status).toBe('active');
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('lets one of two exits at once succeed', async () => {
    const { member, held } = await heldPlan({ penaltyBps: 200, forfeit: 'none' });
    const body = await quote(member, held.id);
    const answers = await Promise.all([
      exitOf(member, held.id, { quote_id: body.id }),
      exitOf(member, held.id, { quote_id: body.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(member)).balance).toBe(9800 + 115.07);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses plans that cannot be left: no exit rule, flexible, locked, ended; and strangers', async () => {
    const { member, held: noRule } = await heldPlan(undefined, 30_000);
    const flexible = await createPlan(app, { apyBps: 800, durationDays: null });
    const flex = await investIn(member, flexible.id, 1000);
    const exitable = await createPlan(app, {
      durationDays: 90,
      exit: { penaltyBps: 0, forfeit: 'none' },
    });
    const locked = await investIn(member, exitable.id, 1000);
    expect(
      (await member.client.post(`/api/pp/${locked.id}/lock`, {}, { token: member.token })).statusCode,
    ).toBe(200);
    const short = await createPlan(app, { durationDays: 1, exit: { penaltyBps: 0, forfeit: 'none' } });
    const ended = await investIn(member, short.id, 1000);
    const before = await balanceOf(member);

    const notAllowed = await quoteOf(member, noRule.id);
    expect(notAllowed.statusCode).toBe(422);
    expect(errorOf(notAllowed).message).toBe('This plan cannot be left before its end date.');
    expect((await quoteOf(member, flex.id)).statusCode).toBe(422);
    const lockedAnswer = await quoteOf(member, locked.id);
    expect(lockedAnswer.statusCode).toBe(409);
    expect(errorOf(lockedAnswer)).toMatchObject({
      message: 'This plan is locked until its end date and cannot be left early.',
      errors: { locked_until: [locked.ends_at] },
    });
    clock.advance(2 * 86_400_000);
    member.token = await signIn(member.client, member.email);
    const endedAnswer = await quoteOf(member, ended.id);
    expect(endedAnswer.statusCode).toBe(409);
    expect(errorOf(endedAnswer).message).toBe('This plan has already ended.');
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await exitOf(member, locked.id, { quote_id: uuid })).statusCode).toBe(409);

    expect((await member.client.get(`/api/pp/${noRule.id}/exit-quote`)).statusCode).toBe(401);
    expect(
      (await member.client.post(`/api/pp/${noRule.id}/exit`, { quote_id: uuid })).statusCode,
    ).toBeGreaterThanOrEqual(401);
    expect((await balanceOf(member)).balance).toBe(before.balance);
    expect(await db.select().from(exitQuotes).where(eq(exitQuotes.userId, member.user.id))).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
