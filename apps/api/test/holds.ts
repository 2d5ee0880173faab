import { withdrawals, type DbOrTx } from '@app/db';
import { userBalance } from '../src/ledger/ledger';

/**
 * A raw ledger test posts withdrawal holds with no withdrawal behind them; in the product a hold only
 * comes with a pending withdrawal, and the ledger check holds each member to that (decision 174). This
 * writes the pending withdrawal the member's current hold stands for.
 */
export async function pendingWithdrawalForHold(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const held = await userBalance(db, userId, 'withdrawal_hold');
  if (held <= 0) return;
  await db.insert(withdrawals).values({
    userId,
    amount: held,
    method: 'crypto',
    destination: 'bc1qledgertestwallet',
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}
