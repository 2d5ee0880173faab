import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withdrawals } from '@app/db';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import { Browser, mailsTo, PASSWORD, signIn } from '../../../test/accounts';
import { balanceOf, confirmPassword, depositThroughSandbox, signedInMember } from '../../../test/money';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../../test/locks';
import { lockBalances } from '../../ledger/ledger';

// PostgreSQL only (vitest.config.ts): a withdrawal in flight while the owner undoes an email change
// needs two connections (PGlite has one). Decision 175.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function mailed(email: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const mail = (await mailsTo(app, email)).find((row) => subject.test(row.subject));
  const found = mail ? pattern.exec(mail.text)?.[1] : undefined;
  if (!found) throw new Error(`nothing mailed to ${email} matching ${subject}`);
  return found;
}

describe('a withdrawal asked while the owner undoes an email change', () => {
  it('is cancelled with the others, or refused: none is left waiting for the back office', async () => {
    const owner = await signedInMember(app);
    await depositThroughSandbox(owner, 100);
    const post = (url: string, body: object) => owner.client.post(url, body, { token: owner.token });
    // Someone with the password moves the address.
    const takerEmail = uniqueEmail('taker');
    expect((await post('/api/email-change', { email: takerEmail, password: PASSWORD })).statusCode).toBe(200);
    const code = await mailed(takerEmail, /confirm your new email/, /\b(\d{6})\b/);
    expect((await post('/api/email-change/confirm', { code })).statusCode).toBe(200);
    await confirmPassword(owner);
    const link = await mailed(
      owner.email,
      /^Your email address was changed$/,
      /(\S*\/email-change\/undo\?\S+)/,
    );
    const token = new URL(link).searchParams.get('token') ?? '';

    // Their withdrawal waits for the member's cash account (a batch job holds it) while the owner undoes.
    const steps = gate();
    const batch = holdLocks(db, steps, (tx) => lockBalances(tx, owner.user.id, ['cash']));
    await steps.opened;
    const taken = post('/api/withdrawal', {
      amount: 30,
      withdrawal_method: 'crypto',
      destination: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
    await someoneWaitsForALock(db);
    const undo = new Browser(app).post('/api/email-change/undo', { token });
    // Now the undo waits for the cash account too. Before, it found nothing to cancel and finished at
    // once; the withdrawal then went through and waited for the back office.
    await within(undo, 2_000);
    steps.release();
    await batch;
    const [asked, undone] = await Promise.all([taken, undo]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect([201, 401]).toContain(asked.statusCode);

    const waiting = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, owner.user.id), eq(withdrawals.status, 'pending')));
    expect(waiting).toEqual([]);
    const again = await signIn(owner.client, owner.email);
    expect((await balanceOf({ ...owner, token: again })).balance).toBe(100);
  });
});
