import { settings, type DbOrTx } from '@app/db';

export async function readAll(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function upsert(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
