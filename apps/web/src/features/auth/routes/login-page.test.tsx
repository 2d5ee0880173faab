import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@app/shared/schemas/auth';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { LoginPage } from './login-page';

const renderLogin = () => renderScreen('/login', <LoginPage />, ['/dashboard']);

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'long enough');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign-in (spec §2, §4, §8)', () => {
  it('stores the token and goes to /dashboard', async () => {
    const server = fakeApi({ 'POST /api/login': () => json({ token: '1|abc', user: USER }) });
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByLabelText('Remember me'));
    await signIn(user);
    expect(await screen.findByText('screen /dashboard')).toBeInTheDocument();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('1|abc');
    expect(server.to('POST /api/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'long enough',
      remember: true,
    });
  });

  it("says 'Login failed' without a server message, and the server's message when there is one", async () => {
    let answers = 0;
    fakeApi({
      'POST /api/login': () => {
        answers += 1;
        return answers === 1
          ? new Response('', { status: 500 })
          : json({ message: 'Invalid email or password.', code: 'UNAUTHENTICATED' }, 401);
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says how long to wait in the reader’s language when sign-in is throttled', async () => {
    await i18n.changeLanguage('es');
    try {
      fakeApi({
        'POST /api/login': () =>
          json({ message: AUTH_MESSAGES.throttled(900), code: 'TOO_MANY_REQUESTS' }, 429),
      });
      const user = userEvent.setup();
      renderLogin();
      await user.type(await screen.findByLabelText(i18n.t('auth.login.email')), 'ada@example.com');
      await user.type(screen.getByLabelText(i18n.t('auth.login.password')), 'long enough');
      await user.click(screen.getByRole('button', { name: i18n.t('auth.login.submit') }));
      expect(
        await screen.findByText('Demasiados intentos. Vuelve a intentarlo en 15 minutos.'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks for the 2FA token when the server requires it, then signs in', async () => {
    let tries = 0;
    const server = fakeApi({
      'POST /api/login': () =>
        json({ two_factor_required: true, message: 'Two-factor authentication required.' }),
      'POST /api/2fa/verify': () => {
        tries += 1;
        return tries === 1
          ? json({ message: 'Invalid 2FA token', code: 'BUSINESS_RULE' }, 422)
          : json({ token: '2|def', user: USER });
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    expect(await screen.findByText('Two-factor authentication required.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus();
    const token = screen.getByLabelText('Authentication code');

    await user.type(token, '12');
    await user.click(screen.getByRole('button', { name: 'Verify Token' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();

    await user.clear(token);
    await user.type(token, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Token' }));
    expect(await screen.findByText('Invalid 2FA token')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    // A recovery code is accepted too.
    await user.clear(token);
    await user.type(token, 'AB3DE-FG7HJ');
    await user.click(screen.getByRole('button', { name: 'Verify Token' }));
    expect(await screen.findByText('screen /dashboard')).toBeInTheDocument();
    expect(await screen.findByText('2FA Verified! Logged in.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('2|def');
    expect(server.to('POST /api/2fa/verify')[1]?.body).toEqual({ token: 'ab3de-fg7hj' });
  });

  it('links to /forgot-password beside the password', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen('/login', <LoginPage />, ['/forgot-password']);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });
});

describe('sign-in for someone already signed in, or whose session ended (issue 36 item 7)', () => {
  it('sends a member whose token is still good to /dashboard', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
    const server = fakeApi({ 'GET /api/me': () => json(USER) });
    renderLogin();
    expect(await screen.findByText('screen /dashboard')).toBeInTheDocument();
    expect(server.to('GET /api/me')[0]?.headers.Authorization).toBe('Bearer 1|live');
  });

  it('says the session ended when the stored token is refused, and forgets it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|revoked');
    fakeApi({ 'GET /api/me': () => json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401) });
    renderLogin();
    // A spinner while the token is checked, then the form with the reason.
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your session' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('asks nothing and says nothing to a visitor without a token', async () => {
    const server = fakeApi({});
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
    expect(server.to('GET /api/me')).toHaveLength(0);
  });
});
