import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '@app/db';
import { createTestDatabase } from '../../test/db';
import { queryRows } from './sql';

/** The one source of ledger_post() (packages/db/sql/ledger_post.sql) and what the migrations install. */
const sourceFile = join(migrationsFolder, '..', 'sql', 'ledger_post.sql');
const source = readFileSync(sourceFile, 'utf8');

const { database, drop } = await createTestDatabase();
afterAll(drop);

/** The function as the database holds it, in PostgreSQL's own canonical text. */
async function installedDefinition(): Promise<string> {
  const rows = await queryRows<{ def: string }>(
    database.db,
    sql`select pg_get_functiondef('ledger_post'::regproc) as def`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.def;
}

describe('ledger_post() has one source file', () => {
  it('the migrated database’s function is the one in packages/db/sql/ledger_post.sql', async () => {
    const migrated = await installedDefinition();
    expect(migrated).toContain('cash_balance_after');

    // Installing the source file over the migrated function changes nothing: same text, same body.
    await database.exec(source);
    expect(await installedDefinition()).toBe(migrated);
  });

  it('the file is the whole CREATE OR REPLACE statement the latest migration that installs it holds', () => {
    const statement = source.slice(source.indexOf('CREATE OR REPLACE FUNCTION ledger_post('));
    expect(statement.length).toBeGreaterThan(1000);
    const migration = readFileSync(join(migrationsFolder, '0056_member_accounts_lock_first.sql'), 'utf8');
    expect(migration.trimEnd().endsWith(statement.trimEnd())).toBe(true);
  });
});
