/**
 * The profile screen's texts, option lists, limits and field list (spec §5, §8): apart from the profile schemas
 * (and zod), so the screen's first paint does not load them (decision 202). schemas/profile.ts
 * builds the request schema from them.
 */

/** The spec's texts of the profile screen (§2, §8) and the field errors of PATCH /api/profile/update. */
export const PROFILE_MESSAGES = {
  loading: 'Loading user profile...',
  loadFailed: 'Failed to load user data.',
  updateFailed: 'Failed to update profile.',
  updated: 'Profile updated successfully!',
  countryUnknown: 'Choose a country from the list.',
  optionNotInList: 'Choose an option from the list.',
  postalInvalid: 'Enter a valid postal code for the selected country.',
  postalNotUsed: 'The selected country does not use postal codes.',
  phoneInvalid: 'Enter a valid phone number for the selected country.',
  countryFirst: 'Choose a country first.',
  businessNameRequired: 'Business name is required.',
  businessEmailRequired: 'Business email is required.',
  businessEmailInvalid: 'Please enter a valid business email.',
  businessOnly: 'Only a corporate account has a business name and email.',
  identityUnderReview:
    'Your identity documents are being reviewed with these details. Change them once the review is decided.',
  updatedVerifyAgain:
    'Profile updated successfully! Your name or address changed, so your identity must be verified again: upload your documents on your profile.',
} as const;

/** The fields an identity verification checks against its documents (decision 180, amended 2026-12-03). */
export const IDENTITY_PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'city',
  'postal_code',
  'country',
] as const;

/** The spec's option lists (§5 Profile), stored and sent as written. */
export const EMPLOYMENT_STATUSES = ['Employed', 'Self-employed', 'Unemployed', 'Student'] as const;
export const SOURCES_OF_FUNDS = ['Salary', 'Investments', 'Business income', 'Other'] as const;
export const SOURCES_OF_CRYPTO = ['Exchange', 'Mining', 'Staking', 'Other'] as const;
export const INDUSTRIES = ['Finance', 'Tech', 'Retail', 'Other'] as const;
export const TOTAL_WEALTH_BRACKETS = [
  '< $10,000',
  '$10,000 - $50,000',
  '$50,000 - $100,000',
  '> $100,000',
] as const;

export const PROFILE_TEXT_LIMITS = {
  first_name: 100,
  last_name: 100,
  address: 255,
  city: 100,
  postal_code: 20,
  phone: 32,
  business_name: 255,
  business_email: 254,
} as const;

/** The profile fields other than the country: sealed together at rest. */
export const PERSONAL_PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'city',
  'postal_code',
  'phone',
  'employment_status',
  'source_of_funds',
  'source_of_crypto',
  'industry',
  'total_wealth',
] as const;
export type PersonalProfileField = (typeof PERSONAL_PROFILE_FIELDS)[number];
