import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { FixedClock } from '../clock';
import { loadConfig } from '../config';
import { createTestDatabase } from '../../test/db';
import { TEST_NOW } from '../../test/helpers';
import { describeError } from './error-line';

/**
 * The line an unexpected error writes (decision 153): the route and the error, never what the request
 * carried. Two routes of this file fail for real: a statement the database refuses with the request's
 * values as its parameters, and code whose message quotes one.
 */

const lines: string[] = [];
const { database, drop } = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
  database,
  clock: new FixedClock(TEST_NOW),
  appKey: randomBytes(32),
  logStream: { write: (line) => void lines.push(line) },
});
interface Sent {
  name: string;
  email: string;
  message: string;
}
app.post('/api/error-line-test/query', async (request) => {
  const body = request.body as Sent;
  const query = request.query as { q: string };
  // The database refuses the cast, quoting the value in its message; Drizzle's error holds them all.
  await app.deps.database.db.execute(
    sql`select ${body.name}::int, ${body.email}::text, ${body.message}::text, ${query.q}::text`,
  );
  return {};
});
app.post('/api/error-line-test/code', async (request) => {
  // As a service would, after the schema lowered the address's case.
  throw new Error(`no account for ${(request.body as Sent).email.toLowerCase()}`);
});
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
});

const sent: Sent = {
  name: 'Ann Example',
  email: 'ann.private@example.com',
  message: 'My account number is 12345678',
};
const queryValue = 'secret-filter-value';

function errorLines(): Record<string, unknown>[] {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 50);
}

describe('the error line of a 500', () => {
  it('names the route, the error and its SQLSTATE, and holds no value of the body or query', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/error-line-test/query?q=${queryValue}`,
      payload: sent,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side.', code: 'INTERNAL' });

    const [line] = errorLines();
    expect(line).toMatchObject({
      msg: 'unhandled error',
      route: 'POST /api/error-line-test/query',
      error: { type: expect.stringContaining('DrizzleQueryError') as unknown, code: '22P02' },
    });
    const error = line?.error as { message: string; query: string; stack: string };
    // The database's own message, with the value it quoted cut out; the statement with its placeholders.
    expect(error.message).toContain('invalid input syntax for type integer');
    expect(error.message).toContain('[input]');
    expect(error.query).toMatch(/select \$1::int, \$2::text/);
    expect(error.stack).toMatch(/^\s+at /);
    const text = lines.join('');
    for (const value of [...Object.values(sent), queryValue, 'Ann', 'ann.private']) {
      expect(text).not.toContain(value);
    }
  });

  it('cuts a request value out of any other error message, in any letter case', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/error-line-test/code',
      payload: { ...sent, email: sent.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(500);
    const [line] = errorLines();
    expect(line).toMatchObject({
      route: 'POST /api/error-line-test/code',
      error: { type: 'Error', message: 'no account for [input]' },
    });
    expect(lines.join('').toLowerCase()).not.toContain(sent.email);
  });

  it('withholds the whole message when an input is too long to cut (a regular expression too large)', async () => {
    lines.length = 0;
    const long = `x${'a'.repeat(200_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/error-line-test/code',
      payload: { ...sent, email: long },
    });
    expect(response.statusCode).toBe(500);
    const [line] = errorLines();
    expect(line).toMatchObject({ error: { type: 'Error', message: '[input]' } });
    expect(lines.join('')).not.toContain('a'.repeat(100));
  });

  it('never quotes a failed query whose error has no SQLSTATE (a lost or closed database): its parameters stay out', async () => {
    // Values the request never sent (read from the database, say), so cutting inputs cannot hide them.
    const closed = await createTestDatabase();
    await closed.database.close(); // drop() would hand a PGlite database on to the next file (test/db.ts)
    onTestFinished(() => closed.drop());
    const stored = 'stored.member@example.com';
    const error = await closed.database.db
      .execute(sql`select ${stored}::text, ${'Private message text'}::text`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(stored); // what logging the error would have written
    const line = describeError(error);
    expect(JSON.stringify(line)).not.toContain(stored);
    expect(JSON.stringify(line)).not.toContain('Private message text');
    expect(line.query).toMatch(/select \$1::text, \$2::text/);
  });
});
