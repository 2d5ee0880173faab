import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, twoFactorChallenges, users } from '@app/db';
import { AUTH_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, enableTwoFactor, errorOf, PASSWORD } from '../../../test/accounts';
import { signedInMember, type Member } from '../../../test/money';
import { gate, someoneWaitsForALock } from '../../../test/locks';
import { hashPassword } from '../../lib/password';

// PostgreSQL only (vitest.config.ts): a sign-in whose password was verified while a password change
// was committing, which needs two connections (PGlite has one).

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/**
 * Signs in with the old password while another transaction holds the member's row and then stores a
 * new password, as a change or a reset does (or suspends the account, as support does); answers the
 * sign-in's reply.
 */
async function signInDuringChange(member: Member, change: 'password' | 'suspension' = 'password') {
  const newHash = await hashPassword('the owner chose this one');
  const steps = gate();
  const changing = db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.user.id)).for('update');
    steps.open();
    await steps.released;
    await tx
      .update(users)
      .set(change === 'password' ? { passwordHash: newHash } : { status: 'suspended' })
      .where(eq(users.id, member.user.id));
  });
  await steps.opened;
  const signIn = new Browser(app).post('/api/login', { email: member.email, password: PASSWORD });
  // The old password verified, the sign-in waits for the row to write its token or challenge.
  await someoneWaitsForALock(db);
  steps.release();
  await changing;
  return signIn;
}

describe('a sign-in racing a password change', () => {
  it('gets no token when the change commits while its password is checked', async () => {
    const member = await signedInMember(app);
    const before = await db.select().from(apiTokens).where(eq(apiTokens.userId, member.user.id));
    const answer = await signInDuringChange(member);
    expect(answer.statusCode, answer.body).toBe(401);
    expect(errorOf(answer).message).toBe(AUTH_MESSAGES.invalidCredentials);
    const after = await db.select().from(apiTokens).where(eq(apiTokens.userId, member.user.id));
    expect(after).toHaveLength(before.length);
  });

  it('gets no second step either, for a member with two-factor authentication', async () => {
    const member = await signedInMember(app);
    await enableTwoFactor(app, member.client, member.token);
    const answer = await signInDuringChange(member);
    expect(answer.statusCode, answer.body).toBe(401);
    const challenges = await db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, member.user.id));
    expect(challenges).toEqual([]);
  });

  it('gets no token when a suspension commits while its password is checked, so none comes back with a reactivation', async () => {
    const member = await signedInMember(app);
    const before = await db.select().from(apiTokens).where(eq(apiTokens.userId, member.user.id));
    const answer = await signInDuringChange(member, 'suspension');
    expect(answer.statusCode, answer.body).toBe(401);
    const after = await db.select().from(apiTokens).where(eq(apiTokens.userId, member.user.id));
    expect(after).toHaveLength(before.length);
  });
});
