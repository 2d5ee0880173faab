import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiTokens } from '@app/db';
import { createTestApp, TEST_NOW } from '../../../test/helpers';
import { signedInMember } from '../../../test/money';
import { me } from '../../../test/accounts';
import { endedTokensPrune, findTokenWithUser } from './token.repository';
import { genericPlanOf } from '../../../test/plans';
import { authCleanupJob } from './auth-cleanup.job';
import { ENDED_TOKEN_RETENTION_DAYS, issueToken, revokeToken } from './token.service';

const { app, clock } = await createTestApp();
const { db } = app.deps.database;
const tokenId = (token: string) => Number(token.split('|')[0]);

describe('the token read (one prepared statement, Drizzle’s own row mapping)', () => {
  it('answers the token with its owner: every column a check reads, dates as dates', async () => {
    const member = await signedInMember(app);
    // An admin-kind token, whose idle minutes and absolute end are set; its sign-in is its last proof.
    const adminToken = await issueToken(db, member.user.id, 'admin', TEST_NOW, false, null, {
      idleMinutes: 30,
      absoluteExpiresAt: new Date(TEST_NOW.getTime() + 8 * 3_600_000),
    });
    const admin = await findTokenWithUser(db, tokenId(adminToken));
    expect(admin?.token).toMatchObject({
      kind: 'admin',
      idleMinutes: 30,
      absoluteExpiresAt: new Date(TEST_NOW.getTime() + 8 * 3_600_000),
      reauthAt: TEST_NOW,
      revokedAt: null,
    });
    expect(admin?.token.expiresAt).toBeInstanceOf(Date);
    expect(admin?.user).toMatchObject({ id: member.user.id, email: member.email });

    await revokeToken(db, tokenId(member.token), TEST_NOW);
    const revoked = await findTokenWithUser(db, tokenId(member.token));
    expect(revoked?.token).toMatchObject({ kind: 'member', revokedAt: TEST_NOW, idleMinutes: null });
  });

  it('carries no credentials: no password hash or TOTP secret in any request (decision 148)', async () => {
    const member = await signedInMember(app);
    const id = tokenId(member.token);
    // The member has a TOTP secret pending, so the column is not null.
    const setup = await app.inject({
      method: 'POST',
      url: '/api/enable-2fa',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(setup.statusCode).toBe(200);
    const row = await findTokenWithUser(db, id);
    expect(row?.user.id).toBe(member.user.id);
    for (const leftOut of [
      'passwordHash',
      'totpSecretEnc',
      'totpLastStep',
      'passwordChangedAt',
      'referralSource',
      'updatedAt',
    ]) {
      expect(row?.user).not.toHaveProperty(leftOut);
    }
    expect(row?.user.totpEnabledAt).toBeNull();
    expect(row?.token).toHaveProperty('secretHash');
    for (const leftOut of ['userId', 'userAgent', 'ip', 'createdAt']) {
      expect(row?.token).not.toHaveProperty(leftOut);
    }
  });

  it('answers nothing for an id that matches no token', async () => {
    expect(await findTokenWithUser(db, 2_000_000_000)).toBeUndefined();
  });
});

describe('migration 0051: member tokens issued before decision 216 get their absolute end', () => {
  it('ends an old token 30 days (90 remembered) after its sign-in, at once when that has passed', async () => {
    const member = await signedInMember(app);
    const day = 86_400_000;
    const old = (signedDaysAgo: number, idleDays: number) => ({
      absoluteExpiresAt: null,
      idleDays,
      createdAt: new Date(TEST_NOW.getTime() - signedDaysAgo * day),
      expiresAt: new Date(TEST_NOW.getTime() + idleDays * day),
    });
    const recent = tokenId(await issueToken(db, member.user.id, 'member', TEST_NOW));
    const stale = tokenId(await issueToken(db, member.user.id, 'member', TEST_NOW));
    const remembered = tokenId(await issueToken(db, member.user.id, 'member', TEST_NOW, true));
    await db.update(apiTokens).set(old(10, 30)).where(eq(apiTokens.id, recent));
    await db.update(apiTokens).set(old(400, 30)).where(eq(apiTokens.id, stale));
    await db.update(apiTokens).set(old(60, 90)).where(eq(apiTokens.id, remembered));

    const migration = new URL(
      '../../../../../packages/db/migrations/0051_member_tokens_absolute_end.sql',
      import.meta.url,
    );
    for (const statement of readFileSync(migration, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    const endOf = async (id: number) => (await findTokenWithUser(db, id))?.token;
    expect(await endOf(recent)).toMatchObject({
      absoluteExpiresAt: new Date(TEST_NOW.getTime() + 20 * day),
      expiresAt: new Date(TEST_NOW.getTime() + 20 * day),
    });
    expect((await endOf(stale))?.expiresAt).toEqual(new Date(TEST_NOW.getTime() - 370 * day));
    expect((await endOf(remembered))?.expiresAt).toEqual(new Date(TEST_NOW.getTime() + 30 * day));
  });
});

describe('the clean-up job and ended tokens (decision 217)', () => {
  it('deletes a token 90 days after it expired or was revoked, and keeps every other', async () => {
    const member = await signedInMember(app);
    const day = 86_400_000;
    const now = clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const token = async (set: Partial<typeof apiTokens.$inferInsert>) => {
      const id = tokenId(await issueToken(db, member.user.id, 'member', ago(200)));
      await db.update(apiTokens).set(set).where(eq(apiTokens.id, id));
      return id;
    };
    const gone = [
      await token({ expiresAt: ago(ENDED_TOKEN_RETENTION_DAYS + 1) }),
      await token({ expiresAt: ago(-30), revokedAt: ago(ENDED_TOKEN_RETENTION_DAYS + 1) }),
    ];
    const kept = [
      tokenId(member.token),
      await token({ expiresAt: ago(ENDED_TOKEN_RETENTION_DAYS - 1) }),
      await token({ expiresAt: ago(-30), revokedAt: ago(10) }),
    ];
    await authCleanupJob.run({ database: app.deps.database, clock });
    const left = (await db.select({ id: apiTokens.id }).from(apiTokens)).map((row) => row.id);
    for (const id of gone) expect(left).not.toContain(id);
    for (const id of kept) expect(left).toContain(id);
    expect((await me(member.client, member.token)).status).toBe(200);
  });

  it('finds ended tokens by their indexes and deletes each by its key, on a large analysed table', async () => {
    const member = await signedInMember(app);
    const now = clock.now();
    const day = 86_400_000;
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      userId: member.user.id,
      kind: 'member' as const,
      secretHash: `hash-${i}`,
      idleDays: 30,
      createdAt: now,
      lastUsedAt: now,
      // One in twenty long ended; the rest still open.
      expiresAt: new Date(now.getTime() + (i % 20 === 0 ? -200 : 30) * day),
      revokedAt: i % 7 === 0 ? new Date(now.getTime() - day) : null,
    }));
    for (let i = 0; i < rows.length; i += 2_000) await db.insert(apiTokens).values(rows.slice(i, i + 2_000));
    await db.execute(sql`analyze api_tokens`);
    const before = new Date(now.getTime() - ENDED_TOKEN_RETENTION_DAYS * day);
    // Each of the job's statements, planned as the product plans them (generically, decision 135).
    for (const [ended, index] of [
      ['expiresAt', 'api_tokens_expires_idx'],
      ['revokedAt', 'api_tokens_revoked_idx'],
    ] as const) {
      const plan = await genericPlanOf(
        app.deps.database,
        (tx) => endedTokensPrune(tx, ended, before, 1_000),
        { asConfigured: true },
      );
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Seq Scan on api_tokens/);
    }
    await db.delete(apiTokens).where(eq(apiTokens.userId, member.user.id));
  });
});
