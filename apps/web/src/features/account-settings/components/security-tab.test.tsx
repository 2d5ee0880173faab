import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { SecurityTab } from './security-tab';

const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

describe('two-factor settings (spec §4, §8)', () => {
  it('enables 2FA: QR code and secret, a 6-digit code, then the recovery codes once', async () => {
    const server = fakeApi({
      'POST /api/enable-2fa': () =>
        json({
          qr_code: 'data:image/png;base64,AAAA',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://x',
        }),
      'POST /api/verify-2fa': () =>
        json({
          success: true,
          message: '2FA has been successfully enabled for your account!',
          recovery_codes: CODES,
        }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <SecurityTab user={USER as never} />);
    await user.click(await screen.findByRole('button', { name: 'Enable 2FA' }));

    expect(
      await screen.findByAltText('QR code to add this account to your authenticator app'),
    ).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    // The code form loads with its first use (decision 170).
    await user.type(await screen.findByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('2FA has been successfully enabled for your account!'),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(server.to('POST /api/verify-2fa')[0]?.body).toEqual({ token: '123456' });
  });

  it("says 'Unable to enable 2FA' when the setup cannot start", async () => {
    fakeApi({ 'POST /api/enable-2fa': () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderScreen('/account-management', <SecurityTab user={USER as never} />);
    await user.click(await screen.findByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('Unable to enable 2FA')).toBeInTheDocument();
  });

  it('disables 2FA with a current code', async () => {
    const server = fakeApi({
      'POST /api/disable-2fa': () => json({ success: true, message: '2FA has been disabled' }),
    });
    const user = userEvent.setup();
    renderScreen(
      '/account-management',
      <SecurityTab user={{ ...USER, two_factor_enabled: true } as never} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Disable 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
    await user.type(await within(dialog).findByLabelText('Authentication code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(await screen.findByText('2FA has been disabled')).toBeInTheDocument();
    expect(server.to('POST /api/disable-2fa')[0]?.body).toEqual({ token: '654321' });
  });
});
