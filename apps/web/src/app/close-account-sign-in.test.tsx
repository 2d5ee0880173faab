import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@app/shared/schemas/auth';
import { i18n } from '#i18n/index';
import { storeToken } from '#lib/tokens';
import { closedAccount, fakeApi, USER } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { CloseAccountPanel } from '../features/account-settings/components/close-account-panel';
import { LoginPage } from '../features/auth/routes/login-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Account settings' Close account, then the sign-in screen it leaves the member on (decision 177). */
describe('closing the account, then the sign-in screen', () => {
  it('says the account is closed above the form, in the reader’s language, not “Logged out”', async () => {
    storeToken('member', 'token-1');
    fakeApi({
      'POST /api/account/close': closedAccount,
    });
    await i18n.changeLanguage('es');
    renderRoutes(
      [
        { path: '/account-management', element: <CloseAccountPanel user={USER as UserResponse} /> },
        { path: '/login', element: <LoginPage /> },
      ],
      '/account-management',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cerrar la cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar tu cuenta?' });
    await user.type(within(dialog).getByLabelText('Contraseña'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' }));

    expect(
      await screen.findByRole('button', { name: 'Iniciar sesión' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    const closed =
      'Tu cuenta está cerrada. Todas las sesiones han terminado; gracias por haber estado con nosotros.';
    // The banner above the form, which stays where a toast fades, says what happened, and only it does.
    await waitFor(() => expect(screen.getByText(closed).closest('[role="status"]')).toBeInTheDocument());
    expect(screen.getAllByText(closed)).toHaveLength(1);
    expect(screen.queryByText('¡Sesión cerrada correctamente!')).not.toBeInTheDocument();
  });
});
