import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

const INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
const LINK = '/reset-password?token=tok%2Ben&email=ada%40example.com';

function renderReset(path = LINK) {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <p>screen /forgot-password</p> },
    ],
    path,
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password (issue 36 item 1)', () => {
  it('sets the new password with the link’s token and address, then leads to /login with the message', async () => {
    const server = fakeApi({
      'POST /api/reset-password': () => json({ message: 'Your password has been reset. Please sign in.' }),
    });
    const user = userEvent.setup();
    renderReset();
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
    await choose(user, 'a-new-password-1');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Please sign in.');
    expect(server.to('POST /api/reset-password')[0]?.body).toEqual({
      token: 'tok+en',
      email: 'ada@example.com',
      password: 'a-new-password-1',
      password_confirmation: 'a-new-password-1',
    });
  });

  it('holds a weak password or a differing confirmation with the sign-up policy’s field errors', async () => {
    const server = fakeApi({});
    const user = userEvent.setup();
    renderReset();
    await choose(user, 'short');
    expect(await screen.findByText('Password must be at least 12 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-new-password-1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'another-one-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(server.to('POST /api/reset-password')).toHaveLength(0);
  });

  it('puts the server’s field errors on the fields', async () => {
    fakeApi({
      'POST /api/reset-password': () =>
        json(
          {
            message: 'The given data was invalid.',
            code: 'VALIDATION',
            errors: { password: ['Password must be at most 128 characters.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderReset();
    await choose(user, 'a-new-password-1');
    expect(await screen.findByText('Password must be at most 128 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the API’s message for a used, expired or wrong link, with a way to a new one', async () => {
    fakeApi({
      'POST /api/reset-password': () =>
        json({ message: INVALID, code: 'VALIDATION', errors: { token: [INVALID] } }, 422),
    });
    const user = userEvent.setup();
    renderReset();
    await choose(user, 'a-new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
    expect(screen.getByTestId('search')).toHaveTextContent('?email=ada%40example.com');
  });

  it('says a link without its token is not usable, without asking the server', async () => {
    const server = fakeApi({});
    renderReset('/reset-password?email=ada%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password?email=ada%40example.com',
    );
    expect(server.to('POST /api/reset-password')).toHaveLength(0);
  });
});
