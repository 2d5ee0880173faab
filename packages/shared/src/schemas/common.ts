import { z } from 'zod';

/** A required text field: trimmed, not empty, with the message a person reads. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const emailField = (requiredMessage = 'Email is required') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email is too long.')
    .pipe(z.email('Please enter a valid email address.'))
    .transform((value) => value.toLowerCase());

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
