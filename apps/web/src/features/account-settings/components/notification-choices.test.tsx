import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { NotificationChoices } from './notification-choices';

const ALL_ON = ['money', 'security', 'product_news', 'goals', 'loans'].map((category) => ({
  category,
  in_app: true,
  email: true,
  locked: category === 'security',
}));

describe('notification choices (Account settings › Notifications)', () => {
  it('turns money mail off and saves every category but security', async () => {
    let saved = ALL_ON;
    const server = fakeApi({
      'GET /api/notification-preferences': () => json({ data: saved }),
      'PUT /api/notification-preferences': (request) => {
        const { preferences } = request.body as { preferences: typeof ALL_ON };
        saved = ALL_ON.map((row) => ({
          ...row,
          ...preferences.find((item) => item.category === row.category),
        }));
        return json({ message: 'Notification choices saved.', data: saved });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <NotificationChoices />);

    const save = await screen.findByRole('button', { name: 'Save choices' });
    expect(save).toBeDisabled();
    // Security is checked and cannot be changed.
    expect(screen.getByRole('checkbox', { name: 'Security: By email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Security: By email' })).toBeDisabled();
    expect(screen.getByText('Sign-ins and password or email changes. Always on.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Money movements: By email' }));
    expect(screen.getByRole('checkbox', { name: 'Money movements: By email' })).not.toBeChecked();
    await user.click(save);
    expect(await screen.findByText('Notification choices saved.')).toBeInTheDocument();
    const [sent] = server.to('PUT /api/notification-preferences');
    expect((sent?.body as { preferences: unknown[] }).preferences).toEqual([
      { category: 'money', in_app: true, email: false },
      { category: 'product_news', in_app: true, email: true },
      { category: 'goals', in_app: true, email: true },
      { category: 'loans', in_app: true, email: true },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Money movements: By email' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save choices' })).toBeDisabled();
  });

  it('shows the loading state, then an error with Retry when the choices cannot be read', async () => {
    let fail = true;
    fakeApi({
      'GET /api/notification-preferences': () =>
        fail ? json({ message: 'Server Error' }, 500) : json({ data: ALL_ON }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <NotificationChoices />);
    expect(screen.getByRole('status', { name: 'Loading your notification choices…' })).toBeInTheDocument();
    expect(await screen.findByText('Your notification choices could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Goals: In the app' })).toBeChecked();
  });

  it('shows the server’s refusal and keeps the choice on screen', async () => {
    fakeApi({
      'GET /api/notification-preferences': () => json({ data: ALL_ON }),
      'PUT /api/notification-preferences': () =>
        json({ message: 'Security notifications cannot be turned off.', errors: {} }, 400),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <NotificationChoices />);
    await user.click(await screen.findByRole('checkbox', { name: 'Loans: In the app' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Security notifications cannot be turned off.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Loans: In the app' })).not.toBeChecked();
  });
});
