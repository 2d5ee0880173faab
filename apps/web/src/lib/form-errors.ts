import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the field errors of a 400/422 answer on the form's fields. Returns true when at least one of
 * the given fields received a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const first = error.fieldErrors[field]?.[0];
    if (first) {
      setError(field, { type: 'server', message: first }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
