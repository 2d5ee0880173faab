import type { ReactNode } from 'react';
import { useAdminMe } from '#lib/session';
import { SessionGate } from './session-gate';

/** Admin routes: GET /api/admin/me with the admin token. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <SessionGate session={useAdminMe()} signInPath="/admin/login">
      {children}
    </SessionGate>
  );
}
