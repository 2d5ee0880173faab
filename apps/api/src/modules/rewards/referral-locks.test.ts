import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '@app/db';
import type { CreateDepositResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { nowPaymentsIpn, sendNowPayments } from '../../../test/ipn';
import { referredMember, signedInMember } from '../../../test/money';
import { gate, someoneWaitsForALock } from '../../../test/locks';

// PostgreSQL only (vitest.config.ts): a referrer's points are held (as their points conversion holds
// them) while their friend's first deposit is confirmed, which needs two connections. Decision 222.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('a friend’s deposit confirmed while the referrer converts points', () => {
  it('waits for the referrer’s points holding no shared balance, then rewards them', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    const started = await friend.client.post(
      '/api/deposit',
      { amount: 100, payment_method: 'nowpayment' },
      { token: friend.token },
    );
    expect(started.statusCode, started.body).toBe(201);
    const deposit = started.json<CreateDepositResponse>().deposit;

    const steps = gate();
    const converting = db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, referrer.user.id))
        .for('no key update');
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const paid = sendNowPayments(app, nowPaymentsIpn(deposit.id, 100, 'finished'));
    await someoneWaitsForALock(db);
    // Before, the confirmation held the platform's external account (every deposit and payout moves it)
    // while it waited for the referrer, and the conversion then wanted the referrer's cash.
    const externalFree = await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '500ms'`);
      return tx
        .execute(sql`select id from ledger_accounts where user_id is null and kind = 'external' for update`)
        .then(
          () => true,
          () => false,
        );
    });
    steps.release();
    await converting;
    expect((await paid).statusCode).toBe(200);
    expect(externalFree).toBe(true);
    const [row] = await db
      .select({ points: users.loyaltyPoints })
      .from(users)
      .where(eq(users.id, referrer.user.id));
    expect(row?.points).toBeGreaterThan(0);
  });
});
