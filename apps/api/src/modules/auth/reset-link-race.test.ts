import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetTokens } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { Browser, createUser, errorOf, mailedResetTokens, signIn } from '../../../test/accounts';
import { gate, someoneWaitsForALock } from '../../../test/locks';
import { RESET_MESSAGES } from './password-reset.service';

// PostgreSQL only (vitest.config.ts): two resets at once, which needs two connections (PGlite has one).

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('two live reset links used at once', () => {
  it('sets one password: the other link finds its row gone and changes nothing', async () => {
    const { email, user } = await createUser(app);
    const browser = new Browser(app);
    await browser.post('/api/forgot-password', { email });
    await browser.post('/api/forgot-password', { email });
    const [first = '', second = ''] = await mailedResetTokens(app, email);

    // The member's links are held, so both resets wait at the delete that ends them.
    const steps = gate();
    const holder = db.transaction(async (tx) => {
      await tx
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id))
        .for('update');
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const passwords = ['the first link chose this', 'the second link chose this'];
    const answers = [first, second].map((token, i) =>
      new Browser(app).post('/api/reset-password', {
        token,
        email,
        password: passwords[i],
        password_confirmation: passwords[i],
      }),
    );
    await someoneWaitsForALock(db, 2);
    steps.release();
    await holder;
    const [a, b] = await Promise.all(answers);
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 422]);
    const loser = a?.statusCode === 422 ? a : b;
    expect(errorOf(loser!).errors).toEqual({ token: [RESET_MESSAGES.invalid] });
    const winner = passwords[a?.statusCode === 200 ? 0 : 1] ?? '';
    const other = passwords[a?.statusCode === 200 ? 1 : 0] ?? '';
    expect(await signIn(new Browser(app), email, winner)).toBeTruthy();
    expect((await new Browser(app).post('/api/login', { email, password: other })).statusCode).toBe(401);
    expect(
      await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
  });
});
