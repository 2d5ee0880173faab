import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { apiTokens, twoFactorChallenges } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, enableTwoFactor } from '../../../test/accounts';
import { signedInMember } from '../../../test/money';
import { signInAdminAs } from '../../../test/admin';
import { gate, someoneWaitsForALock, within } from '../../../test/locks';
import { issueToken } from '../auth/token.service';

// PostgreSQL only (vitest.config.ts): a suspension and a sign-in finishing its second step on two
// connections at once (PGlite has one). Decision 240: ending the sessions ends the sign-ins under way.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const support = await signInAdminAs(app, 'support');

describe('a suspension while a sign-in finishes its second step', () => {
  it('waits for it, then ends the session it made: neither fails', async () => {
    const member = await signedInMember(app);
    await enableTwoFactor(app, member.client, member.token);
    clock.advance(30_000);
    const browser = new Browser(app);
    await browser.post('/api/login', { email: member.email, password: PASSWORD });

    // As a recovery code's sign-in does: its challenge row held, then its token written (whose key
    // refers to the member's row).
    const steps = gate();
    const signIn = db.transaction(async (tx) => {
      await tx
        .select({ id: twoFactorChallenges.id })
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.userId, member.user.id))
        .for('update');
      steps.open();
      await steps.released;
      return issueToken(tx, member.user.id, 'member', clock.now());
    });
    await steps.opened;
    const suspension = support.client.patch(
      `/api/admin/users/${member.user.id}`,
      { status: 'suspended', reason: 'Card fraud report from the bank.' },
      { token: support.token },
    );
    // The suspension holds the member's row and waits for the challenge.
    await someoneWaitsForALock(db);
    steps.release();
    // Before, the suspension held the row FOR UPDATE: the token's key check waited for it, and
    // PostgreSQL ended the deadlock by failing one of the two.
    expect(await within(signIn, 10_000)).toMatch(/^\d+\|/);
    expect((await suspension).statusCode).toBe(200);
    const live = await db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, member.user.id), isNull(apiTokens.revokedAt)));
    expect(live).toEqual([]);
  });
});
