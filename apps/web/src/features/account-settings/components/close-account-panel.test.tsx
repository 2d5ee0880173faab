import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@app/shared/schemas/auth';
import { ACCOUNT_MESSAGES } from '@app/shared/schemas/account';
import { closedAccount, fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { i18n } from '#i18n/index';
import { readToken, storeToken } from '#lib/tokens';
import { CloseAccountPanel } from './close-account-panel';

const MEMBER = USER as UserResponse;
const WITH_2FA = { ...MEMBER, two_factor_enabled: true } as UserResponse;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Close account' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Close your account?' }) };
}

describe('Account settings: Close account', () => {
  it('shows the reason and the way forward when the account cannot close yet', async () => {
    const server = fakeApi({
      'POST /api/account/close': () => json({ message: ACCOUNT_MESSAGES.balanceLeft, code: 'CONFLICT' }, 409),
    });
    renderScreen('/account-management', <CloseAccountPanel user={MEMBER} />);
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByLabelText('Authenticator code or recovery code')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.balanceLeft);
    expect(server.to('POST /api/account/close')[0]!.body).toEqual({ password: 'correct horse' });
  });

  it('asks for the password before sending anything, and puts the server’s field errors on the fields', async () => {
    const server = fakeApi({
      'POST /api/account/close': () =>
        json(
          {
            message: ACCOUNT_MESSAGES.codeInvalid,
            code: 'BUSINESS_RULE',
            errors: { code: [ACCOUNT_MESSAGES.codeInvalid] },
          },
          422,
        ),
    });
    renderScreen('/account-management', <CloseAccountPanel user={WITH_2FA} />);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(server.to('POST /api/account/close')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.type(within(dialog).getByLabelText('Authenticator code or recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(server.to('POST /api/account/close')[0]!.body).toEqual({
      password: 'correct horse',
      code: '123456',
    });
  });

  it('closes: the token is dropped and the sign-in screen opens', async () => {
    storeToken('member', 'token-1');
    fakeApi({
      'POST /api/account/close': closedAccount,
    });
    renderScreen('/account-management', <CloseAccountPanel user={MEMBER} />, ['/login']);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText('screen /login')).toBeInTheDocument();
    expect(readToken('member')).toBeNull();
  });

  it('speaks Spanish and Arabic', async () => {
    fakeApi({
      'POST /api/account/close': () =>
        json({ message: ACCOUNT_MESSAGES.pendingDeposit, code: 'CONFLICT' }, 409),
    });
    await i18n.changeLanguage('es');
    const { unmount } = renderScreen('/account-management', <CloseAccountPanel user={MEMBER} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cerrar la cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar tu cuenta?' });
    await user.type(within(dialog).getByLabelText('Contraseña'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Un depósito está pendiente de confirmación',
    );
    unmount();
    await i18n.changeLanguage('ar');
    renderScreen('/account-management', <CloseAccountPanel user={MEMBER} />);
    expect(screen.getByRole('button', { name: 'إغلاق الحساب' })).toBeInTheDocument();
  });
});
