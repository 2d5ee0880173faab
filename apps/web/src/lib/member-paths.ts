/**
 * Where the member's 'My Active & Completed Plans' screen lives: the same address as the visitor's
 * plans page; app/plans-route.tsx picks the screen (docs/decisions/052 and 074).
 */
export const MEMBER_PLANS_PATH = '/plans';
