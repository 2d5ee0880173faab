/**
 * Where the member's 'My Active & Completed Plans' screen lives. The visitor's /plans page is another
 * screen (another branch); which one a path shows is this one line (docs/decisions/074).
 */
export const MEMBER_PLANS_PATH = '/plans';
