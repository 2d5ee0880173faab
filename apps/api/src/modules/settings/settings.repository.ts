import { eq, sql } from 'drizzle-orm';
import { settings, type DbOrTx } from '@app/db';

export async function readAll(db: DbOrTx): Promise<Map<string, unknown>> {
  // Read as JSON text and parsed here: the drivers hand Drizzle's jsonb column an already parsed
  // string, which it parses again, so "000123456789" came back as the number 123456789 and failed
  // the settings schema (every setting then fell back to its default).
  const rows = await db
    .select({ key: settings.key, json: sql<string>`${settings.value}::text` })
    .from(settings);
  return new Map(rows.map((row) => [row.key, JSON.parse(row.json) as unknown]));
}

export async function upsert(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** Forgets a key: its default applies again (how a setting is set back to null, e.g. no logo). */
export async function remove(db: DbOrTx, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}

/** One key's stored value (undefined when absent), read as JSON text like `readAll`. */
export async function readOne(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ json: sql<string>`${settings.value}::text` })
    .from(settings)
    .where(eq(settings.key, key));
  return row ? (JSON.parse(row.json) as unknown) : undefined;
}
