import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import '#lib/zod-config';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that checks what the form would send (`toPayload`) with the API's own
 * shared schema: the messages the server would answer are shown on the fields before it is called.
 */
export function schemaResolver<Values extends FieldValues>(
  schema: z.ZodType,
  toPayload: (values: Values) => unknown,
): Resolver<Values> {
  return async (values) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !(field in errors))
        errors[field] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** A number typed in a text field: '' → null (left empty), anything else → Number (NaN fails the schema). */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}
