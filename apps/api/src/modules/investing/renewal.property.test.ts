import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AtMaturity, ExitQuote } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { userBalance } from '../../ledger/ledger';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from './accrual.service';

/**
 * Renewal keeps the books (decision 194): after any sequence of invest, accrue (terms end and renew),
 * set the choice, and early exit, the ledger check passes; the member's invested account is the sum of
 * their running positions; cash + invested = deposits + earnings − what exits took; and every renewed
 * position holds its old principal plus at most the old one's earnings.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const { db } = app.deps.database;

type Op =
  | { kind: 'invest'; dollars: number }
  | { kind: 'accrue'; days: number }
  | { kind: 'choose'; pick: number; choice: AtMaturity }
  | { kind: 'exit'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('invest' as const), dollars: fc.integer({ min: 100, max: 3000 }) }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('choose' as const),
    pick: fc.nat(10),
    choice: fc.constantFrom<AtMaturity>('cash', 'renew', 'renew_with_earnings'),
  }),
  fc.record({ kind: fc.constant('exit' as const), pick: fc.nat(10) }),
);

async function positionsOf(userId: number) {
  return db.query.userPlans.findMany({ where: (t, { eq }) => eq(t.userId, userId) });
}

describe('renewal keeps the books (property)', () => {
  it('balances after any sequence of invest, accrue, choose, mature/renew and exit', async () => {
    const plan = await createPlan(app, {
      apyBps: 1500,
      durationDays: 7,
      exit: { penaltyBps: 100, forfeit: 'current_period' },
    });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 10 }), async (ops) => {
        clock.set(new Date('2026-10-01T09:00:00Z'));
        const member = await fundedMember(app, 10_000);
        const userId = member.user.id;
        let taken = 0;
        for (const op of ops) {
          const running = (await positionsOf(userId))
            .filter((row) => row.status === 'active' || row.status === 'locked')
            .sort((a, b) => a.id - b.id);
          if (op.kind === 'invest') {
            if ((await userBalance(db, userId, 'cash')) < op.dollars * 100) continue;
            await investIn(member, plan.id, op.dollars);
          } else if (op.kind === 'accrue') {
            clock.advance(op.days * 86_400_000);
            member.token = await signIn(member.client, member.email);
            await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now());
          } else if (running.length > 0) {
            const id = running[op.pick % running.length]!.id;
            if (op.kind === 'choose') {
              const answer = await member.client.put(
                `/api/pp/${id}/renewal`,
                { at_maturity: op.choice },
                { token: member.token },
              );
              // 409: the term ended (its end is past, the job has not run yet).
              expect([200, 409], answer.body).toContain(answer.statusCode);
              continue;
            }
            const quote = await member.client.get(`/api/pp/${id}/exit-quote`, { token: member.token });
            if (quote.statusCode === 409) continue;
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
        const rows = await positionsOf(userId);
        const cash = await userBalance(db, userId, 'cash');
        const invested = await userBalance(db, userId, 'invested');
        const earnings = rows.reduce((sum, row) => sum + row.earned, 0);
        expect(cash + invested).toBe(10_000_00 + earnings - taken);
        const running = rows.filter((row) => row.status === 'active' || row.status === 'locked');
        expect(invested).toBe(running.reduce((sum, row) => sum + row.amount, 0));
        for (const row of rows) {
          if (row.renewedFromId === null) continue;
          const old = rows.find((other) => other.id === row.renewedFromId)!;
          expect(old.status).toBe('completed');
          expect(row.amount).toBeGreaterThanOrEqual(old.amount);
          expect(row.amount).toBeLessThanOrEqual(old.amount + old.earned);
          if (old.atMaturity === 'renew') expect(row.amount).toBe(old.amount);
        }
        const check = await checkLedger(db);
        expect(check.mismatchedRenewals).toEqual([]);
        expect(check.ok).toBe(true);
      }),
      { numRuns: 6 },
    );
  });
});
