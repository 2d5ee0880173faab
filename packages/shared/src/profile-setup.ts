/**
 * Step 2 of the account setup (spec §4) is done when these are all present. Apart from the profile
 * schemas (and zod), so the dashboard's setup banner reads it without loading them (decision 170).
 */
export function personalInfoComplete(profile: {
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  country: string | null;
}): boolean {
  return Boolean(profile.first_name && profile.last_name && profile.address && profile.country);
}
