import type { AuthUser } from '@app/db';
import {
  PERSONAL_PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfileResponse,
  type UpdateProfileValues,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from '../auth/security-events';
import { countryExists, normalisePhone, postalCodeProblem } from './country-rules';
import { sealPersonal, toProfile, type PersonalFields } from './profile-sealing';
import * as repository from './profile.repository';

export { toProfile } from './profile-sealing';

/** The country checks of the merged profile: field errors (400), nothing stored when any fails. */
function checkCountryRules(profile: Profile, sent: UpdateProfileValues): Profile {
  const errors: Record<string, string[]> = {};
  const checked = { ...profile };
  if (profile.country !== null && !countryExists(profile.country)) {
    errors.country = [PROFILE_MESSAGES.countryUnknown];
  }
  const countryOk = !errors.country;
  // A stored value is checked again when the country changes; one not sent and unchanged is left be.
  const recheck = (field: 'postal_code' | 'phone') => sent[field] !== undefined || sent.country !== undefined;
  if (profile.postal_code !== null && recheck('postal_code')) {
    const problem = postalCodeProblem(countryOk ? profile.country : null, profile.postal_code);
    if (problem) errors.postal_code = [problem];
    else checked.postal_code = profile.postal_code.toUpperCase();
  }
  if (profile.phone !== null && recheck('phone')) {
    const e164 = normalisePhone(countryOk ? profile.country : null, profile.phone);
    if (e164 === null) errors.phone = [PROFILE_MESSAGES.phoneInvalid];
    else checked.phone = e164;
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw new AppError('VALIDATION_FAILED', errors[fields[0]!]![0]!, errors);
  }
  return checked;
}

/**
 * PATCH /api/profile/update: merges the sent fields into the stored profile, checks the result per
 * country with the libraries, seals the personal fields with the application key and stores them in
 * one statement. A change is a security event (decision 014): an audit row naming the changed fields
 * (never their values) in the same transaction, and a notice mailed to the owner after it commits.
 */
export async function updateProfile(
  deps: AppDeps,
  user: AuthUser,
  input: UpdateProfileValues,
  meta: RequestMeta,
): Promise<UpdateProfileResponse> {
  const now = deps.clock.now();
  const { db } = deps.database;
  const changed = await db.transaction(async (tx) => {
    const row = await repository.lockProfile(tx, user.id);
    const before = toProfile(deps.appKey, user.id, row);
    const merged: Profile = { ...before };
    for (const [field, value] of Object.entries(input) as [keyof Profile, string | null | undefined][]) {
      if (value !== undefined) merged[field] = value;
    }
    const after = checkCountryRules(merged, input);
    const changedFields = (Object.keys(after) as (keyof Profile)[]).filter(
      (field) => after[field] !== before[field],
    );
    if (changedFields.length === 0) return { profile: after, fields: changedFields };
    const personal = Object.fromEntries(
      PERSONAL_PROFILE_FIELDS.map((field) => [field, after[field]]),
    ) as PersonalFields;
    await repository.upsertProfile(tx, {
      userId: user.id,
      country: after.country,
      personalEnc: sealPersonal(deps.appKey, user.id, personal),
      updatedAt: now,
    });
    await recordSecurityEvent(deps, tx, {
      user,
      action: 'profile.updated',
      meta,
      after: { fields: changedFields },
    });
    return { profile: after, fields: changedFields };
  });
  if (changed.fields.length > 0) {
    await mailSecurityNotice(deps, user, meta, now, 'profile_changed');
  }
  return { message: PROFILE_MESSAGES.updated, profile: changed.profile };
}
