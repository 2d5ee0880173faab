/**
 * Each route's first paint, as modules under src/ (issue 39, decision 170): the build preloads their
 * chunks with the page (vite.config.ts) and gathers what pages share (chunk-groups.ts);
 * src/app/first-paint.test.ts checks what they load at once.
 */

/** What every member page needs before its first paint: the shell, its deposit button, the English texts but the back office's. */
export const MEMBER_SHELL = [
  'features/member-shell/routes/member-layout.tsx',
  'features/deposits/components/deposit-action.tsx',
  'i18n/locales/en.json?member',
];

/**
 * The modules of each route's screen: their chunks are preloaded with the page (vite.config.ts's routePreloads).
 * A new screen adds its route here (decision 170), member pages with MEMBER_SHELL.
 */
export const ROUTE_MODULES: Record<string, string | string[]> = {
  '/': 'features/public/routes/home-page.tsx',
  '/about': 'features/public/routes/info-pages.tsx',
  '/personal': 'features/public/routes/info-pages.tsx',
  '/business': 'features/public/routes/info-pages.tsx',
  '/business-plans': 'features/public/routes/info-pages.tsx',
  '/business-support': 'features/public/routes/info-pages.tsx',
  '/careers': 'features/public/routes/info-pages.tsx',
  '/terms': 'features/public/routes/info-pages.tsx',
  '/privacy': 'features/public/routes/info-pages.tsx',
  '/plans': 'features/public/routes/plans-page.tsx',
  '/help-center': 'features/public/routes/help-center-page.tsx',
  '/signup': 'features/auth/routes/signup-page.tsx',
  '/login': 'features/auth/routes/login-page.tsx',
  '/forgot-password': 'features/auth/routes/forgot-password-page.tsx',
  '/reset-password': 'features/auth/routes/reset-password-page.tsx',
  '/dashboard': [
    ...MEMBER_SHELL,
    'features/member-shell/routes/dashboard-page.tsx',
    'features/investing/components/dashboard-plans.tsx',
    'features/auth/components/account-setup-banner.tsx',
    'features/deposits/components/refund-debt-notice.tsx',
  ],
  '/my-portfolio': [...MEMBER_SHELL, 'features/investing/routes/portfolio-page.tsx'],
  '/activity': [...MEMBER_SHELL, 'features/activity/routes/activity-page.tsx'],
  '/my-goals': [...MEMBER_SHELL, 'features/goals/routes/my-goals-page.tsx'],
  '/explore': [...MEMBER_SHELL, 'features/loans/routes/explore-page.tsx'],
  '/rewards': [...MEMBER_SHELL, 'features/rewards/routes/rewards-page.tsx'],
  '/profile': [...MEMBER_SHELL, 'features/profile/routes/profile-page.tsx'],
  '/account-management': [...MEMBER_SHELL, 'features/account-settings/routes/account-management-page.tsx'],
  '/withdrawal-methods': [...MEMBER_SHELL, 'features/account-settings/routes/withdrawal-methods-page.tsx'],
  '/withdrawal-info': [...MEMBER_SHELL, 'features/account-settings/routes/withdrawal-info-page.tsx'],
  '/verify': [...MEMBER_SHELL, 'features/auth/routes/verify-email-page.tsx'],
};

/**
 * /plans is the public tiers for a visitor and the member's plans for a member (decision 052): the
 * server cannot tell them apart (the member's token is in the browser's storage), so the page lists
 * the member screen's chunks apart (member-chunks.json → #member-chunks) and src/main.tsx preloads
 * them only when a member token is stored.
 */
export const MEMBER_ONLY_MODULES: Record<string, string[]> = {
  '/plans': [...MEMBER_SHELL, 'features/investing/routes/member-plans-page.tsx'],
};

/** A member page's list: it starts from the member shell. */
export const isMemberPage = (modules: string | readonly string[]) =>
  [modules].flat().includes(MEMBER_SHELL[0]!);
