import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@app/shared';
import { AppError } from '../errors';

/**
 * The common passwords long enough to pass the length rule (decision 246, OWASP ASVS 2.1.7): from
 * zxcvbn-ts's list of the most used passwords (49,233 of them, about 300 of 12 characters or more),
 * compared without case.
 */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common']
    .filter((password) => password.length >= PASSWORD_MIN_LENGTH)
    .map((password) => password.toLowerCase()),
);

/**
 * A password a person chooses (sign-up, reset, change, an admin's) is refused when it is one of the
 * most common ones: 400 on `field`, nothing changes.
 */
export function requireUncommonPassword(password: string, field: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw AppError.validation(field, AUTH_MESSAGES.passwordCommon);
  }
}
