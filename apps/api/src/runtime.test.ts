import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { migrateDatabase, openDatabase } from '@app/db';
import { createEmptyPostgresDatabase } from '../test/db';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';

describe('start-up on PostgreSQL', () => {
  test('two nodes starting together on an empty database both migrate without error', async () => {
    const { url, drop } = await createEmptyPostgresDatabase('test_start');
    const nodes = await Promise.all([
      openDatabase({ driver: 'postgres', url, poolSize: 3 }),
      openDatabase({ driver: 'postgres', url, poolSize: 3 }),
    ]);
    try {
      await Promise.all(nodes.map((node) => migrateDatabase(node)));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const result = await client.query<{ count: string }>(
        'select count(*)::text as count from drizzle.__drizzle_migrations',
      );
      await client.end();
      const { readdirSync } = await import('node:fs');
      const { migrationsFolder } = await import('@app/db');
      const files = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
      expect(Number(result.rows[0]?.count)).toBe(files.length);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await drop();
    }
  });

  /**
   * The most connections a process configured by `env` had open at once on its own database, while
   * `waiting` queries asked for one together (client backends only: an autovacuum worker is not one).
   */
  async function mostConnectionsOpen(env: Record<string, string>, waiting: number): Promise<number> {
    const { url, drop } = await createEmptyPostgresDatabase('test_pool');
    const database = await openConfiguredDatabase(loadConfig({ DATABASE_URL: url, ...env }));
    try {
      const seen = await Promise.all(
        Array.from({ length: waiting }, async () => {
          const rows = await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pg_sleep(0.05) is not null`,
          );
          return Number((rows as { rows: Array<{ n: number }> }).rows[0]?.n);
        }),
      );
      return Math.max(...seen);
    } finally {
      await database.close();
      await drop();
    }
  }

  test('keeps at most DATABASE_POOL_SIZE connections open however many queries wait', async () => {
    expect(await mostConnectionsOpen({ DATABASE_POOL_SIZE: '3' }, 8)).toBe(3);
  });

  test('keeps at most 5 connections when DATABASE_POOL_SIZE is not set (decision 208)', async () => {
    expect(await mostConnectionsOpen({}, 12)).toBe(5);
  });
});

// PGlite holds its page cache inside the process, resident from the start whatever the data: 16 MB by
// default keeps the process within 300 MB at rest (decision 107; 32 MB measured 48 MB more).
describe('the embedded database', () => {
  test('opens with a 16 MB page cache by default, and PGLITE_SHARED_BUFFERS_MB changes it', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    for (const [env, expected] of [
      [{}, '16MB'],
      [{ PGLITE_SHARED_BUFFERS_MB: '24' }, '24MB'],
    ] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'runtime-pglite-'));
      const database = await openConfiguredDatabase(loadConfig({ DATABASE_URL: '', DATA_DIR: dir, ...env }));
      try {
        const result = await database.db.execute(sql`show shared_buffers`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
          shared_buffers: string;
        }>;
        expect(rows[0]?.shared_buffers).toBe(expected);
      } finally {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
