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

  test('keeps at most DATABASE_POOL_SIZE connections open however many queries wait', async () => {
    const { url, drop } = await createEmptyPostgresDatabase('test_pool');
    const config = loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '3' });
    const database = await openConfiguredDatabase(config);
    try {
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const rows = await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pg_sleep(0.05) is not null`,
          );
          seen.push(Number((rows as { rows: Array<{ n: number }> }).rows[0]?.n));
        }),
      );
      expect(Math.max(...seen)).toBe(3);
      expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    } finally {
      await database.close();
      await drop();
    }
  });

  test('keeps at most 5 connections when DATABASE_POOL_SIZE is not set (decision 208)', async () => {
    const { url, drop } = await createEmptyPostgresDatabase('test_pool');
    const database = await openConfiguredDatabase(loadConfig({ DATABASE_URL: url }));
    try {
      const seen = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const rows = await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pg_sleep(0.05) is not null`,
          );
          return Number((rows as { rows: Array<{ n: number }> }).rows[0]?.n);
        }),
      );
      expect(Math.max(...seen)).toBe(5);
    } finally {
      await database.close();
      await drop();
    }
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
