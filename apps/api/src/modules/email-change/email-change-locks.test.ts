import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withdrawals } from '@app/db';
import { createTestApp, uniqueEmail } from '../../../test/helpers';
import { Browser, mailsTo, PASSWORD, signIn } from '../../../test/accounts';
import {
  balanceOf,
  confirmPassword,
  depositThroughSandbox,
  signedInMember,
  type Member,
} from '../../../test/money';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../../test/locks';
import { lockBalances } from '../../ledger/ledger';

// PostgreSQL only (vitest.config.ts): a withdrawal in flight while the owner undoes an email change
// needs two connections (PGlite has one). Decision 175.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const WALLET = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

async function mailed(email: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const mail = (await mailsTo(app, email)).find((row) => subject.test(row.subject));
  const found = mail ? pattern.exec(mail.text)?.[1] : undefined;
  if (!found) throw new Error(`nothing mailed to ${email} matching ${subject}`);
  return found;
}

/** A funded member whose address someone moved (with the password); the owner's undo token. */
async function takenAccount() {
  const owner = await signedInMember(app);
  await depositThroughSandbox(owner, 100);
  const post = (url: string, body: object) => owner.client.post(url, body, { token: owner.token });
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
  const withdraw = (amount: number) =>
    post('/api/withdrawal', { amount, withdrawal_method: 'crypto', destination: WALLET });
  const undo = () => new Browser(app).post('/api/email-change/undo', { token });
  return { owner, withdraw, undo };
}

/** The owner's withdrawals still waiting for the back office, and their balance once signed in again. */
async function afterUndo(owner: Member) {
  const waiting = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, owner.user.id), eq(withdrawals.status, 'pending')));
  const again = await signIn(owner.client, owner.email);
  return { waiting, balance: (await balanceOf({ ...owner, token: again })).balance };
}

describe('a withdrawal asked while the owner undoes an email change', () => {
  it('asked first, is waited for and cancelled with the others', async () => {
    const { owner, withdraw, undo } = await takenAccount();
    // The request waits for the member's cash account (a batch job holds it) while the owner undoes.
    const steps = gate();
    const batch = holdLocks(db, steps, (tx) => lockBalances(tx, owner.user.id, ['cash']));
    await steps.opened;
    const asked = withdraw(30);
    await someoneWaitsForALock(db);
    const undone = undo();
    // The undo waits for the request, which holds its session. Before, the undo found nothing to
    // cancel and finished at once; the withdrawal then went through and waited for the back office.
    expect(await within(undone, 2_000)).toBe('still waiting');
    steps.release();
    expect(await batch).toBe('rolled back');
    expect((await undone).statusCode).toBe(200);
    expect((await asked).statusCode).toBe(201);
    expect(await afterUndo(owner)).toEqual({ waiting: [], balance: 100 });
  });

  it('asked after the undo began, is refused: its session has ended', async () => {
    const { owner, withdraw, undo } = await takenAccount();
    // A withdrawal asked since the change, for the undo to cancel: it waits for the cash account there.
    expect((await withdraw(20)).statusCode).toBe(201);
    const steps = gate();
    const batch = holdLocks(db, steps, (tx) => lockBalances(tx, owner.user.id, ['cash']));
    await steps.opened;
    const undone = undo();
    await someoneWaitsForALock(db);
    // The undo has ended the sessions (not yet committed); this request waits for it to end.
    const asked = withdraw(30);
    await someoneWaitsForALock(db, 2);
    steps.release();
    expect(await batch).toBe('rolled back');
    expect((await undone).statusCode).toBe(200);
    const refused = await asked;
    expect(refused.statusCode, refused.body).toBe(401);
    expect(await afterUndo(owner)).toEqual({ waiting: [], balance: 100 });
  });
});
