import { describe, expect, it } from 'vitest';
import { userProfiles } from '@app/db';
import { createTestApp, TEST_NOW } from '../../../test/helpers';
import { depositThroughSandbox, signedInMember } from '../../../test/money';
import { toAccountFigures } from '../../ledger/ledger';
import { findTokensWithAccount, findTokensWithUser, tokensWithAccountSelect } from './token.repository';
import { issueToken, revokeToken } from './token.service';

const { app } = await createTestApp();
const { db } = app.deps.database;
const tokenId = (token: string) => Number(token.split('|')[0]);

describe('token reads (row mapping compiled once, decision 006; one JSON value a row, decision 149)', () => {
  it('answer the rows Drizzle’s own mapping answers: nested objects, dates, a missing profile as null', async () => {
    const withProfile = await signedInMember(app);
    await db.insert(userProfiles).values({
      userId: withProfile.user.id,
      country: 'ES',
      personalEnc: null,
      updatedAt: TEST_NOW,
    });
    // A profile whose country is not given yet: still a profile, not "no profile".
    const withBareProfile = await signedInMember(app);
    await db.insert(userProfiles).values({
      userId: withBareProfile.user.id,
      country: null,
      personalEnc: null,
      updatedAt: TEST_NOW,
    });
    const withoutProfile = await signedInMember(app);
    const withMoney = await signedInMember(app);
    await depositThroughSandbox(withMoney, 250);
    // An admin-kind token, whose idle minutes, absolute end and second-factor time are set, and a
    // revoked one: every token column holds a value in some row.
    const adminToken = await issueToken(db, withMoney.user.id, 'admin', TEST_NOW, false, null, {
      idleMinutes: 30,
      absoluteExpiresAt: new Date(TEST_NOW.getTime() + 8 * 3_600_000),
      reauthAt: TEST_NOW,
    });
    await revokeToken(db, tokenId(withBareProfile.token), TEST_NOW);
    const ids = [
      ...[withProfile, withoutProfile, withMoney, withBareProfile].map((member) => tokenId(member.token)),
      tokenId(adminToken),
    ];

    const compiled = await findTokensWithAccount(db, ids);
    // The same select of columns instead of one JSON value a row, mapped by Drizzle itself.
    const drizzleRows = await tokensWithAccountSelect(db, { json: false })
      .prepare('tokens_with_account_drizzle')
      .execute({ ids: `{${ids.join(',')}}` });
    expect(drizzleRows).toHaveLength(5);
    for (const row of drizzleRows) expect(compiled.get(row.token.id)).toEqual(row);
    expect(compiled.get(ids[4] ?? 0)?.token).toMatchObject({
      kind: 'admin',
      idleMinutes: 30,
      absoluteExpiresAt: new Date(TEST_NOW.getTime() + 8 * 3_600_000),
      reauthAt: TEST_NOW,
    });
    expect(compiled.get(ids[3] ?? 0)?.token.revokedAt).toEqual(TEST_NOW);

    const profileOf = (id: number) => compiled.get(id)?.profile;
    expect(profileOf(ids[0] ?? 0)).toMatchObject({ country: 'ES', personalEnc: null });
    expect(profileOf(ids[1] ?? 0)).toBeNull();
    expect(profileOf(ids[3] ?? 0)).toEqual({
      userId: withBareProfile.user.id,
      country: null,
      personalEnc: null,
    });
    // The figures, read with the token: the cash balance and the running totals, zeros for a member
    // with no money yet.
    expect(toAccountFigures(compiled.get(ids[2] ?? 0))).toEqual({
      balance: 25_000,
      totalEarnings: 0,
      totalDeposit: 25_000,
    });
    expect(toAccountFigures(compiled.get(ids[1] ?? 0))).toEqual({
      balance: 0,
      totalEarnings: 0,
      totalDeposit: 0,
    });
    const token = compiled.get(ids[1] ?? 0)?.token;
    expect(token?.expiresAt).toBeInstanceOf(Date);
    expect(token?.revokedAt).toBeNull();
    expect(compiled.get(ids[0] ?? 0)?.user).toMatchObject({
      id: withProfile.user.id,
      email: withProfile.email,
    });
  });

  it('carry no credentials: no password hash or TOTP secret in any request (decision 148)', async () => {
    const member = await signedInMember(app);
    const id = tokenId(member.token);
    // The member has a TOTP secret pending, so the column is not null.
    const setup = await app.inject({
      method: 'POST',
      url: '/api/enable-2fa',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(setup.statusCode).toBe(200);
    for (const read of [findTokensWithUser, findTokensWithAccount]) {
      const row = (await read(db, [id])).get(id);
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
    }
  });

  it('leave out ids that match no token', async () => {
    const member = await signedInMember(app);
    const id = tokenId(member.token);
    const found = await findTokensWithUser(db, [id, 2_000_000_000]);
    expect([...found.keys()]).toEqual([id]);
    expect(found.get(id)?.user.id).toBe(member.user.id);
  });
});
