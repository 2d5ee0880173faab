import type { UserProfileRow } from '@app/db';
import { PERSONAL_PROFILE_FIELDS, type PersonalProfileField, type Profile } from '@app/shared';
import { decryptSecret, encryptSecret } from '../../lib/crypto';

export type PersonalFields = Record<PersonalProfileField, string | null>;

const EMPTY_PERSONAL: PersonalFields = Object.fromEntries(
  PERSONAL_PROFILE_FIELDS.map((field) => [field, null]),
) as PersonalFields;

/** The additional authenticated data of a profile's sealed fields: the ciphertext opens in its own row only. */
const context = (userId: number) => `user_profiles:${userId}`;

/** Seals the personal fields as one JSON document (one cipher per read, decision 090). */
export function sealPersonal(appKey: Buffer, userId: number, fields: PersonalFields): string {
  return encryptSecret(appKey, JSON.stringify(fields), context(userId));
}

export function openPersonal(appKey: Buffer, userId: number, sealed: string | null): PersonalFields {
  if (sealed === null) return { ...EMPTY_PERSONAL };
  const parsed = JSON.parse(decryptSecret(appKey, sealed, context(userId))) as Partial<PersonalFields>;
  const fields = { ...EMPTY_PERSONAL };
  for (const field of PERSONAL_PROFILE_FIELDS) {
    const value = parsed[field];
    fields[field] = typeof value === 'string' ? value : null;
  }
  return fields;
}

/** The profile as the API gives it; a member with no row yet has every field null. */
export function toProfile(
  appKey: Buffer,
  userId: number,
  row: Pick<UserProfileRow, 'country' | 'personalEnc'> | null,
): Profile {
  return { country: row?.country ?? null, ...openPersonal(appKey, userId, row?.personalEnc ?? null) };
}
