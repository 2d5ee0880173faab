import { z } from 'zod';

export const SESSION_MESSAGES = {
  notFound: 'Session not found.',
  revoked: 'Session signed out.',
  othersRevoked: 'Signed out of every other session.',
} as const;

/** One signed-in session (a member token) as the Security tab lists it. */
export const Session = z.object({
  id: z.number().int(),
  /** Parsed from the user agent at sign-in; null when the browser sent none or it was not recognised. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** desktop, mobile, tablet, … (bowser's platform types), or null. */
  device_type: z.string().nullable(),
  /** Where the session signed in from. */
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request is made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof Session>;

export const SessionListResponse = z.object({ data: z.array(Session) });
export type SessionListResponse = z.infer<typeof SessionListResponse>;

export const SessionRevokeResponse = z.object({ message: z.string(), revoked: z.number().int() });
export type SessionRevokeResponse = z.infer<typeof SessionRevokeResponse>;
