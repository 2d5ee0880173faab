/**
 * The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD), a superadmin whose
 * authenticator is pre-enrolled with ADMIN_TOTP_SECRET (codes from support/totp.ts).
 */
export const E2E_ADMIN = {
  email: 'ops@example.com',
  password: 'e2e-admin-password-42',
  totpSecret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
} as const;
