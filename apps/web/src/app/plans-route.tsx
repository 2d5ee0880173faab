import type { ReactNode } from 'react';
import { readToken } from '#lib/tokens';

/**
 * /plans is one address with two screens (docs/decisions/052): a member (a stored member token) gets
 * 'My Active & Completed Plans' inside the member shell and its session guard; a visitor gets the
 * public tiers.
 */
export function PlansRoute({ member, visitor }: { member: ReactNode; visitor: ReactNode }) {
  return readToken('member') ? member : visitor;
}
