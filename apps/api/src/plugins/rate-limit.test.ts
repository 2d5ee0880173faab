import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { exitQuotes, idempotencyKeys } from '@app/db';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { FixedClock } from '../clock';
import { loadConfig } from '../config';
import { checkLedger } from '../ledger/check';
import { createTestDatabase } from '../../test/db';
import { createTestApp, TEST_NOW } from '../../test/helpers';
import { signedInMember } from '../../test/money';
import { createPlan, fundedMember, investIn } from '../../test/investing';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await redisAnswers();
if (!hasRedis && process.env.REQUIRE_REDIS === '1') {
  throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${REDIS_URL}.`);
}

/** A fresh client address per test, so runs in parallel projects never share a counter. */
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const write = (app: Awaited<ReturnType<typeof createTestApp>>['app'], ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/resend-otp',
    remoteAddress: ip,
    payload: { email: 'nobody@example.com' },
  });

describe('write rate limit', () => {
  it('refuses the write past RATE_LIMIT_WRITES_PER_MINUTE with 429 and Retry-After', async () => {
    const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
    const ip = someIp();
    for (let i = 0; i < 3; i += 1) expect((await write(app, ip)).statusCode).toBe(200);
    const refused = await write(app, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another client is not affected.
    expect((await write(app, someIp())).statusCode).toBe(200);
  });

  it('limits a read that writes (the exit quote, a row each) as it limits writes; a plain read is not', async () => {
    const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '6' });
    const plan = await createPlan(app, { durationDays: 90, exit: { penaltyBps: 100, forfeit: 'none' } });
    const member = await fundedMember(app, 500);
    const held = await investIn(member, plan.id, 200);
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1)
      answers.push(
        (await member.client.get(`/api/pp/${held.id}/exit-quote`, { token: member.token })).statusCode,
      );
    expect(answers).toContain(429);
    expect(answers.slice(answers.indexOf(429))).toEqual(answers.slice(answers.indexOf(429)).map(() => 429));
    const quotes = await app.deps.database.db
      .select()
      .from(exitQuotes)
      .where(eq(exitQuotes.userPlanId, held.id));
    expect(quotes).toHaveLength(answers.filter((status) => status === 200).length);
    expect((await member.client.get('/api/pp', { token: member.token })).statusCode).toBe(200);
  });

  it('keeps no Idempotency-Key answer of a write it refused: the key may be sent again (decision 213)', async () => {
    const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
    const member = await signedInMember(app);
    const { db } = app.deps.database;
    const stored = async (key: string) =>
      db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, member.user.id), eq(idempotencyKeys.key, key)));
    let refusedKey: string | null = null;
    for (let i = 0; i < 10 && refusedKey === null; i += 1) {
      const key = `limited-${i}`;
      const response = await member.client.post(
        '/api/deposit',
        { amount: 20, payment_method: 'bank_transfer' },
        { token: member.token, headers: { 'idempotency-key': key } },
      );
      if (response.statusCode === 429) refusedKey = key;
      else expect(await stored(key)).toMatchObject([{ status: 'done', responseStatus: 201 }]);
    }
    expect(refusedKey).not.toBeNull();
    expect(await stored(refusedKey!)).toEqual([]);
  });

  it.runIf(hasRedis)(
    'shares the count across API nodes through Redis (REDIS_URL)',
    async () => {
      const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_WRITES_PER_MINUTE: '3', REDIS_URL });
      const nodes = await Promise.all(
        [0, 1].map(async () => {
          const { database, drop } = await createTestDatabase();
          const redis = new Redis(REDIS_URL, {
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
            connectTimeout: 30_000,
          });
          await new Promise((resolve, reject) => {
            redis.once('ready', resolve);
            redis.once('error', reject);
          });
          const app = await buildApp({
            config,
            database,
            clock: new FixedClock(TEST_NOW),
            appKey: randomBytes(32),
            redis,
          });
          await app.ready();
          return {
            app,
            // Built here, not by createTestApp: its ledger is checked before it closes, as every test
            // app's is after its file (decision 030).
            close: async () => {
              try {
                const check = await checkLedger(database.db);
                if (!check.ok) throw new Error(`ledger check failed: ${JSON.stringify(check)}`);
              } finally {
                await app.close();
                redis.disconnect();
                await drop();
              }
            },
          };
        }),
      );
      onTestFinished(() => Promise.all(nodes.map((node) => node.close())).then(() => undefined));
      const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
      const ip = someIp();
      expect((await write(a.app, ip)).statusCode).toBe(200);
      expect((await write(b.app, ip)).statusCode).toBe(200);
      expect((await write(a.app, ip)).statusCode).toBe(200);
      expect((await write(b.app, ip)).statusCode).toBe(429);
    },
    90_000,
  );
});
