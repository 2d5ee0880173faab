import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { AUTH_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, enableTwoFactor, errorOf, totpCode } from '../../../test/accounts';
import { signedInMember } from '../../../test/money';
import { gate, someoneWaitsForALock } from '../../../test/locks';
import { removeSecondFactor } from '../two-factor/two-factor.service';

// PostgreSQL only (vitest.config.ts): a sign-in's code is checked while support removes the member's
// second factor, which needs two connections (PGlite has one). Decision 231.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('a second factor removed while a sign-in checks a code of it', () => {
  it('signs nobody in: the code was checked against a secret that is gone', async () => {
    const member = await signedInMember(app);
    const { secret } = await enableTwoFactor(app, member.client, member.token);
    clock.advance(30_000);
    const browser = new Browser(app);
    const password = await browser.post('/api/login', { email: member.email, password: PASSWORD });
    expect(password.json()).toMatchObject({ two_factor_required: true });

    // As support's removal does: the member's row held, the factor removed, committed once released.
    const steps = gate();
    const removal = db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, member.user.id)).for('no key update');
      steps.open();
      await steps.released;
      await removeSecondFactor(tx, member.user.id, clock.now());
    });
    await steps.opened;
    // The code matches the secret read before the removal; its claim waits for the member's row.
    const verifying = browser.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
    await someoneWaitsForALock(db);
    steps.release();
    await removal;
    const answer = await verifying;
    expect(answer.statusCode, answer.body).toBe(422);
    expect(errorOf(answer).message).toBe(AUTH_MESSAGES.twoFactorInvalid);
  });
});
