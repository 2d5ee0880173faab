import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@app/db';
import { ApiSession } from '../../../e2e/support/api-session';
import { startProduct, type RunningProduct } from '../../../e2e/support/product';
import { checkLedger } from './ledger/check';
import { createEmptyPostgresDatabase, TEST_DB } from '../test/db';

/** Seconds of money-moving load before the SIGKILL: bounded, so the suite stays quick. */
const LOAD_MS = 2_500;
const MEMBERS = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'crash-test-'));
const postgres = TEST_DB === 'postgres' ? await createEmptyPostgresDatabase('crash') : undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: postgres?.url ?? '',
  SEED_DEMO: '0',
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
};

interface Member {
  email: string;
  password: string;
  deposits: number[];
  withdrawals: number[];
}

/** One member's loop: pay a deposit on the sandbox checkout, withdraw part of it; record what was acknowledged. */
async function moveMoney(session: ApiSession, member: Member, until: () => boolean) {
  while (!until()) {
    try {
      const created = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
        amount: 20,
        payment_method: 'nowpayment',
      });
      const paid = await session.request<{ status: string }>(
        'POST',
        `/api/sandbox/checkout/${created.deposit.id}/pay`,
      );
      if (paid.status === 'confirmed') member.deposits.push(created.deposit.id);
      const withdrawal = await session.request<{ withdrawal: { id: number } }>('POST', '/api/withdrawal', {
        amount: '5',
        withdrawal_method: 'bank_transfer',
        destination: 'Example Bank, account 123456789012, routing 021000021',
      });
      member.withdrawals.push(withdrawal.withdrawal.id);
    } catch {
      return; // the server was killed: what it did not answer was not acknowledged
    }
  }
}

// Runs in both API projects: on PGlite (the product's data directory) and on PostgreSQL.
describe(`a SIGKILL in the middle of money-moving load (${TEST_DB})`, () => {
  it('loses no acknowledged deposit or withdrawal, and the ledger balances after a restart', async () => {
    let product: RunningProduct = await startProduct(env);
    const members: Member[] = [];
    const sessions: ApiSession[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const session = new ApiSession(product.url);
      const credentials = await session.registerVerifiedMember('crash');
      await session.signIn(credentials.email, credentials.password);
      members.push({ ...credentials, deposits: [], withdrawals: [] });
      sessions.push(session);
    }
    let killed = false;
    const loops = members.map((member, i) => moveMoney(sessions[i] as ApiSession, member, () => killed));
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    process.kill(product.pid, 'SIGKILL');
    killed = true;
    await Promise.all(loops);
    await product.stop();
    const acknowledged = members.reduce((sum, member) => sum + member.deposits.length, 0);
    expect(acknowledged).toBeGreaterThan(0);

    product = await startProduct(env);
    try {
      for (const member of members) {
        const session = new ApiSession(product.url);
        await session.signIn(member.email, member.password);
        for (const id of member.deposits) {
          const deposit = await session.request<{ status: string }>('GET', `/api/deposits/${id}`);
          expect(deposit.status).toBe('confirmed');
        }
        const kept = new Set<number>();
        for (let page = 1, last = 1; page <= last; page += 1) {
          const history = await session.request<{ data: Array<{ id: number }>; last_page: number }>(
            'GET',
            `/api/withdrawal/history?page=${page}`,
          );
          for (const row of history.data) kept.add(row.id);
          last = history.last_page;
        }
        for (const id of member.withdrawals) expect(kept.has(id)).toBe(true);
      }
    } finally {
      await product.stop();
    }

    const database =
      TEST_DB === 'postgres' && postgres
        ? await openDatabase({ driver: 'postgres', url: postgres.url, poolSize: 1 })
        : await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const check = await checkLedger(database.db);
      expect(check.ok, JSON.stringify(check)).toBe(true);
      expect(check.entriesChecked).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await database.close();
    }
  }, 240_000);
});
