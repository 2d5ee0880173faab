/** The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'ops@example.com', password: 'e2e-admin-password-42' } as const;
