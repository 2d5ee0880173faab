import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  type DbOrTx,
  deposits,
  emailChanges,
  emailOtps,
  loanApplications,
  loans,
  mailOutbox,
  passwordResetTokens,
  recoveryCodes,
  twoFactorChallenges,
  userPlans,
  userProfiles,
  users,
  withdrawalDestinations,
  withdrawals,
  type Tx,
  type UserRow,
} from '@app/db';
import { queryRows } from '../../ledger/sql';

/**
 * The member's row, locked for the rest of the transaction: closing waits on any other change of it,
 * and on a request holding it (`holdActiveMember`). `FOR NO KEY UPDATE`, as the closing changes no key
 * column: a row that only points at the member (a ledger entry a batch writes while it holds the
 * member's balances) is not held up by it, so the closing, which takes those balances next, and the
 * batch never wait on each other crosswise (decision 222).
 */
export async function lockMember(tx: Tx, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row ?? null;
}

async function exists(db: DbOrTx, query: SQL): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists(${query}) as found`);
  return rows[0]?.found === true;
}

/**
 * The mails sent to the member's addresses here (the last one, and those of their confirmed address
 * changes that no other member holds now) leave the outbox: their bodies held names, codes and links that are
 * not kept past the account (decision 229). A mail still waiting to be sent is left to go.
 */
async function forgetMails(tx: Tx, userId: number, previousEmail: string): Promise<void> {
  // Confirmed changes only: an address typed into a change never confirmed may be someone else's.
  const changes = await tx
    .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNotNull(emailChanges.confirmedAt)));
  const earlier = [...new Set(changes.flatMap((change) => [change.oldEmail, change.newEmail]))].filter(
    (address) => address !== previousEmail,
  );
  const heldByOthers =
    earlier.length === 0
      ? []
      : await tx
          .select({ email: users.email })
          .from(users)
          .where(and(inArray(users.email, earlier), ne(users.id, userId)));
  const taken = new Set(heldByOthers.map((other) => other.email));
  const addresses = [previousEmail, ...earlier.filter((address) => !taken.has(address))];
  await tx.delete(mailOutbox).where(and(inArray(mailOutbox.to, addresses), ne(mailOutbox.status, 'pending')));
}

/**
 * What a member still has open, each a reason an account cannot close (decision 177). `deposit`: one
 * pending, or part-paid since `lateSince` (its rest could still arrive). `latePayment`: a crypto
 * deposit that expired unpaid after `lateSince`, whose payment could still arrive and be credited.
 */
export async function openItems(db: DbOrTx, userId: number, lateSince: Date) {
  const open = and(eq(userPlans.userId, userId), inArray(userPlans.status, ['active', 'locked']));
  const [plan, flexiblePlan, withdrawal, deposit, latePayment, loan] = await Promise.all([
    exists(db, sql`select 1 from ${userPlans} where ${open}`),
    // A flexible plan never ends: the member withdraws it.
    exists(db, sql`select 1 from ${userPlans} where ${and(open, isNull(userPlans.durationDays))}`),
    exists(
      db,
      sql`select 1 from ${withdrawals} where ${and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending'))}`,
    ),
    // A part-paid crypto deposit may still be paid in full, as an expired one may: within the same days.
    exists(
      db,
      sql`select 1 from ${deposits} where ${and(
        eq(deposits.userId, userId),
        or(
          eq(deposits.status, 'pending'),
          and(eq(deposits.status, 'partially_paid'), gt(deposits.createdAt, lateSince)),
        ),
      )}`,
    ),
    exists(
      db,
      sql`select 1 from ${deposits} where ${and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'expired'),
        ne(deposits.method, 'bank_transfer'),
        eq(deposits.credited, 0),
        gt(deposits.createdAt, lateSince),
      )}`,
    ),
    exists(
      db,
      sql`select 1 from ${loans} where ${and(eq(loans.userId, userId), eq(loans.status, 'active'))}
          union all
          select 1 from ${loanApplications} where ${and(eq(loanApplications.userId, userId), eq(loanApplications.status, 'pending'))}`,
    ),
  ]);
  return { plan, flexiblePlan, withdrawal, deposit, latePayment, loan };
}

export async function findProfile(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}

/**
 * Marks the account closed with its identity replaced by a tombstone and sealed, and removes what
 * only served signing in or paying out: 2FA and reset secrets, one-time codes, address changes and
 * their undo links, saved destinations,
 * the profile's personal fields (kept in the sealed identity). Ledger entries, withdrawals and
 * deposits stay as they are.
 */
export async function closeMember(
  tx: Tx,
  userId: number,
  values: {
    email: string;
    username: string;
    passwordHash: string;
    sealed: string;
    now: Date;
    retainUntil: Date;
    /** The address the member had until now (the row holds the tombstone once updated). */
    previousEmail: string;
  },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      status: 'closed',
      email: values.email,
      username: values.username,
      passwordHash: values.passwordHash,
      businessName: null,
      businessEmail: null,
      referralSource: null,
      totpSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
      closedAt: values.now,
      retainUntil: values.retainUntil,
      closedIdentityEnc: values.sealed,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished`);
  await forgetMails(tx, userId, values.previousEmail);
  await tx
    .update(userProfiles)
    .set({ personalEnc: null, updatedAt: values.now })
    .where(eq(userProfiles.userId, userId));
  for (const table of [
    recoveryCodes,
    emailOtps,
    twoFactorChallenges,
    passwordResetTokens,
    // The member's address changes: both addresses in clear, and an undo link that would put an old
    // address back on the closed row.
    emailChanges,
    withdrawalDestinations,
  ]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  return row;
}
