import type { ReactNode } from 'react';
import { useMe } from '#lib/session';
import { SessionGate } from './session-gate';

/** Member routes: GET /api/me with the member token. */
export function RequireMember({ children }: { children: ReactNode }) {
  return (
    <SessionGate session={useMe()} signInPath="/login">
      {children}
    </SessionGate>
  );
}
