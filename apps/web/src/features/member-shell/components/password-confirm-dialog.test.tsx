import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { api, errorMessage } from '#lib/api-client';
import { storeToken } from '#lib/tokens';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { PasswordConfirmDialog } from './password-confirm-dialog';

const REFUSAL = {
  message: 'For your security, confirm your password to continue.',
  code: 'REAUTH_REQUIRED',
};
const REQUEST = { amount: 40, withdrawal_method: 'crypto', destination: 'BTC wallet' };

/** A screen's money call as the features make it: through `api`, its outcome shown. */
function Withdraw() {
  const [outcome, setOutcome] = useState<string | null>(null);
  const send = () =>
    api.post<{ message: string }>('/api/withdrawal', REQUEST, { idempotent: true }).then(
      (answer) => setOutcome(answer.message),
      (error: unknown) => setOutcome(errorMessage(error, 'Withdrawal failed.')),
    );
  return (
    <>
      <button type="button" onClick={() => void send()}>
        Submit request
      </button>
      {outcome && <p role="status">{outcome}</p>}
    </>
  );
}

/** The caller beside the member shell's password dialog, as the member layout renders them. */
function renderWithdrawals() {
  return renderScreen(
    '/account-management',
    <>
      <Withdraw />
      <PasswordConfirmDialog />
    </>,
  );
}

async function askForWithdrawal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Submit request' }));
}

describe('the password dialog of a member session (decision 230)', () => {
  afterEach(() => storeToken('member', null));

  it('asks for the password when a withdrawal needs it, then sends the withdrawal again', async () => {
    storeToken('member', '1|member-token');
    let confirmed = false;
    const server = fakeApi({
      'POST /api/withdrawal': () =>
        confirmed ? json({ message: 'Withdrawal request submitted successfully!' }, 201) : json(REFUSAL, 403),
      'POST /api/confirm-password': ({ body }) => {
        if ((body as { password: string }).password !== 'correct horse') {
          return json(
            {
              message: 'The password is incorrect.',
              code: 'BUSINESS_RULE',
              errors: { password: ['The password is incorrect.'] },
            },
            422,
          );
        }
        confirmed = true;
        return json({ message: 'Password confirmed.', reauth_until: '2026-11-20T10:10:00.000Z' });
      },
    });
    const user = userEvent.setup();
    renderWithdrawals();
    await askForWithdrawal(user);

    const ask = await screen.findByRole('dialog', { name: 'Confirm your password' });
    const field = within(ask).getByLabelText('Password');
    expect(field).toHaveFocus();
    await user.type(field, 'wrong one');
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await within(ask).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'correct horse');
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal request submitted successfully!');
    expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).not.toBeInTheDocument();
    const [first, second] = server.to('POST /api/withdrawal');
    expect(server.to('POST /api/withdrawal')).toHaveLength(2);
    expect(second?.body).toEqual(first?.body);
    // The same request, with the same key: had an earlier try gone through unanswered, the server
    // would answer it instead of holding the money twice.
    expect(first?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('gives the refusal back when the member cancels, and sends nothing more', async () => {
    storeToken('member', '1|member-token');
    const server = fakeApi({
      'POST /api/withdrawal': () => json(REFUSAL, 403),
    });
    const user = userEvent.setup();
    renderWithdrawals();
    await askForWithdrawal(user);
    const ask = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'For your security, confirm your password to continue.',
    );
    expect(server.to('POST /api/withdrawal')).toHaveLength(1);
    expect(server.to('POST /api/confirm-password')).toHaveLength(0);
  });
});
