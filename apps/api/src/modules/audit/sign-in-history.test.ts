import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/helpers';
import { Browser, createUser, mailsTo, signIn } from '../../../test/accounts';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { SIGN_IN_ACTION } from '../auth/security-events';
import { entryFromIpQuery } from './audit.repository';

/**
 * "A sign-in from a new place" with a long history (decision 221): a member who has signed in 600
 * times from 600 addresses still gets the notice for a new one and none for a known one, and the
 * question reads one key of audit_log_sign_in_ip_idx, never their audit history.
 */
const { app } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('the new-sign-in check with a year of sign-ins', () => {
  it('tells a new address from a known one by one index key', async () => {
    const { user, email } = await createUser(app);
    await db.execute(
      sql`insert into audit_log (actor_id, action, subject_type, subject_id, ip, created_at)
          select ${user.id}, ${SIGN_IN_ACTION}, 'user', ${String(user.id)}, '2001:db8::' || to_hex(g),
            timestamptz '2025-06-01T00:00:00Z' + g * interval '13 hours'
          from generate_series(1, 600) g`,
    );
    const notices = async () =>
      (await mailsTo(app, email)).filter((mail) => mail.subject === 'New sign-in to your account');
    const known = new Browser(app, '2001:db8::7');
    await signIn(known, email);
    expect(await notices()).toHaveLength(0);
    const fresh = new Browser(app);
    await signIn(fresh, email);
    expect(await notices()).toHaveLength(1);

    const where = {
      subjectType: 'user',
      subjectId: String(user.id),
      action: SIGN_IN_ACTION,
      ip: '2001:db8::ffff',
    };
    const plan = await genericPlanOf(app.deps.database, (tx) => entryFromIpQuery(tx, where), {
      analyze: true,
    });
    expect(readThrough(plan, 'audit_log_sign_in_ip_idx'), plan).toEqual([0]);
    expect(plan).not.toContain('audit_log_subject_idx');
  });
});
