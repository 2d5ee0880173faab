import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Notifications are written only through the notifications service (issue 35, decision 166): no other
 * source file of the API inserts, updates or deletes rows of the table, by Drizzle or in SQL. A module
 * with a batch calls `notifyMany` (rows) or `notifyEach` (an INSERT … SELECT of a members query).
 */

const src = fileURLToPath(new URL('../..', import.meta.url));
const HOME = 'modules/notifications/';
const WRITE =
  /\b(insert\s+into|update|delete\s+from)\s+notifications\b|\.(insert|update|delete)\(\s*notifications\s*\)/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the notifications table is written only by the notifications module', () => {
  it('finds a write in SQL and through Drizzle, and not a read', () => {
    expect(WRITE.test('with inserted as (\n  insert into notifications (user_id, kind)')).toBe(true);
    expect(WRITE.test('await tx.delete(notifications).where(eq(notifications.userId, id));')).toBe(true);
    expect(WRITE.test('update notifications set read_at = now()')).toBe(true);
    expect(WRITE.test('select count(*) from notifications where user_id = $1')).toBe(false);
    expect(WRITE.test('insert into notification_preferences (user_id)')).toBe(false);
  });

  it('no source file outside modules/notifications writes it', () => {
    const files = sources(src).map((path) => relative(src, path).split('\\').join('/'));
    const writers = files.filter((file) => WRITE.test(readFileSync(join(src, file), 'utf8')));
    // The module's own repository is where the writes are: the pattern reads this code base's writes.
    expect(writers).toContain(`${HOME}notifications.repository.ts`);
    expect(writers.filter((file) => !file.startsWith(HOME))).toEqual([]);
  });
});
