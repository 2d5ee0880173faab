import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ExitQuote } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { userBalance } from '../../ledger/ledger';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from './accrual.service';

/**
 * Compounding keeps the books (decision 192): after any sequence of invest, accrue (with or without
 * reinvesting), switch, the renewal choice (decision 194), exit and maturity the ledger check passes, and the member's cash plus invested
 * is their deposit plus every earning less what exits took.
 */

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const { db } = app.deps.database;

type Op =
  | { kind: 'invest'; dollars: number; reinvest: boolean }
  | { kind: 'accrue'; days: number }
  | { kind: 'toggle'; pick: number }
  | { kind: 'exit'; pick: number }
  | { kind: 'renew'; pick: number; choice: 'cash' | 'renew' | 'renew_with_earnings' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('invest' as const),
    dollars: fc.integer({ min: 100, max: 3000 }),
    reinvest: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ kind: fc.constant('toggle' as const), pick: fc.nat(10) }),
  fc.record({ kind: fc.constant('exit' as const), pick: fc.nat(10) }),
  fc.record({
    kind: fc.constant('renew' as const),
    pick: fc.nat(10),
    choice: fc.constantFrom('cash' as const, 'renew' as const, 'renew_with_earnings' as const),
  }),
);

describe('compounding keeps the books (property)', () => {
  it('balances after any sequence of invest, accrue, switch, renewal choice, exit and maturity', async () => {
    const plan = await createPlan(app, {
      apyBps: 2500,
      lockedApyBps: 3000,
      durationDays: 40,
      exit: { penaltyBps: 150, forfeit: 'current_period' },
    });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 9 }), async (ops) => {
        clock.set(new Date('2026-09-01T09:00:00Z'));
        const member = await fundedMember(app, 10_000);
        const open: { id: number; reinvest: boolean }[] = [];
        let taken = 0;
        for (const op of ops) {
          if (op.kind === 'invest') {
            if ((await userBalance(db, member.user.id, 'cash')) < op.dollars * 100) continue;
            const id = (await investIn(member, plan.id, op.dollars)).id;
            open.push({ id, reinvest: false });
            if (op.reinvest) open.at(-1)!.reinvest = await toggle(member, id, true);
          } else if (op.kind === 'accrue') {
            clock.advance(op.days * 86_400_000);
            member.token = await signIn(member.client, member.email);
            await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now());
          } else if (open.length > 0 && op.kind === 'toggle') {
            const position = open[op.pick % open.length]!;
            position.reinvest = await toggle(member, position.id, !position.reinvest);
          } else if (open.length > 0 && op.kind === 'renew') {
            const id = open[op.pick % open.length]!.id;
            const chosen = await member.client.put(
              `/api/pp/${id}/renewal`,
              { at_maturity: op.choice },
              { token: member.token },
            );
            // 409: the term ended meanwhile (matured, renewed or exited).
            expect([200, 409], chosen.body).toContain(chosen.statusCode);
          } else if (open.length > 0) {
            const id = open.splice(op.pick % open.length, 1)[0]!.id;
            const quote = await member.client.get(`/api/pp/${id}/exit-quote`, { token: member.token });
            if (quote.statusCode === 409) continue; // matured meanwhile
            expect(quote.statusCode, quote.body).toBe(200);
            const body = quote.json<ExitQuote>();
            const done = await member.client.post(
              `/api/pp/${id}/exit`,
              { quote_id: body.id },
              { token: member.token },
            );
            expect(done.statusCode, done.body).toBe(200);
            taken += Math.round((body.penalty + body.forfeited) * 100);
          }
        }
        // Every running term (renewed ones too) back to cash at its end, then past every term: each
        // position has matured or exited, its principal back in cash.
        member.token = await signIn(member.client, member.email);
        const running = await db.query.userPlans.findMany({
          where: (t, { and, eq, inArray }) =>
            and(eq(t.userId, member.user.id), inArray(t.status, ['active', 'locked'])),
        });
        for (const row of running) {
          const back = await member.client.put(
            `/api/pp/${row.id}/renewal`,
            { at_maturity: 'cash' },
            { token: member.token },
          );
          expect([200, 409], back.body).toContain(back.statusCode);
        }
        clock.advance(45 * 86_400_000);
        await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now());
        const cash = await userBalance(db, member.user.id, 'cash');
        const invested = await userBalance(db, member.user.id, 'invested');
        const rows = await db.query.userPlans.findMany({
          where: (t, { eq }) => eq(t.userId, member.user.id),
        });
        const earnings = rows.reduce((sum, row) => sum + row.earned, 0);
        expect(invested).toBe(0);
        expect(cash).toBe(10_000_00 + earnings - taken);
        const check = await checkLedger(db);
        expect(check.mismatchedPrincipals).toEqual([]);
        expect(check.mismatchedRenewals).toEqual([]);
        expect(check.ok).toBe(true);
      }),
      { numRuns: 6 },
    );
  }, 400_000);
});

/** The switch; a position that matured meanwhile answers 422 and keeps its choice. */
async function toggle(member: Awaited<ReturnType<typeof fundedMember>>, id: number, reinvest: boolean) {
  const response = await member.client.put(
    `/api/pp/${id}/compounding`,
    { reinvest },
    { token: member.token },
  );
  if (response.statusCode === 422) return !reinvest;
  expect(response.statusCode, response.body).toBe(200);
  return reinvest;
}
