import { useState } from 'react';
import { readToken } from '#lib/tokens';
import { sessionEnded, useMe } from '#lib/session';

export interface GuestCheck {
  /** A stored token is being checked: the screen waits rather than flash a form. */
  checking: boolean;
  /** The stored token is good: the screen sends the member to /dashboard. */
  signedIn: boolean;
  /** The stored token was refused (expired or revoked) and is forgotten: the screen says so. */
  ended: boolean;
}

/**
 * /login and /signup are for visitors (issue 36 item 7, decision 173): with a member token stored,
 * GET /api/me decides. Without one nothing is asked (a token stored later, by signing in here, does
 * not count: the screen leads on by itself).
 */
export function useGuestCheck(): GuestCheck {
  const [hadToken] = useState(() => readToken('member') !== null);
  const me = useMe({ enabled: hadToken });
  if (!hadToken) return { checking: false, signedIn: false, ended: false };
  return {
    checking: me.data === undefined && !me.isError,
    signedIn: me.data !== undefined && !me.isError,
    ended: sessionEnded(me.error),
  };
}
