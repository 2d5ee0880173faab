import { eq } from 'drizzle-orm';
import { userProfiles, type DbOrTx, type UserProfileRow } from '@app/db';

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
