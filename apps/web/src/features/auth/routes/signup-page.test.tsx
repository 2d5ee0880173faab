import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_AFTER_VERIFICATION_MS, REGISTRATION_ERROR_BANNER_MS } from '@app/shared/constants';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { SignupPage } from './signup-page';

const renderSignup = (path = '/signup') => renderScreen(path, <SignupPage />, ['/login']);

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'ada_l');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Password'), 'long enough to pass');
}

describe('sign-up (spec §2, §5, §8)', () => {
  it('shows the shared schema messages for empty and malformed fields', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderSignup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  });

  it('adds Business Name and Business Email for a corporate account, and requires them', async () => {
    const server = fakeApi({ 'POST /api/register': () => json({ message: 'ok' }, 201) });
    const user = userEvent.setup();
    renderSignup();
    expect(await screen.findByLabelText('Personal account')).toBeChecked();
    expect(screen.queryByLabelText('Business Name')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Corporate account'));
    expect(screen.getByLabelText('Business Name')).toBeInTheDocument();
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Business name is required.')).toBeInTheDocument();
    expect(screen.getByText('Business email is required.')).toBeInTheDocument();
    expect(server.to('POST /api/register')).toHaveLength(0);

    await user.type(screen.getByLabelText('Business Name'), 'Acme');
    await user.type(screen.getByLabelText('Business Email'), 'billing@acme.example');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(server.to('POST /api/register')[0]?.body).toMatchObject({
      account_type: 'business',
      business_name: 'Acme',
      business_email: 'billing@acme.example',
      email: 'ada@example.com',
      language: 'en',
      currency: 'USD',
    });
  });

  it('pre-fills the referral code from ?ref= and keeps it in local storage', async () => {
    const server = fakeApi({ 'POST /api/register': () => json({ message: 'ok' }, 201) });
    const user = userEvent.setup();
    renderSignup('/signup?ref=FRIEND42');
    expect(await screen.findByLabelText('Referred by ID')).toHaveValue('FRIEND42');
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('FRIEND42');
    await fillAccount(user);
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'friend');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(server.to('POST /api/register')[0]?.body).toMatchObject({
      account_type: 'personal',
      business_name: null,
      referral_code: 'FRIEND42',
      referral_source: 'friend',
    });
  });

  it("shows the server's message in a red banner for 5 s, and 'Registration failed.' without one", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    fakeApi({
      'POST /api/register': () => {
        answers += 1;
        return answers === 1
          ? json(
              {
                message: 'This email is already registered.',
                errors: { email: ['This email is already registered.'] },
              },
              422,
            )
          : new Response('', { status: 500, statusText: 'Internal Server Error' });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSignup();
    await screen.findByLabelText('Username');
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const banner = await screen.findByText('This email is already registered.', {
      selector: '[role=alert] *',
    });
    expect(banner).toBeInTheDocument();
    // The field is marked too.
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_ERROR_BANNER_MS));
    expect(
      screen.queryByText('This email is already registered.', { selector: '[role=alert] *' }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
  });

  it('switches to the 6-digit code, checks it, and goes to /login 2 s after verification', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeApi({
      'POST /api/register': () => json({ message: 'Registration successful!' }, 201),
      'POST /api/verify-otp': () => json({ message: 'OTP verified successfully!' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSignup();
    await screen.findByLabelText('Username');
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Registration successful! Please enter the OTP sent to your email.'),
    ).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('maxLength', '6');
    expect(code).toHaveAttribute('inputMode', 'numeric');
    expect(code).toHaveAttribute('autoComplete', 'one-time-code');

    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(server.to('POST /api/verify-otp')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email verified! Redirecting to login...')).toBeInTheDocument();
    expect(server.to('POST /api/verify-otp')[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456' });

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_VERIFICATION_MS - 100));
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("reports a wrong code with the server's message and a network failure with the spec's text", async () => {
    let answers = 0;
    fakeApi({
      'POST /api/register': () => json({ message: 'ok' }, 201),
      'POST /api/verify-otp': () => {
        answers += 1;
        if (answers === 1) return json({ message: 'Invalid OTP.', code: 'BUSINESS_RULE' }, 422);
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderSignup();
    await screen.findByLabelText('Username');
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP.');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(
      await within(await screen.findByRole('alert')).findByText('Network error during OTP verification'),
    ).toBeInTheDocument();
  });

  it('sends a member who is still signed in to /dashboard, and shows the form once a dead token is refused', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
    let live = true;
    fakeApi({
      'GET /api/me': () =>
        live ? json(USER) : json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401),
    });
    const { unmount } = renderScreen('/signup', <SignupPage />, ['/dashboard']);
    expect(await screen.findByText('screen /dashboard')).toBeInTheDocument();
    unmount();
    live = false;
    renderSignup();
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
