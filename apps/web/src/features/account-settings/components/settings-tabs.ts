/**
 * Account settings' tabs (spec §2): Security is the default and paints with the page; the others load
 * their screens on use (decision 170), and once the browser is idle, so another tab opens at once.
 */
const SETTINGS_TABS = ['security', 'password', 'withdrawals', 'notifications', 'account'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

export const tabScreens = {
  // Security's code form, asked for after a click (security-tab.tsx).
  codeForm: () => import('./code-form'),
  changePassword: () => import('./change-password-form'),
  changeEmail: () => import('./change-email-form'),
  withdrawals: () => import('./withdrawals-tab'),
  notifications: () => import('./notification-choices'),
  accountData: () => import('./account-data-panel'),
  closeAccount: () => import('./close-account-panel'),
};

/** The tab `?tab=` names, or Security. */
export function settingsTab(named: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === named) ?? 'security';
}

/**
 * Starts loading every screen a tab may show, Security's code form included (once the browser is
 * idle). A failed load is dropped here: opening the tab asks for it again.
 */
export function preloadAllTabScreens(): void {
  for (const load of Object.values(tabScreens)) load().catch(() => undefined);
}
