import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodes } from '@app/db';
import { AUTH_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, enableTwoFactor, errorOf } from '../../../test/accounts';
import { signedInMember } from '../../../test/money';
import { gate, someoneWaitsForALock } from '../../../test/locks';
import { recoveryCodeMatches } from '../two-factor/recovery-codes';

// PostgreSQL only (vitest.config.ts): two codes sent at once on one sign-in, which needs two
// connections (PGlite has one).

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('two recovery codes sent at once on one sign-in', () => {
  it('signs in once, and the code that lost the race is still unused', async () => {
    const member = await signedInMember(app);
    const { recoveryCodes: codes } = await enableTwoFactor(app, member.client, member.token);
    const [first = '', second = ''] = codes;
    clock.advance(30_000);
    const browser = new Browser(app);
    const password = await browser.post('/api/login', { email: member.email, password: PASSWORD });
    expect(password.json()).toMatchObject({ two_factor_required: true });
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id));
    const firstRow = stored.find((row) => recoveryCodeMatches(row.codeHash, first));

    // The first code's row is held, so its request waits at the claim while the second signs in.
    const steps = gate();
    const holder = db.transaction(async (tx) => {
      await tx.select().from(recoveryCodes).where(eq(recoveryCodes.id, firstRow!.id)).for('update');
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const late = browser.post('/api/2fa/verify', { token: first });
    await someoneWaitsForALock(db);
    const winner = await browser.post('/api/2fa/verify', { token: second });
    expect(winner.statusCode, winner.body).toBe(200);
    steps.release();
    await holder;
    const loser = await late;
    expect(loser.statusCode, loser.body).toBe(401);
    expect(errorOf(loser).message).toBe(AUTH_MESSAGES.twoFactorChallengeMissing);

    // The first code was not spent: it is unused and signs the member in next time.
    const unused = await db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.id, firstRow!.id), isNull(recoveryCodes.usedAt)));
    expect(unused).toHaveLength(1);
    const again = new Browser(app);
    await again.post('/api/login', { email: member.email, password: PASSWORD });
    expect((await again.post('/api/2fa/verify', { token: first })).statusCode).toBe(200);
  });
});
