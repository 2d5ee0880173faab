import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@app/shared/schemas/auth';
import { fakeApi, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ProfileMenu } from './profile-menu';

describe('the profile menu', () => {
  it('rings the item the keyboard is on, as other focused controls are, not only a faint background', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen('/dashboard', <ProfileMenu user={USER as UserResponse} />);
    const trigger = await screen.findByRole('button', { name: /account menu/i });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    const accountSettings = screen.getByRole('menuitem', { name: 'Account settings' });
    await waitFor(() => expect(accountSettings).toHaveFocus());
    expect(accountSettings).toHaveClass('focus-visible:ring-2', 'focus-visible:ring-ring');
    // Every kind of item the menu has shares the ring.
    for (const item of [...screen.getAllByRole('menuitem'), ...screen.getAllByRole('menuitemcheckbox')]) {
      expect(item).toHaveClass('focus-visible:ring-2', 'focus-visible:ring-ring');
    }
  });
});
