import { z } from 'zod';
import {
  EMPLOYMENT_STATUSES,
  INDUSTRIES,
  PROFILE_MESSAGES,
  PROFILE_TEXT_LIMITS,
  SOURCES_OF_CRYPTO,
  SOURCES_OF_FUNDS,
  TOTAL_WEALTH_BRACKETS,
} from '../profile';
import { Profile } from './auth';

/** Empty text means "not given": '' and whitespace become null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `At most ${max} characters.`).nullable()).optional();

const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(blankToNull, z.enum(values, { error: PROFILE_MESSAGES.optionNotInList }).nullable())
    .optional();

/**
 * PATCH /api/profile/update: any of the profile fields; an absent field stays as it is, an empty one
 * is cleared. The shape and the lists are checked here (browser and server); the country's existence,
 * its postal code format and the phone number are checked by the server with the country libraries.
 */
export const UpdateProfileRequest = z.strictObject({
  country: z
    .preprocess(
      blankToNull,
      z
        .string({ error: PROFILE_MESSAGES.countryUnknown })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, PROFILE_MESSAGES.countryUnknown)
        .nullable(),
    )
    .optional(),
  first_name: optionalText(PROFILE_TEXT_LIMITS.first_name),
  last_name: optionalText(PROFILE_TEXT_LIMITS.last_name),
  address: optionalText(PROFILE_TEXT_LIMITS.address),
  city: optionalText(PROFILE_TEXT_LIMITS.city),
  postal_code: optionalText(PROFILE_TEXT_LIMITS.postal_code),
  phone: optionalText(PROFILE_TEXT_LIMITS.phone),
  employment_status: option(EMPLOYMENT_STATUSES),
  source_of_funds: option(SOURCES_OF_FUNDS),
  source_of_crypto: option(SOURCES_OF_CRYPTO),
  industry: option(INDUSTRIES),
  total_wealth: option(TOTAL_WEALTH_BRACKETS),
  /** Corporate accounts only (decision 185): the server refuses them, with a field error, for a personal one. */
  business_name: optionalText(PROFILE_TEXT_LIMITS.business_name),
  business_email: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(PROFILE_TEXT_LIMITS.business_email, `At most ${PROFILE_TEXT_LIMITS.business_email} characters.`)
        .pipe(z.email(PROFILE_MESSAGES.businessEmailInvalid))
        .nullable(),
    )
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;
export type UpdateProfileValues = z.output<typeof UpdateProfileRequest>;

/** PATCH /api/profile/update answers the stored profile (and, for a corporate account, the business). */
export const UpdateProfileResponse = z.object({
  message: z.string(),
  profile: Profile,
  business_name: z.string().nullable(),
  business_email: z.string().nullable(),
});
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;
