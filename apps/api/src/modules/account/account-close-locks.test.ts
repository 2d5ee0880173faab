import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, deposits, kycDocuments, loanApplications, userProfiles, users } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import {
  depositThroughSandbox,
  memberWithFiftyCents,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';
import { PASSWORD } from '../../../test/accounts';
import { applyRequest, createLoanPlan } from '../../../test/loans';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../../test/locks';
import { tinyPdf } from '../kyc/test-files';
import { lockMember } from './account.repository';

// PostgreSQL only (vitest.config.ts): an account closes while the member opens something on it from
// another tab, which needs two connections (PGlite has one). Decision 177, amended.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** As the closure does: the member's row locked (its own lockMember), the account closed, committed once released. */
function closing(member: Member, steps: ReturnType<typeof gate>): Promise<void> {
  return db.transaction(async (tx) => {
    await lockMember(tx, member.user.id);
    await tx.update(users).set({ status: 'closed' }).where(eq(users.id, member.user.id));
    steps.open();
    await steps.released;
  });
}

describe('a closing that holds the member’s row, beside a write that only points at the member', () => {
  it('does not hold up a withdrawal, whose row only points at the member', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    const steps = gate();
    // The closure's first lock, held: before decision 222 it was FOR UPDATE, which the withdrawal
    // row's foreign-key check waited for while the withdrawal held the balances the closure takes next.
    const holding = db.transaction(async (tx) => {
      await lockMember(tx, member.user.id);
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const withdrawal = await within(
      member.client.post(
        '/api/withdrawal',
        {
          amount: 30,
          withdrawal_method: 'crypto',
          destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
        { token: member.token },
      ),
      10_000,
    );
    steps.release();
    await holding;
    expect(withdrawal === 'still waiting' ? withdrawal : withdrawal.statusCode).toBe(201);
  });
});

describe('opening something on an account while it closes', () => {
  it('a deposit asked for meanwhile is refused as the closed account’s requests are; none is saved', async () => {
    const member = await signedInMember(app);
    const steps = gate();
    const closed = closing(member, steps);
    await steps.opened;
    const asking = member.client.post(
      '/api/deposit',
      { amount: 500, payment_method: 'nowpayment' },
      { token: member.token },
    );
    await someoneWaitsForALock(db);
    steps.release();
    await closed;
    // Before, the deposit was saved on the closed account and its payment would be credited there.
    expect((await asking).statusCode).toBe(401);
    expect(await db.select().from(deposits).where(eq(deposits.userId, member.user.id))).toEqual([]);
  });

  it('a loan application sent meanwhile is refused too; none is saved', async () => {
    const plan = await createLoanPlan(app);
    const member = await signedInMember(app);
    const steps = gate();
    const closed = closing(member, steps);
    await steps.opened;
    const applying = applyRequest(member, { plan_id: plan.id, amount_requested: 500, term: 3 });
    await someoneWaitsForALock(db);
    steps.release();
    await closed;
    expect((await applying).statusCode).toBe(401);
    expect(
      await db.select().from(loanApplications).where(eq(loanApplications.userId, member.user.id)),
    ).toEqual([]);
  });

  it('an identity document uploaded meanwhile is refused too; no file is stored (decision 227)', async () => {
    const member = await signedInMember(app);
    const steps = gate();
    const closed = closing(member, steps);
    await steps.opened;
    const uploading = member.client.post('/api/kyc/documents/identity_front', tinyPdf(), {
      token: member.token,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await someoneWaitsForALock(db);
    steps.release();
    await closed;
    // Before, the draft was saved on the closed account, outside every erasure.
    expect((await uploading).statusCode).toBe(401);
    expect(await db.select().from(kycDocuments).where(eq(kycDocuments.userId, member.user.id))).toEqual([]);
  });

  it('a profile saved meanwhile is refused too; no personal detail is written back', async () => {
    const member = await signedInMember(app);
    const steps = gate();
    const closed = closing(member, steps);
    await steps.opened;
    const saving = member.client.patch(
      '/api/profile/update',
      { first_name: 'Ada', last_name: 'Lovelace', city: 'London' },
      { token: member.token },
    );
    await someoneWaitsForALock(db);
    steps.release();
    await closed;
    // Before, the details were sealed onto the closed account's row, which no erasure reads.
    expect((await saving).statusCode).toBe(401);
    expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, member.user.id))).toEqual([]);
  });
});

describe('a withdrawal asked while the account closes, its session held by a sign-out (decision 175)', () => {
  it('neither deadlocks: the withdrawal is answered for the cash it finds, then the account closes', async () => {
    const admin = await signedInAdmin(app);
    // A member left with $0.50: under the minimum withdrawal, so the closing may go ahead.
    const member = await memberWithFiftyCents(app, admin);

    // The session's row held for a moment (as signing out or a touch of it would), while the member
    // asks for $1.00 in one tab and closes the account in another.
    const tokenId = Number(member.token.split('|')[0]);
    const steps = gate();
    const holding = holdLocks(db, steps, (tx) =>
      tx.select().from(apiTokens).where(eq(apiTokens.id, tokenId)).for('update'),
    );
    await steps.opened;
    const withdrawal = member.client.post(
      '/api/withdrawal',
      { amount: 1, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
      { token: member.token },
    );
    await someoneWaitsForALock(db);
    const closed = member.client.post('/api/account/close', { password: PASSWORD }, { token: member.token });
    await someoneWaitsForALock(db, 2);
    steps.release();
    expect(await holding).toBe('rolled back');
    // Before, the closing took the cash account and then waited for the session the withdrawal held
    // while the withdrawal waited for the cash: PostgreSQL failed one of them (a 500).
    const [answer, closing] = await Promise.all([withdrawal, closed]);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(closing.statusCode, closing.body).toBe(200);
  });
});
