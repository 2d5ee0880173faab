import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '@app/db';
import type { AdminSettingsResponse } from '@app/shared';
import { createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { createUser, errorOf } from '../../../test/accounts';
import { signInAdminAs, type AdminSession } from '../../../test/admin';
import { fourEyesThresholdDollars } from '../settings/four-eyes';
import { writeSettings } from '../settings/settings.service';
import { FOUR_EYES_PROPOSAL_KEY } from './threshold-raise';

/** Decision 248: a higher four-eyes threshold takes two superadmins; a lower one applies at once. */

const PENDING =
  'Settings saved. The higher second-approval amount takes effect once another superadmin saves the same amount within 24 hours.';
const SAVED = 'Settings saved.';

type Answer = AdminSettingsResponse & { message: string };

const put = (admin: AdminSession, body: Record<string, unknown>) =>
  admin.client.put('/api/admin/settings', body, { token: admin.token });
const read = async (admin: AdminSession) =>
  (await admin.client.get('/api/admin/settings', { token: admin.token })).json<AdminSettingsResponse>();

async function saveThreshold(admin: AdminSession, threshold: number, extra: Record<string, unknown> = {}) {
  const response = await put(admin, { withdrawal_four_eyes_threshold: threshold, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

const test: TestApp = await createTestApp();
const { db } = test.app.deps.database;
const alice = await signInAdminAs(test.app, 'superadmin');
const bob = await signInAdminAs(test.app, 'superadmin');
const finance = await signInAdminAs(test.app, 'finance');

const auditRows = (action: string) =>
  db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/** Each test starts at $10,000 with no raise waiting (written as the set-up, not through the route). */
async function reset() {
  await writeSettings(
    db,
    { withdrawal_four_eyes_threshold: 10_000, [FOUR_EYES_PROPOSAL_KEY]: null },
    TEST_NOW,
  );
}

describe('PUT /api/admin/settings: a higher four-eyes threshold', () => {
  it('waits for a second superadmin: the one who asked cannot confirm it; the other, saving the same amount, does', async () => {
    await reset();
    const asked = await saveThreshold(alice, 50_000, { sitename: 'Harbour Invest' });
    expect(asked.message).toBe(PENDING);
    // The other keys of the same save are written; the threshold is not.
    expect(asked.settings).toMatchObject({
      sitename: 'Harbour Invest',
      withdrawal_four_eyes_threshold: 10_000,
    });
    expect(asked.four_eyes_proposal).toEqual({
      threshold: 50_000,
      proposed_by: alice.user.username,
      proposed_at: TEST_NOW.toISOString(),
    });
    expect(await fourEyesThresholdDollars(db)).toBe(10_000);
    const [audit] = await auditRows('settings.four_eyes_threshold_proposed');
    expect(audit).toMatchObject({
      actorId: alice.user.id,
      before: { withdrawal_four_eyes_threshold: 10_000 },
      after: { withdrawal_four_eyes_threshold: 50_000 },
    });

    const again = await saveThreshold(alice, 50_000);
    expect(again.message).toBe(PENDING);
    expect(await fourEyesThresholdDollars(db)).toBe(10_000);

    expect((await read(bob)).four_eyes_proposal).toMatchObject({
      threshold: 50_000,
      proposed_by: alice.user.username,
    });
    const confirmed = await saveThreshold(bob, 50_000);
    expect(confirmed.message).toBe(SAVED);
    expect(confirmed.settings.withdrawal_four_eyes_threshold).toBe(50_000);
    expect(confirmed.four_eyes_proposal).toBeNull();
    expect(await fourEyesThresholdDollars(db)).toBe(50_000);
    const [applied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, bob.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(applied).toMatchObject({
      before: { withdrawal_four_eyes_threshold: 10_000 },
      after: { withdrawal_four_eyes_threshold: 50_000 },
    });
  });

  it('another amount, or the same one after 24 hours, confirms nothing: it becomes the waiting raise', async () => {
    await reset();
    await saveThreshold(alice, 50_000);
    const other = await saveThreshold(bob, 60_000);
    expect(other.message).toBe(PENDING);
    expect(other.four_eyes_proposal).toMatchObject({ threshold: 60_000, proposed_by: bob.user.username });
    expect(await fourEyesThresholdDollars(db)).toBe(10_000);
    expect((await saveThreshold(alice, 60_000)).settings.withdrawal_four_eyes_threshold).toBe(60_000);

    await saveThreshold(alice, 90_000);
    // Alice's raise was asked for 24 hours ago: it has lapsed.
    const lapsed = new Date(TEST_NOW.getTime() - 24 * 3_600_000).toISOString();
    await writeSettings(
      db,
      { [FOUR_EYES_PROPOSAL_KEY]: { threshold: 90_000, proposed_by: alice.user.id, proposed_at: lapsed } },
      TEST_NOW,
    );
    expect((await read(bob)).four_eyes_proposal).toBeNull();
    const late = await saveThreshold(bob, 90_000);
    expect(late.message).toBe(PENDING);
    expect(late.four_eyes_proposal).toMatchObject({ threshold: 90_000, proposed_by: bob.user.username });
    expect(await fourEyesThresholdDollars(db)).toBe(60_000);
  });

  it('a lower threshold applies at once, from one superadmin, and ends a waiting raise', async () => {
    await reset();
    await saveThreshold(alice, 50_000);
    const lower = await saveThreshold(bob, 5_000);
    expect(lower.message).toBe(SAVED);
    expect(lower.settings.withdrawal_four_eyes_threshold).toBe(5_000);
    expect(lower.four_eyes_proposal).toBeNull();
    // The raise that waited is gone: Alice's own amount saved again is a new request, not a confirmation.
    expect((await saveThreshold(bob, 50_000)).message).toBe(PENDING);
    expect(await fourEyesThresholdDollars(db)).toBe(5_000);
  });

  it('refuses a threshold that is not a whole number of dollars, and an admin who is not a superadmin; a waiting raise stays as it was', async () => {
    await reset();
    const asked = await saveThreshold(alice, 50_000);
    for (const threshold of [0, 10.5, '50000']) {
      const bad = await put(bob, { withdrawal_four_eyes_threshold: threshold });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(errorOf(bad).errors ?? {})).toEqual(['withdrawal_four_eyes_threshold']);
    }
    const refused = await put(finance, { withdrawal_four_eyes_threshold: 50_000 });
    expect(refused.statusCode).toBe(403);
    const after = await read(alice);
    expect(after.four_eyes_proposal).toEqual(asked.four_eyes_proposal);
    expect(after.settings.withdrawal_four_eyes_threshold).toBe(10_000);
  });

  it('a save that leaves the threshold as it is keeps the waiting raise; the proposer saving it again asks nothing new', async () => {
    await reset();
    const asked = await saveThreshold(alice, 50_000);
    const proposedRows = (await auditRows('settings.four_eyes_threshold_proposed')).length;
    // What the settings form sends on any save: every field, the threshold in force among them.
    expect((await saveThreshold(bob, 10_000, { sitename: 'Harbour Invest' })).message).toBe(SAVED);
    expect((await saveThreshold(alice, 50_000)).message).toBe(PENDING);
    expect((await read(bob)).four_eyes_proposal).toEqual(asked.four_eyes_proposal);
    expect(await auditRows('settings.four_eyes_threshold_proposed')).toHaveLength(proposedRows);
    await saveThreshold(bob, 50_000);
    const [confirmed] = await auditRows('settings.four_eyes_threshold_confirmed');
    expect(confirmed).toMatchObject({
      actorId: bob.user.id,
      before: { proposal: { threshold: 50_000, proposed_by: alice.user.id } },
      after: { withdrawal_four_eyes_threshold: 50_000 },
    });
  });

  it('a raise ends with its proposer: suspended, the raise is gone and the same amount is asked for again', async () => {
    await reset();
    const carol = await signInAdminAs(test.app, 'superadmin');
    await saveThreshold(carol, 70_000);
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, carol.user.id));
    expect((await read(alice)).four_eyes_proposal).toBeNull();
    const again = await saveThreshold(alice, 70_000);
    expect(again.message).toBe(PENDING);
    expect(again.four_eyes_proposal).toMatchObject({ proposed_by: alice.user.username });
    expect(await fourEyesThresholdDollars(db)).toBe(10_000);
  });

  it('a superadmin whose second factor came after the raise was asked for cannot confirm it', async () => {
    await reset();
    await saveThreshold(alice, 80_000);
    test.clock.advance(60_000);
    const late = await signInAdminAs(test.app, 'superadmin');
    const refused = await saveThreshold(late, 80_000);
    expect(refused.message).toBe(PENDING);
    expect(refused.four_eyes_proposal).toMatchObject({ proposed_by: late.user.username });
    expect(await fourEyesThresholdDollars(db)).toBe(10_000);
    // Bob enrolled before Late's raise: he confirms it.
    expect((await saveThreshold(bob, 80_000)).settings.withdrawal_four_eyes_threshold).toBe(80_000);
  });

  it('a lowering that ends a waiting raise says so in the audit log', async () => {
    await reset();
    await saveThreshold(alice, 50_000);
    await saveThreshold(bob, 9_000);
    const [ended] = await auditRows('settings.four_eyes_threshold_proposal_ended');
    expect(ended).toMatchObject({
      actorId: bob.user.id,
      before: { proposal: { threshold: 50_000, proposed_by: alice.user.id } },
      after: { withdrawal_four_eyes_threshold: 9_000 },
    });
  });
});

describe('PUT /api/admin/settings: a single-operator deployment', () => {
  it('applies a raise at once when no other superadmin has an open account with a second factor', async () => {
    const own = await createTestApp();
    const only = await signInAdminAs(own.app, 'superadmin');
    await signInAdminAs(own.app, 'finance');
    // A superadmin invited but not signed in yet (no second factor) does not count.
    await createUser(own.app, { role: 'admin', adminRole: 'superadmin' });
    const raised = await saveThreshold(only, 50_000);
    expect(raised.message).toBe(SAVED);
    expect(raised.settings.withdrawal_four_eyes_threshold).toBe(50_000);
    expect(raised.four_eyes_proposal).toBeNull();
  });

  it('a suspended superadmin still counts: suspending the other one does not make a raise one person’s', async () => {
    const own = await createTestApp();
    const only = await signInAdminAs(own.app, 'superadmin');
    const away = await signInAdminAs(own.app, 'superadmin');
    await own.app.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, away.user.id));
    const raised = await saveThreshold(only, 50_000);
    expect(raised.message).toBe(PENDING);
    expect(raised.settings.withdrawal_four_eyes_threshold).toBe(10_000);
    await own.app.deps.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, away.user.id));
    expect((await saveThreshold(only, 60_000)).settings.withdrawal_four_eyes_threshold).toBe(60_000);
  });
});
