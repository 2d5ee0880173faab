/**
 * The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD), a superadmin whose
 * authenticator is pre-enrolled with ADMIN_TOTP_SECRET (codes from support/totp.ts).
 */
export const E2E_ADMIN = {
  email: 'ops@example.com',
  password: 'e2e-admin-password-42',
  totpSecret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
} as const;

/**
 * A second superadmin global-setup.ts adds to each server at start, its authenticator enrolled then
 * (the secret is provided as `deputySecrets`): a money role given by one superadmin waits for another
 * (decision 250), and this is the other one.
 */
export const E2E_DEPUTY = {
  email: 'deputy@example.com',
  username: 'deputy',
  password: 'e2e-deputy-password-42',
} as const;
