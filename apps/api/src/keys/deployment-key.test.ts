import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deploymentKey, userProfiles, users } from '@app/db';
import type { UserResponse } from '@app/shared';
import { buildApp } from '../app';
import { encryptSecret, opensWith } from '../lib/crypto';
import { profileSealContext } from '../modules/profile/profile-sealing';
import { createTestApp, TEST_NOW } from '../../test/helpers';
import { signedInMember } from '../../test/money';
import { DeploymentKeyError, keyFingerprint, settleDeploymentKey } from './deployment-key';

const { app, clock, config } = await createTestApp();
const database = app.deps.database;
const { db } = database;
const keyA = app.deps.appKey;
const keyB = randomBytes(32);
const keyC = randomBytes(32);
const settle = (key: Buffer, previous?: Buffer) =>
  settleDeploymentKey(database, { key, previous, now: TEST_NOW, source: 'APP_KEY' });
const stored = async () => (await db.select().from(deploymentKey))[0];

// A member with a profile and an authenticator: one value in each sealed column, under key A.
const member = await signedInMember(app);
expect(
  (await member.client.patch('/api/profile/update', { first_name: 'Anna' }, { token: member.token }))
    .statusCode,
).toBe(200);
await db
  .update(users)
  .set({ totpSecretEnc: encryptSecret(keyA, 'JBSWY3DPEHPK3PXP') })
  .where(eq(users.id, member.user.id));
const sealedValues = async () => {
  const [user] = await db.select().from(users).where(eq(users.id, member.user.id));
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, member.user.id));
  return [
    { sealed: user!.totpSecretEnc!, context: undefined },
    { sealed: profile!.personalEnc!, context: profileSealContext(member.user.id) },
  ];
};
const allOpenWith = async (key: Buffer) =>
  (await sealedValues()).every(({ sealed, context }) => opensWith(key, sealed, context));

describe('one key per deployment (decision 152)', () => {
  it('records the first key, by fingerprint only, and accepts it again', async () => {
    expect(await settle(keyA)).toEqual({ kind: 'recorded' });
    const row = await stored();
    expect(row?.fingerprint).toBe(keyFingerprint(keyA));
    expect(row?.fingerprint).not.toContain(keyA.toString('hex'));
    expect(await settle(keyA)).toEqual({ kind: 'matched' });
  });

  it('refuses another key, says what to do, and changes nothing', async () => {
    const error = await settle(keyB).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeploymentKeyError);
    expect((error as Error).message).toMatch(/Start every node with the same APP_KEY/);
    expect((error as Error).message).toMatch(/APP_KEY_PREVIOUS/);
    expect((await stored())?.fingerprint).toBe(keyFingerprint(keyA));
    expect(await allOpenWith(keyA)).toBe(true);
  });

  it('answers data sealed under another key as SEALED_DATA_UNREADABLE, not INTERNAL', async () => {
    const other = await buildApp({ config, database, clock, appKey: keyB });
    try {
      const response = await other.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.token}`, accept: 'application/json' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ code: string }>().code).toBe('SEALED_DATA_UNREADABLE');
    } finally {
      await other.close();
    }
  });

  it('rotates with APP_KEY_PREVIOUS: every sealed value re-sealed, the new key served, the old refused', async () => {
    expect(await settle(keyB, keyA)).toEqual({ kind: 'rotated', resealed: 2 });
    expect(await allOpenWith(keyB)).toBe(true);
    expect(await allOpenWith(keyA)).toBe(false);
    expect(await stored()).toMatchObject({ fingerprint: keyFingerprint(keyB), rotatingFrom: null });
    await expect(settle(keyA)).rejects.toThrow(DeploymentKeyError);
    expect(await settle(keyB)).toEqual({ kind: 'matched' });

    const rotated = await buildApp({ config, database, clock, appKey: keyB });
    try {
      const response = await rotated.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.token}`, accept: 'application/json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<UserResponse>().profile.first_name).toBe('Anna');
    } finally {
      await rotated.close();
    }
  });

  it('started again with APP_KEY_PREVIOUS, re-seals what a node left on the old key wrote after the rotation', async () => {
    // A node nobody stopped kept sealing under key A after the rotation to B.
    await db
      .update(users)
      .set({ totpSecretEnc: encryptSecret(keyA, 'JBSWY3DPEHPK3PXP') })
      .where(eq(users.id, member.user.id));
    expect(await allOpenWith(keyB)).toBe(false);
    expect(await settle(keyB)).toEqual({ kind: 'matched' });
    expect(await settle(keyB, keyA)).toEqual({ kind: 'rotated', resealed: 1 });
    expect(await allOpenWith(keyB)).toBe(true);
    expect(await settle(keyB, keyA)).toEqual({ kind: 'matched' });
  });

  it('resumes an interrupted rotation, and refuses to serve until it is finished', async () => {
    // Stopped half-way from B to C: the mark is set and the TOTP secret already re-sealed.
    await db
      .update(deploymentKey)
      .set({ fingerprint: keyFingerprint(keyC), rotatingFrom: keyFingerprint(keyB) });
    const [totp] = await sealedValues();
    const secret = 'JBSWY3DPEHPK3PXP';
    expect(opensWith(keyB, totp!.sealed)).toBe(true);
    await db
      .update(users)
      .set({ totpSecretEnc: encryptSecret(keyC, secret) })
      .where(eq(users.id, member.user.id));

    const error = await settle(keyC).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/rotation .* is unfinished/);
    expect(await settle(keyC, keyB)).toEqual({ kind: 'rotated', resealed: 1 });
    expect(await allOpenWith(keyC)).toBe(true);
    expect(await stored()).toMatchObject({ rotatingFrom: null });
  });

  it('a database from before the fingerprint adopts only the key its sealed data opens with', async () => {
    await db.delete(deploymentKey);
    await expect(settle(keyA)).rejects.toThrow(/does not open with this node's key/);
    expect(await stored()).toBeUndefined();
    expect(await settle(keyC)).toEqual({ kind: 'recorded' });
  });
});
