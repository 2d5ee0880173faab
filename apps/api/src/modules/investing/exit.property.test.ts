import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ExitQuote } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { userBalance } from '../../ledger/ledger';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from './accrual.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const { db } = app.deps.database;

type Op =
  { kind: 'invest'; dollars: number } | { kind: 'accrue'; days: number } | { kind: 'exit'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('invest' as const), dollars: fc.integer({ min: 100, max: 3000 }) }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('exit' as const), pick: fc.nat(10) }),
);

describe('early exit keeps the books (property)', () => {
  it('balances after any sequence of invest, accrue and exit; cash + invested = deposits + earnings − taken', async () => {
    const plan = await createPlan(app, {
      apyBps: 1500,
      durationDays: 60,
      exit: { penaltyBps: 175, forfeit: 'current_period' },
    });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 8 }), async (ops) => {
        clock.set(new Date('2026-08-01T09:00:00Z'));
        const member = await fundedMember(app, 10_000);
        const open: number[] = [];
        let taken = 0;
        for (const op of ops) {
          if (op.kind === 'invest') {
            if ((await userBalance(db, member.user.id, 'cash')) < op.dollars * 100) continue;
            open.push((await investIn(member, plan.id, op.dollars)).id);
          } else if (op.kind === 'accrue') {
            clock.advance(op.days * 86_400_000);
            member.token = await signIn(member.client, member.email);
            await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now());
          } else if (open.length > 0) {
            const id = open.splice(op.pick % open.length, 1)[0]!;
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
        const cash = await userBalance(db, member.user.id, 'cash');
        const invested = await userBalance(db, member.user.id, 'invested');
        const earned = await db.query.userPlans.findMany({
          where: (t, { eq }) => eq(t.userId, member.user.id),
        });
        const earnings = earned.reduce((sum, row) => sum + row.earned, 0);
        expect(cash + invested).toBe(10_000_00 + earnings - taken);
        expect((await checkLedger(db)).ok).toBe(true);
      }),
      { numRuns: 6 },
    );
  });
});
