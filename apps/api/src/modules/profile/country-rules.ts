import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { validate as validatePostalCode } from 'postal-codes-js';
import postalFormats from 'postal-codes-js/generated/postal-codes-alpha2.json' with { type: 'json' };
import { PROFILE_MESSAGES } from '@app/shared';

/**
 * The country checks of a profile, from the libraries (DESIGN §2, decision 091), never from our own
 * tables: the country exists (ISO 3166-1, i18n-iso-countries), the postal code has the country's
 * format (postal-codes-js; a country without postal codes takes none), and the phone number is a
 * valid number of the country (libphonenumber-js with its full metadata), returned in E.164.
 */
export function countryExists(code: string): boolean {
  return countries.isValid(code) && code.length === 2;
}

const formats = postalFormats as Record<string, { postalCodeFormat?: string } | undefined>;

export function usesPostalCodes(country: string): boolean {
  return Boolean(formats[country]?.postalCodeFormat);
}

/** Arabic-Indic and Eastern Arabic-Indic digits (٠–٩, ۰–۹) as 0–9; anything else as it is. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** null when the postal code is right for the country, else the field error. */
export function postalCodeProblem(country: string | null, postalCode: string): string | null {
  if (!country) return PROFILE_MESSAGES.countryFirst;
  if (!usesPostalCodes(country)) return PROFILE_MESSAGES.postalNotUsed;
  return validatePostalCode(country, postalCode) === true ? null : PROFILE_MESSAGES.postalInvalid;
}

/** The number in E.164 when it is a valid number of the country (or a valid international number). */
export function normalisePhone(country: string | null, phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country ? { defaultCountry: country as CountryCode } : {});
  if (!parsed?.isValid()) return null;
  if (country && parsed.country !== country) return null;
  return parsed.number;
}
