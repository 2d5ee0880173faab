import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const SENT = 'If an account exists for that address, we have emailed a password reset link.';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('/forgot-password (issue 36 item 1)', () => {
  it('asks for the address and shows the API’s one answer', async () => {
    const server = fakeApi({ 'POST /api/forgot-password': () => json({ message: SENT }) });
    const user = userEvent.setup();
    renderScreen('/forgot-password', <ForgotPasswordPage />, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(server.to('POST /api/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(server.to('POST /api/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });

    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('says plainly when there were too many requests, and keeps the form', async () => {
    fakeApi({
      'POST /api/forgot-password': () =>
        json(
          { message: 'Too many attempts. Please try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' },
          429,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/forgot-password?email=ada%40example.com', <ForgotPasswordPage />);
    // The address comes with the link from an expired reset link.
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a few minutes before asking again.',
    );
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows a server failure with its message', async () => {
    fakeApi({ 'POST /api/forgot-password': () => json({ message: 'Service unavailable.' }, 503) });
    const user = userEvent.setup();
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable.');
    expect(screen.getByRole('button', { name: 'Email me a reset link' })).toBeEnabled();
  });

  it('speaks Spanish and Arabic, the API’s answer included', async () => {
    fakeApi({ 'POST /api/forgot-password': () => json({ message: SENT }) });
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    const { unmount } = renderScreen('/forgot-password', <ForgotPasswordPage />);
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme un enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si existe una cuenta con esa dirección, le hemos enviado un enlace para restablecer la contraseña.',
    );
    unmount();
    await i18n.changeLanguage('ar');
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    expect(await screen.findByRole('heading', { name: 'هل نسيت كلمة المرور؟' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
