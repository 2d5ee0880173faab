import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { migrateDatabase, openDatabase } from '@app/db';
import { POSTGRES_ADMIN_URL } from '../test/db';

describe('start-up on PostgreSQL', () => {
  test('two nodes starting together on an empty database both migrate without error', async () => {
    const name = `test_start_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ driver: 'postgres', url: POSTGRES_ADMIN_URL, poolSize: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const nodes = await Promise.all([
      openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 3 }),
      openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 3 }),
    ]);
    try {
      await Promise.all(nodes.map((node) => migrateDatabase(node)));
      const client = new pg.Client({ connectionString: url.toString() });
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
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});
