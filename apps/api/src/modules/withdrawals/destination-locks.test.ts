import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, withdrawalDestinations } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { signedInMember } from '../../../test/money';
import { someoneWaitsForALock } from '../../../test/locks';

// PostgreSQL only (vitest.config.ts): a transaction holds the member's row while a save waits for it,
// which needs two connections (PGlite has one). Decision 215.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('a destination saved while the account closes', () => {
  it('is refused as the closed account’s requests are, and nothing is saved', async () => {
    const member = await signedInMember(app);
    let close!: () => void;
    const closeNow = new Promise<void>((resolve) => (close = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // As the account closure does: the member's row locked, then the account closed.
    const closing = db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, member.user.id)).for('update');
      holding();
      await closeNow;
      await tx.update(users).set({ status: 'closed' }).where(eq(users.id, member.user.id));
    });
    await held;
    const saving = member.client.post(
      '/api/withdrawal-destinations',
      {
        kind: 'crypto',
        asset: 'USDT',
        network: 'trc20',
        address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
      },
      { token: member.token },
    );
    await someoneWaitsForALock(db);
    close();
    await closing;
    const response = await saving;
    expect(response.statusCode).toBe(401);
    const saved = await db
      .select()
      .from(withdrawalDestinations)
      .where(eq(withdrawalDestinations.userId, member.user.id));
    expect(saved).toEqual([]);
  });
});
