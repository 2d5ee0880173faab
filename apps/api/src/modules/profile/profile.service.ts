import type { AuthUser } from '@app/db';
import {
  IDENTITY_PROFILE_FIELDS,
  PERSONAL_PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfileResponse,
  type UpdateProfileValues,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { holdOpenAccount } from '../auth/account.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from '../auth/security-events';
import { identityChanging } from '../kyc/kyc.service';
import { countryExists, normalisePhone, postalCodeProblem, westernDigits } from './country-rules';
import { sealPersonal, toProfile, type PersonalFields } from './profile-sealing';
import * as repository from './profile.repository';

export { toProfile } from './profile-sealing';
export { findProfile } from './profile.repository';

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
    // Typed with Arabic-Indic digits (as the phone and amounts may be), it is the same code.
    const postalCode = westernDigits(profile.postal_code);
    const problem = postalCodeProblem(countryOk ? profile.country : null, postalCode);
    if (problem) errors.postal_code = [problem];
    else checked.postal_code = postalCode.toUpperCase();
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

type Business = { business_name: string | null; business_email: string | null };

/**
 * The business fields of the request merged into the stored ones (decision 185): a personal account
 * may not set them and a corporate one may not clear them; field errors (400), nothing stored.
 */
function checkBusiness(user: AuthUser, sent: UpdateProfileValues): Business {
  const before = { business_name: user.businessName, business_email: user.businessEmail };
  const errors: Record<string, string[]> = {};
  const after = { ...before };
  for (const field of ['business_name', 'business_email'] as const) {
    const value = sent[field];
    if (value === undefined) continue;
    if (user.accountType !== 'business') {
      if (value !== null) errors[field] = [PROFILE_MESSAGES.businessOnly];
      continue;
    }
    if (value === null) {
      errors[field] = [
        field === 'business_name'
          ? PROFILE_MESSAGES.businessNameRequired
          : PROFILE_MESSAGES.businessEmailRequired,
      ];
    } else after[field] = value;
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', errors[fields[0]!]![0]!, errors);
  return after;
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
  const { business_name: businessName, business_email: businessEmail, ...profileInput } = input;
  const changed = await db.transaction(async (tx) => {
    const business = checkBusiness(user, { business_name: businessName, business_email: businessEmail });
    // The member's row first, as a closing takes it: a save sent from another tab while the account
    // closes is a 401 and writes nothing back onto it (decision 177).
    await holdOpenAccount(tx, user.id);
    const row = await repository.lockProfile(tx, user.id);
    const before = toProfile(deps.appKey, user.id, row);
    const merged: Profile = { ...before };
    for (const [field, value] of Object.entries(profileInput) as [
      keyof Profile,
      string | null | undefined,
    ][]) {
      if (value !== undefined) merged[field] = value;
    }
    const after = checkCountryRules(merged, input);
    const businessFields = (['business_name', 'business_email'] as const).filter(
      (field) => business[field] !== (field === 'business_name' ? user.businessName : user.businessEmail),
    );
    const changedFields = [
      ...(Object.keys(after) as (keyof Profile)[]).filter((field) => after[field] !== before[field]),
      ...businessFields,
    ];
    if (changedFields.length === 0)
      return { profile: after, business, fields: changedFields, verifyAgain: false };
    // A detail filled in for the first time changes nothing a reviewer compared the documents with.
    const identity = IDENTITY_PROFILE_FIELDS.filter(
      (field) => changedFields.includes(field) && before[field] !== null,
    );
    const verifyAgain = identity.length > 0 && (await identityChanging(deps, tx, user.id, identity));
    if (changedFields.length > businessFields.length) {
      const personal = Object.fromEntries(
        PERSONAL_PROFILE_FIELDS.map((field) => [field, after[field]]),
      ) as PersonalFields;
      await repository.upsertProfile(tx, {
        userId: user.id,
        country: after.country,
        personalEnc: sealPersonal(deps.appKey, user.id, personal),
        updatedAt: now,
      });
    }
    if (businessFields.length > 0) await repository.updateBusiness(tx, user.id, business, now);
    await recordSecurityEvent(deps, tx, {
      user,
      action: 'profile.updated',
      meta,
      after: { fields: changedFields },
    });
    return { profile: after, business, fields: changedFields, verifyAgain };
  });
  if (changed.fields.length > 0) {
    await mailSecurityNotice(deps, user, meta, now, 'profile_changed');
  }
  const message = changed.verifyAgain ? PROFILE_MESSAGES.updatedVerifyAgain : PROFILE_MESSAGES.updated;
  return { message, profile: changed.profile, ...changed.business };
}
