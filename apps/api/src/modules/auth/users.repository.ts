import { and, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { emailChanges, users, type DbOrTx, type NewUserRow, type Tx, type UserRow } from '@app/db';

/** Case-insensitive, through the unique index on lower(email). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * A user's password hash, read where it is checked: the signed-in request's user leaves it out
 * (`AuthUser`, decision 148), and the check reads the current one.
 */
export async function findPasswordHash(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user's row, locked for the rest of the transaction. `FOR NO KEY UPDATE`, as the closing takes it
 * (decision 222): a writer that then waits for the member's balances must not hold up the key-share
 * lock another writer's ledger entry for the member takes, or the two wait on each other.
 */
export async function lockUserById(tx: Tx, id: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row ?? null;
}

/**
 * Whether the user's password is still `passwordHash` and the account still active, their row then
 * held FOR SHARE until the transaction ends: a password change or reset, a suspension or a closing (an
 * update of the row, which then ends every session) waits for it, or has committed before it and the
 * answer is false.
 */
export async function holdIfPasswordIs(tx: Tx, id: number, passwordHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.passwordHash, passwordHash), eq(users.status, 'active')))
    .for('share');
  return row !== undefined;
}

/** The member's status, their row held FOR SHARE until the transaction ends (closing it waits). */
export async function lockUserStatus(
  tx: Tx,
  id: number,
  strength: 'share' | 'no key update' = 'share',
): Promise<UserRow['status'] | null> {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, id)).for(strength);
  return row?.status ?? null;
}

/** Which of an email and a username are already in use (case-insensitive), in one query. */
export async function findTaken(
  db: DbOrTx,
  email: string,
  username: string,
): Promise<{ email: boolean; username: boolean }> {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      sql`lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${username.toLowerCase()}`,
    )
    .limit(2);
  return {
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
  };
}

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

/**
 * Whether `email` is the old address of a change whose undo link is still live: it is held for the
 * member who may take the change back (decision 175), so nobody else may sign up with it or move to it.
 */
export async function heldForUndo(
  db: DbOrTx,
  email: string,
  now: Date,
  /** The member asking: their own old address is not held from them. */
  exceptUserId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.oldEmail, email.toLowerCase()),
        isNotNull(emailChanges.undoTokenHash),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.undoExpiresAt, now),
        exceptUserId === undefined ? undefined : ne(emailChanges.userId, exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The account a referral code names, unless it is closed (its rewards could never be used). */
export async function findReferrerByCode(db: DbOrTx, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), ne(users.status, 'closed')))
    .limit(1);
  return row?.id ?? null;
}

export async function findUserIdByReferralCode(db: DbOrTx, code: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row?.id ?? null;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  patch: Partial<NewUserRow>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}
