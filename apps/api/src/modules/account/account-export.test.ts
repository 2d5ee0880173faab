import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { ApiClient, createTestApp } from '../../../test/helpers';
import { enableTwoFactor } from '../../../test/accounts';
import { createPlan, investIn } from '../../../test/investing';
import { depositThroughSandbox, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { exportAccount } from './account-export.service';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });

/** The archive's files by name, as text. */
function filesOf(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

async function download(member: Member) {
  const response = await member.client.get('/api/account/export', { token: member.token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  expect(response.headers['cache-control']).toBe('no-store');
  return filesOf(new Uint8Array(response.rawPayload));
}

describe('GET /api/account/export', () => {
  it("holds the member's profile, activity, statements, goals, loans, referrals and sessions, and no other member's", async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const { secret } = await enableTwoFactor(app, member.client, member.token);
    await depositThroughSandbox(member, 225);
    await depositThroughSandbox(other, 333);
    const plan = await createPlan(app, { name: 'Export Fund', durationDays: 30, minAmountCents: 10_00 });
    await investIn(member, plan.id, 100);

    const files = await download(member);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        ...[
          'profile',
          'activity',
          'statements',
          'plans',
          'goals',
          'loans',
          'loan-applications',
          'referrals',
          'identity-verification',
          'sessions',
        ].flatMap((name) => [`${name}.json`, `${name}.csv`]),
      ].sort(),
    );
    const profile = JSON.parse(files['profile.json'] ?? '') as Record<string, unknown>[];
    expect(profile).toEqual([
      expect.objectContaining({
        id: member.user.id,
        email: member.email,
        username: member.user.username,
        balance: 125,
      }),
    ]);
    expect(files['profile.csv']).toContain(member.email);

    const activity = JSON.parse(files['activity.json'] ?? '') as { id: string; amount: number }[];
    expect(activity.map((row) => row.amount)).toEqual([-100, 225]);
    expect(files['activity.csv']?.split('\r\n')[0]).toMatch(/^date,type,/);
    expect(files['activity.csv']).toContain('225.00');

    const sessions = JSON.parse(files['sessions.json'] ?? '') as Record<string, unknown>[];
    expect(sessions.map((row) => row.id)).toEqual([Number(member.token.split('|')[0])]);
    expect(JSON.parse(files['statements.json'] ?? '')).not.toHaveLength(0);
    expect(JSON.parse(files['goals.json'] ?? '')).toEqual([]);
    // The plans held, and where the identity verification stands.
    expect(JSON.parse(files['plans.json'] ?? '')).toEqual([
      expect.objectContaining({ name: 'Export Fund', amount: 100, status: 'active' }),
    ]);
    expect(JSON.parse(files['identity-verification.json'] ?? '')).toEqual([
      expect.objectContaining({ status: 'not_started' }),
    ]);

    const everything = Object.values(files).join('\n');
    // No other member's rows.
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(other.user.username);
    expect(everything).not.toContain('333.00');
    const theirActivity = await other.client.get('/api/activity', { token: other.token });
    const theirIds = theirActivity.json<{ data: { id: string }[] }>().data.map((row) => row.id);
    expect(theirIds).toHaveLength(1);
    for (const id of theirIds) expect(activity.map((row) => row.id)).not.toContain(id);
    // No secret: no token, no hash of one, no password hash, no authenticator secret.
    const [, tokenSecret] = member.token.split('|');
    expect(everything).not.toContain(tokenSecret);
    expect(everything).not.toMatch(/secret|password_hash|passwordHash|argon2|totp/i);
    expect(everything).not.toContain(secret);
  });

  it('reads Activity in keyset batches: every row once, newest first, whatever the batch size', async () => {
    const member = await signedInMember(app);
    for (const amount of [10, 20, 30, 40, 50]) await depositThroughSandbox(member, amount);
    const chunks: Uint8Array[] = [];
    for await (const chunk of await exportAccount(app.deps, member.user, { batchSize: 2 }))
      chunks.push(chunk);
    const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    const files = filesOf(bytes);
    const activity = JSON.parse(files['activity.json'] ?? '') as { amount: number }[];
    expect(activity.map((row) => row.amount)).toEqual([50, 40, 30, 20, 10]);
    expect(files['activity.csv']?.trim().split('\r\n')).toHaveLength(6);
  });

  it('needs a member session: 401 without one, 403 for an admin', async () => {
    expect((await new ApiClient(app).get('/api/account/export')).statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    expect((await admin.client.get('/api/account/export', { token: admin.token })).statusCode).toBe(403);
  });
});
