import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { buildApp } from '../src/app';
import { FixedClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/ledger/sql';
import { openPgliteCopy } from './db';
import { TEST_NOW } from './helpers';
import { depositThroughSandbox, signedInMember } from './money';
import { readTemplateState, resetToTemplate } from './template-reset';

/**
 * A PGlite database handed from one test file to the next (decision 247) is, after its reset, what a
 * fresh copy of the template is: the same rows in every table, the same next id from every sequence,
 * the same session settings. What a reset cannot undo is refused, so that the next file gets a copy.
 */

const opened: Database[] = [];
async function copy(): Promise<Database> {
  const database = await openPgliteCopy();
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
});

/** Every public table's row count, and what the session's settings are. */
async function observable(database: Database) {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.raw(name)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  const [settings] = await queryRows<{ zone: string; plans: string; replication: string }>(
    database.db,
    sql`select current_setting('TimeZone') as zone, current_setting('plan_cache_mode') as plans,
      current_setting('session_replication_role') as replication`,
  );
  return { counts, settings, state: await readTemplateState(database) };
}

/** The real app on `database`: a member signs up and pays a deposit in, so most tables get rows. */
async function useLikeAFile(database: Database): Promise<void> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DEV_TOOLS: '1', APP_URL: 'http://localhost:3000' }),
    database,
    clock: new FixedClock(TEST_NOW),
    appKey: randomBytes(32),
  });
  await app.ready();
  try {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 250);
  } finally {
    await app.close();
  }
}

describe('a PGlite test database reset for the next file', () => {
  it('has the rows, the next ids and the session of a fresh copy of the template', async () => {
    const fresh = await observable(await copy());
    const used = await copy();
    await useLikeAFile(used);
    await used.exec("SET TIME ZONE 'Asia/Tokyo'");
    const before = await observable(used);
    expect(before.counts['public.users']).toBeGreaterThan(0);
    expect(before.counts['public.ledger_entries']).toBeGreaterThan(0);
    expect(before.settings?.zone).toBe('Asia/Tokyo');

    expect(await resetToTemplate(used, fresh.state)).toBe(true);
    expect(await observable(used)).toEqual(fresh);
    // The next member is the template's first, as on a fresh copy.
    const [next] = await queryRows<{ id: number }>(
      used.db,
      sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
    );
    expect(next?.id).toBe(1);
  });

  it('is refused when the file left a change to the schema behind', async () => {
    const template = await readTemplateState(await copy());
    const used = await copy();
    await used.exec(`create function test_left_behind() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger test_left_behind before insert on users for each row execute function test_left_behind();`);
    expect(await resetToTemplate(used, template)).toBe(false);

    const disabled = await copy();
    await disabled.exec('alter table ledger_entries disable trigger ledger_entries_immutable');
    expect(await resetToTemplate(disabled, template)).toBe(false);
  });

  it('is refused when the file gave the planner statistics', async () => {
    const template = await readTemplateState(await copy());
    const used = await copy();
    await useLikeAFile(used);
    await used.exec('analyze users');
    expect(await resetToTemplate(used, template)).toBe(false);
  });

  it('cannot be reset inside a transaction the file left open', async () => {
    const template = await readTemplateState(await copy());
    const used = await copy();
    await used.exec('begin');
    await expect(resetToTemplate(used, template)).rejects.toThrow();
  });
});
