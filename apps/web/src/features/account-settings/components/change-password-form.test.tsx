import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

async function fill(user: ReturnType<typeof userEvent.setup>, old: string, next: string, confirm: string) {
  for (const [label, value] of [
    ['Current password', old],
    ['New password', next],
    ['Confirm new password', confirm],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password (spec §5, §8)', () => {
  it('asks for all three fields and a matching confirmation', async () => {
    const server = fakeApi({});
    const user = userEvent.setup();
    renderScreen('/account-management', <ChangePasswordForm />);
    await screen.findByLabelText('Current password');
    await fill(user, '', '', '');
    expect(await screen.findAllByText('Please fill all password fields.')).toHaveLength(3);
    await fill(user, 'old password', 'new password', 'other password');
    expect(await screen.findByText('New passwords do not match.')).toBeInTheDocument();
    expect(server.to('POST /api/change-password')).toHaveLength(0);
  });

  it("shows the server's message (and marks the field), else 'Error changing password.'", async () => {
    let answers = 0;
    fakeApi({
      'POST /api/change-password': () => {
        answers += 1;
        return answers === 1
          ? json(
              {
                message: 'Current password is incorrect.',
                code: 'BUSINESS_RULE',
                errors: { old_password: ['Current password is incorrect.'] },
              },
              422,
            )
          : new Response('', { status: 500 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <ChangePasswordForm />);
    await screen.findByLabelText('Current password');
    await fill(user, 'wrong password', 'new password', 'new password');
    expect(await screen.findAllByText('Current password is incorrect.')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    await fill(user, 'old password', 'new password', 'new password');
    expect(await screen.findByText('Error changing password.')).toBeInTheDocument();
  });

  it("says 'Password changed successfully!' and clears the form", async () => {
    const server = fakeApi({
      'POST /api/change-password': () => json({ message: 'Password changed successfully!' }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <ChangePasswordForm />);
    await screen.findByLabelText('Current password');
    await fill(user, 'old password', 'new password', 'new password');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(server.to('POST /api/change-password')[0]?.body).toEqual({
      old_password: 'old password',
      new_password: 'new password',
      new_password_confirmation: 'new password',
    });
  });
});
