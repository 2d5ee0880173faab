import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@app/db';
import type { AdminSettingsResponse, KycStateResponse } from '@app/shared';
import { createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { signInAdminAs, type AdminSession } from '../../../test/admin';
import { signedInMember } from '../../../test/money';
import { writeSettings } from '../settings/settings.service';
import { FOUR_EYES_PROPOSAL_KEY, KYC_PROPOSAL_KEY } from './threshold-raise';

/**
 * Decision 249: a looser identity-verification limit on withdrawals (a higher amount, or none at all)
 * takes two superadmins, as a higher four-eyes threshold does (decision 248); a tighter one applies at
 * once.
 */

const PENDING =
  'Settings saved. The looser identity-verification limit takes effect once another superadmin saves the same value within 24 hours.';
const BOTH_PENDING =
  'Settings saved. The higher second-approval amount and the looser identity-verification limit take effect once another superadmin saves the same values within 24 hours.';
const SAVED = 'Settings saved.';

type Answer = AdminSettingsResponse & { message: string };

const put = (admin: AdminSession, body: Record<string, unknown>) =>
  admin.client.put('/api/admin/settings', body, { token: admin.token });

async function save(admin: AdminSession, body: Record<string, unknown>) {
  const response = await put(admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}
const saveLimit = (admin: AdminSession, limit: number | null) =>
  save(admin, { kyc_withdrawal_threshold: limit });

const test: TestApp = await createTestApp();
const { db } = test.app.deps.database;
const alice = await signInAdminAs(test.app, 'superadmin');
const bob = await signInAdminAs(test.app, 'superadmin');
const finance = await signInAdminAs(test.app, 'finance');
const member = await signedInMember(test.app);

/** The limit a member is told applies to withdrawals (GET /api/kyc). */
async function memberLimit(): Promise<number | null> {
  const response = await member.client.get('/api/kyc', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<KycStateResponse>().kyc.withdrawal_limit.threshold;
}

const auditRows = (action: string) =>
  db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/** Each test starts with a $1,000 limit, a $10,000 four-eyes threshold and nothing waiting. */
async function reset() {
  await writeSettings(
    db,
    {
      kyc_withdrawal_threshold: 1_000,
      withdrawal_four_eyes_threshold: 10_000,
      [KYC_PROPOSAL_KEY]: null,
      [FOUR_EYES_PROPOSAL_KEY]: null,
    },
    TEST_NOW,
  );
}

describe('PUT /api/admin/settings: a looser identity-verification limit', () => {
  it('a higher limit waits for a second superadmin; the proposer cannot confirm it, the other one does', async () => {
    await reset();
    const asked = await saveLimit(alice, 5_000);
    expect(asked.message).toBe(PENDING);
    expect(asked.settings.kyc_withdrawal_threshold).toBe(1_000);
    expect(asked.kyc_threshold_proposal).toEqual({
      threshold: 5_000,
      proposed_by: alice.user.username,
      proposed_at: TEST_NOW.toISOString(),
    });
    expect(asked.four_eyes_proposal).toBeNull();
    expect(await memberLimit()).toBe(1_000);
    const [audit] = await auditRows('settings.kyc_threshold_proposed');
    expect(audit).toMatchObject({
      actorId: alice.user.id,
      before: { kyc_withdrawal_threshold: 1_000 },
      after: { kyc_withdrawal_threshold: 5_000 },
    });

    expect((await saveLimit(alice, 5_000)).message).toBe(PENDING);
    expect(await auditRows('settings.kyc_threshold_proposed')).toHaveLength(1);
    expect(await memberLimit()).toBe(1_000);

    const confirmed = await saveLimit(bob, 5_000);
    expect(confirmed.message).toBe(SAVED);
    expect(confirmed.settings.kyc_withdrawal_threshold).toBe(5_000);
    expect(confirmed.kyc_threshold_proposal).toBeNull();
    expect(await memberLimit()).toBe(5_000);
    const [done] = await auditRows('settings.kyc_threshold_confirmed');
    expect(done).toMatchObject({
      actorId: bob.user.id,
      before: { proposal: { threshold: 5_000, proposed_by: alice.user.id } },
      after: { kyc_withdrawal_threshold: 5_000 },
    });
  });

  it('removing the limit is the loosest change: it waits too, and the other superadmin removing it confirms', async () => {
    await reset();
    const asked = await saveLimit(alice, null);
    expect(asked.message).toBe(PENDING);
    expect(asked.kyc_threshold_proposal).toMatchObject({ threshold: null, proposed_by: alice.user.username });
    expect(await memberLimit()).toBe(1_000);
    // Another amount is not a confirmation: it becomes the waiting change.
    const other = await saveLimit(bob, 2_000);
    expect(other.message).toBe(PENDING);
    expect(other.kyc_threshold_proposal).toMatchObject({ threshold: 2_000, proposed_by: bob.user.username });
    await saveLimit(alice, null);
    expect((await saveLimit(bob, null)).settings.kyc_withdrawal_threshold).toBeNull();
    expect(await memberLimit()).toBeNull();
  });

  it('a tighter limit applies at once, from one superadmin, and ends a waiting raise (audited); setting a limit where none was is tighter', async () => {
    await reset();
    await saveLimit(alice, 5_000);
    const lower = await saveLimit(bob, 500);
    expect(lower.message).toBe(SAVED);
    expect(lower.kyc_threshold_proposal).toBeNull();
    expect(await memberLimit()).toBe(500);
    const [ended] = await auditRows('settings.kyc_threshold_proposal_ended');
    expect(ended).toMatchObject({
      actorId: bob.user.id,
      before: { proposal: { threshold: 5_000, proposed_by: alice.user.id } },
      after: { kyc_withdrawal_threshold: 500 },
    });
    await writeSettings(db, { kyc_withdrawal_threshold: null }, TEST_NOW);
    expect((await saveLimit(alice, 0)).message).toBe(SAVED);
    expect(await memberLimit()).toBe(0);
  });

  it('both controls loosened in one save: both wait, and the answer says so', async () => {
    await reset();
    const asked = await save(alice, {
      kyc_withdrawal_threshold: 3_000,
      withdrawal_four_eyes_threshold: 20_000,
      sitename: 'Harbour Invest',
    });
    expect(asked.message).toBe(BOTH_PENDING);
    expect(asked.settings).toMatchObject({
      sitename: 'Harbour Invest',
      kyc_withdrawal_threshold: 1_000,
      withdrawal_four_eyes_threshold: 10_000,
    });
    expect(asked.kyc_threshold_proposal).toMatchObject({ threshold: 3_000 });
    expect(asked.four_eyes_proposal).toMatchObject({ threshold: 20_000 });
    // Bob confirms one of them; the other still waits.
    const one = await save(bob, { kyc_withdrawal_threshold: 3_000, withdrawal_four_eyes_threshold: 10_000 });
    expect(one.message).toBe(SAVED);
    expect(one.settings).toMatchObject({
      kyc_withdrawal_threshold: 3_000,
      withdrawal_four_eyes_threshold: 10_000,
    });
    expect(one.four_eyes_proposal).toMatchObject({ threshold: 20_000, proposed_by: alice.user.username });
  });

  it('refuses a limit that is not a whole number of dollars from 0, and an admin who is not a superadmin; nothing changes', async () => {
    await reset();
    const asked = await saveLimit(alice, 5_000);
    for (const limit of [-1, 10.5, '5000']) {
      const bad = await put(bob, { kyc_withdrawal_threshold: limit });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(errorOf(bad).errors ?? {})).toEqual(['kyc_withdrawal_threshold']);
    }
    expect((await put(finance, { kyc_withdrawal_threshold: 5_000 })).statusCode).toBe(403);
    const after = (
      await bob.client.get('/api/admin/settings', { token: bob.token })
    ).json<AdminSettingsResponse>();
    expect(after.kyc_threshold_proposal).toEqual(asked.kyc_threshold_proposal);
    expect(await memberLimit()).toBe(1_000);
  });
});

describe('PUT /api/admin/settings: a single operator', () => {
  it('loosens the limit at once when no other superadmin has an open account with a second factor', async () => {
    const own = await createTestApp();
    const only = await signInAdminAs(own.app, 'superadmin');
    await writeSettings(own.app.deps.database.db, { kyc_withdrawal_threshold: 1_000 }, TEST_NOW);
    const removed = await saveLimit(only, null);
    expect(removed.message).toBe(SAVED);
    expect(removed.settings.kyc_withdrawal_threshold).toBeNull();
    expect(removed.kyc_threshold_proposal).toBeNull();
  });
});
