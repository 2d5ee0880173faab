import { eq, sql } from 'drizzle-orm';
import { preparedPerDb, userProfiles, users, type DbOrTx, type UserProfileRow } from '@app/db';

const profileOf = preparedPerDb((db) =>
  db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, sql.placeholder('userId')))
    .prepare('profile_of'),
);

/** The member's profile row, or null before they saved one. */
export async function findProfile(db: DbOrTx, userId: number): Promise<UserProfileRow | null> {
  const [row] = await profileOf(db).execute({ userId });
  return row ?? null;
}

/** The member's profile row, locked for the update that reads, merges and writes it. */
export async function lockProfile(db: DbOrTx, userId: number): Promise<UserProfileRow | null> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).for('update');
  return row ?? null;
}

export async function upsertProfile(
  db: DbOrTx,
  values: { userId: number; country: string | null; personalEnc: string; updatedAt: Date },
): Promise<UserProfileRow> {
  const [row] = await db
    .insert(userProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { country: values.country, personalEnc: values.personalEnc, updatedAt: values.updatedAt },
    })
    .returning();
  if (!row) throw new Error('profile upsert returned nothing');
  return row;
}

/** A corporate account's business name and email (decision 185), kept on the user row. */
export async function updateBusiness(
  db: DbOrTx,
  userId: number,
  business: { business_name: string | null; business_email: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ businessName: business.business_name, businessEmail: business.business_email, updatedAt: now })
    .where(eq(users.id, userId));
}
