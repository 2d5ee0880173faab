import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserPlan } from '@app/shared/schemas/investing';
import { i18n } from '#i18n/index';
import { fakeApi, json } from '../../../test/fake-api';
import { memberPlan } from '../../../test/catalogue';
import { renderScreen } from '../../../test/render';
import { MemberPlansPage } from './member-plans-page';

const userPlan = memberPlan;

const page = (data: UserPlan[]) =>
  json({ data, meta: { current_page: 1, total_pages: 1, total: data.length } });

/** The table's row of the plan named `name`. */
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name))!;

describe('My plans: where focus goes after Manage (keyboard and screen readers)', () => {
  it.each([
    ['en', 'My Active & Completed Plans', 'Manage Growth', 'Lock Plan', 'Plan locked.', 'Locked'],
    [
      'es',
      'Mis planes activos y completados',
      'Gestionar Growth',
      'Bloquear plan',
      'Plan bloqueado.',
      'Bloqueado',
    ],
    ['ar', 'خططي النشطة والمكتملة', 'إدارة Growth', 'قفل الخطة', 'تم قفل الخطة.', 'مقفلة'],
  ])(
    'after locking (%s): says the plan is locked, and focus stays on its row, whose button is now disabled',
    async (language, caption, manage, lock, done, locked) => {
      await i18n.changeLanguage(language);
      let isLocked = false;
      fakeApi({
        'GET /api/pp': () => page([userPlan({ status: isLocked ? 'locked' : 'active' })]),
        'POST /api/pp/1/lock': () => {
          isLocked = true;
          return json({ message: 'Plan locked.', plan: userPlan({ status: 'locked' }) });
        },
      });
      const user = userEvent.setup();
      renderScreen('/plans', <MemberPlansPage />);
      const table = await screen.findByRole('table', { name: caption });
      const row = rowOf(table, 'Growth');

      // Cancel changes nothing: focus is back on Manage.
      await user.click(within(row).getByRole('button', { name: manage }));
      await screen.findByRole('dialog', { name: lock });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(within(row).getByRole('button', { name: manage })).toHaveFocus());

      await user.click(within(row).getByRole('button', { name: manage }));
      const dialog = await screen.findByRole('dialog', { name: lock });
      await user.click(within(dialog).getByRole('button', { name: lock }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('alert')).toHaveTextContent(done);
      expect(within(row).getByRole('button', { name: locked })).toBeDisabled();
      await waitFor(() => expect(row).toContainElement(document.activeElement as HTMLElement));
      expect(document.activeElement).toHaveTextContent('Growth');
    },
  );

  it('after withdrawing a plan that leaves the list, focus goes to the list, not the page’s body', async () => {
    let withdrawn = false;
    fakeApi({
      'GET /api/pp': () => page(withdrawn ? [] : [userPlan({ flexible: true, ends_at: null })]),
      'POST /api/pp/1/withdraw': () => {
        withdrawn = true;
        return json({
          message: 'Plan withdrawn. The amount is back in your balance.',
          plan: userPlan({ flexible: true, ends_at: null, status: 'completed' }),
        });
      },
    });
    const user = userEvent.setup();
    renderScreen('/plans', <MemberPlansPage />);
    const table = await screen.findByRole('table', { name: 'My Active & Completed Plans' });
    await user.click(within(table).getByRole('button', { name: 'Manage Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Plan withdrawn. The amount is back in your balance.',
    );
    expect(screen.getByText('No active or completed plans found.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'My Active & Completed Plans' })).toHaveFocus(),
    );
  });
});
