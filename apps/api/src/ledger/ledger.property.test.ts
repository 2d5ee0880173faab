import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type {
  ConvertPointsResponse,
  CreateDepositResponse,
  CreateWithdrawalResponse,
  UserResponse,
} from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { referredMember, signedInAdmin, signedInMember, type Member } from '../../test/money';
import { checkLedger } from './check';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const admin = await signedInAdmin(app);

type Op =
  | { kind: 'deposit'; member: number; cents: number }
  | { kind: 'withdraw'; member: number; cents: number }
  | { kind: 'convert'; member: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    member: fc.nat(2),
    cents: fc.integer({ min: 100, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    member: fc.nat(2),
    cents: fc.integer({ min: 100, max: 60_000 }),
  }),
  fc.record({ kind: fc.constant('convert' as const), member: fc.nat(2) }),
);

const referred = (code: string): Promise<Member> => referredMember(app, code, 'prop');

const cents = (major: number) => Math.round(major * 100);

describe('ledger under concurrent money movements (property)', () => {
  it('keeps every invariant and every balance equal to what the answers said happened', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        async (ops, decisions) => {
          // Member 0 referred members 1 and 2: their first deposits earn member 0 points to convert.
          const first = await signedInMember(app);
          const members = [
            first,
            await referred(first.user.referralCode),
            await referred(first.user.referralCode),
          ];
          const expected = members.map(() => 0);
          const expectedDeposits = members.map(() => 0);
          const pending: { id: number; member: number; cents: number }[] = [];

          await Promise.all(
            ops.map(async (op) => {
              const member = members[op.member]!;
              if (op.kind === 'deposit') {
                const created = await member.client.post(
                  '/api/deposit',
                  { amount: op.cents / 100, payment_method: 'nowpayment' },
                  { token: member.token },
                );
                expect(created.statusCode).toBe(201);
                const { deposit } = created.json<CreateDepositResponse>();
                const paid = await member.client.post(
                  `/api/sandbox/checkout/${deposit.id}/pay`,
                  {},
                  {
                    token: member.token,
                  },
                );
                expect(paid.json<{ status: string }>().status).toBe('confirmed');
                expected[op.member]! += op.cents;
                expectedDeposits[op.member]! += op.cents;
              } else if (op.kind === 'withdraw') {
                const response = await member.client.post(
                  '/api/withdrawal',
                  { amount: op.cents / 100, withdrawal_method: 'crypto', destination: 'wallet' },
                  { token: member.token },
                );
                expect([201, 422]).toContain(response.statusCode);
                if (response.statusCode === 201) {
                  expected[op.member]! -= op.cents;
                  pending.push({
                    id: response.json<CreateWithdrawalResponse>().withdrawal.id,
                    member: op.member,
                    cents: op.cents,
                  });
                }
              } else {
                const response = await member.client.post('/api/convert-points', undefined, {
                  token: member.token,
                });
                expect([200, 422]).toContain(response.statusCode);
                if (response.statusCode === 200)
                  expected[op.member]! += cents(response.json<ConvertPointsResponse>().amount);
              }
            }),
          );

          await Promise.all(
            pending.map(async (withdrawal, index) => {
              const approve = decisions[index] ?? true;
              const response = approve
                ? await admin.client.post(
                    `/api/admin/withdrawals/${withdrawal.id}/approve`,
                    {},
                    { token: admin.token },
                  )
                : await admin.client.post(
                    `/api/admin/withdrawals/${withdrawal.id}/reject`,
                    { reason: 'property test' },
                    { token: admin.token },
                  );
              expect(response.statusCode).toBe(200);
              if (!approve) expected[withdrawal.member]! += withdrawal.cents;
            }),
          );

          const check = await checkLedger(app.deps.database.db);
          expect(check).toMatchObject({ ok: true, postingsSum: 0 });
          for (const [index, member] of members.entries()) {
            const me = (await member.client.get('/api/me', { token: member.token })).json<UserResponse>();
            expect(cents(me.balance)).toBe(expected[index]);
            // The running total of deposits (decision 038) equals what the answers said arrived.
            expect(cents(me.total_deposit)).toBe(expectedDeposits[index]);
            expect(me.balance).toBeGreaterThanOrEqual(0);
            expect(me.loyalty_points).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6) },
    );
  }, 300_000);
});
