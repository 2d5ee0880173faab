import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { isDatabaseBusy, migrateDatabase, openDatabase } from '@app/db';
import { SERVICE_BUSY_MESSAGE } from '@app/shared';
import { buildApp } from './app';
import { FixedClock } from './clock';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';
import { createEmptyPostgresDatabase } from '../test/db';
import { ApiClient, TEST_NOW } from '../test/helpers';
import { findUser, registrationPayload } from '../test/accounts';

// PostgreSQL only (vitest.config.ts): PGlite has one connection and no pool to wait for.

describe('every database connection busy (decision 210)', () => {
  test('a request waits DATABASE_WAIT_MS, gets a 503 with Retry-After, changes nothing, and is served once a connection is free', async () => {
    const { url, drop } = await createEmptyPostgresDatabase('test_busy');
    const config = loadConfig({
      NODE_ENV: 'test',
      DEV_TOOLS: '1',
      APP_URL: 'http://localhost:3000',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '2',
      DATABASE_WAIT_MS: '1000',
      LOG_LEVEL: 'warn',
    });
    const database = await openConfiguredDatabase(config);
    const lines: string[] = [];
    try {
      await migrateDatabase(database);
      const app = await buildApp({
        config,
        database,
        clock: new FixedClock(TEST_NOW),
        appKey: randomBytes(32),
        logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) },
      });
      await app.ready();
      const client = new ApiClient(app);
      expect((await app.inject('/api/plans')).statusCode).toBe(200);

      // Two transactions hold the pool's two connections (as long statements or a stuck lock would).
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding = 0;
      const held = [1, 2].map(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          await gate;
        }),
      );
      while (holding < 2) await new Promise((resolve) => setTimeout(resolve, 5));

      const started = performance.now();
      const read = await app.inject('/api/plans');
      const waited = performance.now() - started;
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(read.json()).toEqual({ message: SERVICE_BUSY_MESSAGE, code: 'SERVICE_BUSY' });
      expect(waited).toBeGreaterThanOrEqual(980);
      expect(waited).toBeLessThan(5_000);

      const payload = registrationPayload();
      const write = await client.post('/api/register', payload);
      expect(write.statusCode).toBe(503);
      expect(write.json()).toMatchObject({ code: 'SERVICE_BUSY' });

      release();
      await Promise.all(held);
      expect(await findUser(app, payload.email)).toBeUndefined();
      expect((await app.inject('/api/plans')).statusCode).toBe(200);
      // One warning a refused request, naming the route and nothing the member sent.
      const warnings = lines.filter((line) => line.includes('no database connection in time'));
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain('"route":"GET /api/plans"');
      expect(warnings[1]).toContain('"route":"POST /api/register"');
      expect(lines.join('\n')).not.toContain(payload.email);
      await app.close();
    } finally {
      await database.close();
      await drop();
    }
  });

  test('a new connection that does not open in time counts as busy too', async () => {
    // A server that accepts the connection and never answers PostgreSQL's start-up.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await openDatabase({
      driver: 'postgres',
      url: `postgres://nobody@127.0.0.1:${port}/nothing`,
      poolSize: 2,
      waitMs: 300,
    });
    try {
      const failure = await database.ping().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseBusy(failure)).toBe(true);
    } finally {
      await database.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('only the pool giving up counts as busy', () => {
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseBusy(
        new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') }),
      ),
    ).toBe(true);
    expect(isDatabaseBusy(new Error('canceling statement due to statement timeout'))).toBe(false);
    expect(isDatabaseBusy('timeout exceeded when trying to connect')).toBe(false);
  });
});
