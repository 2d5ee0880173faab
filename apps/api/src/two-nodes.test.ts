import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiSession } from '../../../e2e/support/api-session';
import { E2E_ADMIN } from '../../../e2e/support/constants';
import { startProduct } from '../../../e2e/support/product';
import { createEmptyPostgresDatabase } from '../test/db';

// Two server processes on one PostgreSQL (vitest.config.ts runs this file in the PostgreSQL project only):
// what one node does, the other sees at once, and nothing happens twice because there are two. Each
// has its own DATA_DIR, as separate machines would; they share the deployment's APP_KEY (decision 152).
const database = await createEmptyPostgresDatabase('two_nodes');
const env = {
  DATABASE_URL: database.url,
  APP_KEY: randomBytes(32).toString('hex'),
  SEED_DEMO: '0',
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
};
const a = await startProduct(env);
// The admin's authenticator as node a sealed it at its start: node b must open it, not enrol it anew.
const adminSecretSealed = async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ sealed: string }>(
      'select totp_secret_enc as sealed from users where lower(email) = lower($1)',
      [E2E_ADMIN.email],
    );
    return rows[0]?.sealed;
  } finally {
    await client.end();
  }
};
const sealedByA = await adminSecretSealed();
const b = await startProduct(env);
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await database.drop();
});

describe('two server processes on one PostgreSQL', () => {
  it('hold a balance once: withdrawals sent to both at the same time never overspend', async () => {
    const onA = new ApiSession(a.url);
    const member = await onA.registerVerifiedMember('nodes');
    await onA.signIn(member.email, member.password);
    const created = await onA.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 100,
      payment_method: 'nowpayment',
    });
    await onA.request('POST', `/api/sandbox/checkout/${created.deposit.id}/pay`);
    const onB = new ApiSession(b.url);
    await onB.signIn(member.email, member.password);

    const body = {
      amount: '30',
      withdrawal_method: 'bank_transfer',
      destination: 'Example Bank, account 123456789012, routing 021000021',
    };
    const answers = await Promise.allSettled(
      [onA, onB, onA, onB, onA, onB].map((session) => session.request('POST', '/api/withdrawal', body)),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(3);
    for (const answer of answers.filter((answer) => answer.status === 'rejected')) {
      expect(String(answer.reason)).toContain(': 422 ');
    }
    const me = await onB.request<{ balance: string | number }>('GET', '/api/me');
    expect(Number(me.balance)).toBe(10);
  });

  it('run each job once: a deposit expired by both nodes at the same time is expired and notified once', async () => {
    const session = new ApiSession(a.url);
    const member = await session.registerVerifiedMember('nodes');
    await session.signIn(member.email, member.password);
    const created = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 50,
      payment_method: 'nowpayment',
    });
    // Each node's clock is its own; moving both runs every job on both, at the same moment.
    const clocks = [a, b].map((node) => new ApiSession(node.url));
    await Promise.all(clocks.map((clock) => clock.request('POST', '/api/dev/clock', { advance_days: 2 })));
    const deposit = await session.request<{ status: string }>('GET', `/api/deposits/${created.deposit.id}`);
    expect(deposit.status).toBe('expired');
    const inbox = await session.request<{ data: Array<{ title: string }> }>('GET', '/api/notifications');
    expect(inbox.data.filter((item) => item.title === 'Deposit expired')).toHaveLength(1);
  });

  it('sign out everywhere: a token signed out on one node is refused by the other', async () => {
    const onA = new ApiSession(a.url);
    const member = await onA.registerVerifiedMember('nodes');
    await onA.signIn(member.email, member.password);
    const authorization = onA.authorization();
    const me = (url: string) =>
      fetch(`${url}/api/me`, { headers: { authorization, accept: 'application/json' } });
    expect((await me(b.url)).status).toBe(200);
    await onA.request('POST', '/api/logout', {});
    expect((await me(b.url)).status).toBe(401);
    expect((await me(a.url)).status).toBe(401);
  });

  it('share sealed data: an admin authenticator sealed by one node opens on the other, and a profile too', async () => {
    // Node a enrolled the admin's authenticator at its start; b's start opened it (kept it as it
    // was), and signing in on b opens it again.
    expect(sealedByA).toBeTruthy();
    expect(await adminSecretSealed()).toBe(sealedByA);
    const admin = new ApiSession(b.url);
    await admin.signInAdmin();
    expect(await adminSecretSealed()).toBe(sealedByA);
    const onA = new ApiSession(a.url);
    const member = await onA.registerVerifiedMember('nodes');
    await onA.signIn(member.email, member.password);
    await onA.request('PATCH', '/api/profile/update', { first_name: 'Anna', city: 'Berlin' });
    const onB = new ApiSession(b.url);
    await onB.signIn(member.email, member.password);
    const me = await onB.request<{ profile: { first_name: string; city: string } }>('GET', '/api/me');
    expect(me.profile).toMatchObject({ first_name: 'Anna', city: 'Berlin' });
  });
});

describe('one key per deployment (decision 152)', () => {
  it('a node with another APP_KEY refuses to start, says why and what to do', async () => {
    const refused = await startProduct({ ...env, APP_KEY: randomBytes(32).toString('hex') }).catch(
      (error: unknown) => String(error),
    );
    expect(refused).toContain('Refusing to start');
    expect(refused).toContain('Start every node with the same APP_KEY');
  });

  it('without APP_KEY the first node says loudly where its key is; a second with its own key refuses', async () => {
    const fresh = await createEmptyPostgresDatabase('two_nodes_key');
    const unset = { ...env, DATABASE_URL: fresh.url, APP_KEY: undefined, ADMIN_TOTP_SECRET: undefined };
    const first = await startProduct(unset);
    try {
      expect(first.output()).toContain('!! APP_KEY is not set');
      expect(existsSync(`${first.dataDir}/app.key`)).toBe(true);
      const second = await startProduct(unset).catch((error: unknown) => String(error));
      expect(second).toContain('Refusing to start');
    } finally {
      await first.stop();
      await fresh.drop();
    }
  });
});
