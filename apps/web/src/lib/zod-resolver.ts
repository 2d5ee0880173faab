// Forms validate with zod through this module, so zod is configured (zod-config.ts) before any form
// parses, in whichever lazily loaded chunk first needs it: the home page's first load carries no zod.
import './zod-config';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export { zodResolver } from '@hookform/resolvers/zod';

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
