import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meQueryKey } from '#lib/session';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { AccountSetupBanner } from './account-setup-banner';

const VERIFIED = { ...USER, email_verified_at: '2026-03-02T09:00:00.000Z' };
const PERSONAL = {
  ...USER.profile,
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '1 Main St',
  country: 'GB',
};

describe('Finalise account setup (spec §4)', () => {
  it("'Step 1 of 2': resend opens the code entry; a right code reloads the user: 'Step 2 of 2'", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let verified = false;
    const server = fakeApi({
      'GET /api/me': () => json(verified ? VERIFIED : USER),
      'POST /api/resend-otp': () => json({ message: 'A new code is on its way.' }),
      'POST /api/verify-otp': () => {
        verified = true;
        return json({ message: 'OTP verified successfully!' });
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <AccountSetupBanner />);
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Finalise account setup' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email resent! Check your inbox for the OTP.'),
    ).toBeInTheDocument();
    expect(server.to('POST /api/resend-otp')[0]?.body).toEqual({ email: 'ada@example.com' });
    const dialog = await screen.findByRole('dialog', { name: 'Verify Email' });
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add personal info' })).toHaveAttribute('href', '/profile');
  });

  it("shows the spec's resend failure message", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/resend-otp': () => new Response('', { status: 500 }),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <AccountSetupBanner />);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Error resending verification email')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 2 stays until first name, last name, address and country are all there; then it is gone', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json({ ...VERIFIED, profile: { ...PERSONAL, address: null } }) });
    const first = renderScreen('/dashboard', <AccountSetupBanner />);
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/me': () => json({ ...VERIFIED, profile: PERSONAL }) });
    const { queryClient } = renderScreen('/dashboard', <AccountSetupBanner />);
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('account-setup')).not.toBeInTheDocument();
    expect(screen.queryByText(/Step \d of 2/)).not.toBeInTheDocument();
  });
});
