import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExitQuote, UserPlan } from '@app/shared/schemas/investing';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json } from '../../../test/fake-api';
import { memberPlan } from '../../../test/catalogue';
import { renderScreen } from '../../../test/render';
import { MemberPlansPage } from './member-plans-page';

const plan = (status: UserPlan['status']): UserPlan => memberPlan({ status, accrued_days: 1, earned: 1.64 });

const quote = (id: string): ExitQuote => ({
  id,
  user_plan_id: 1,
  principal: 5000,
  earned: 1.64,
  forfeited: 1.64,
  penalty: 75,
  returned: 4923.36,
  kept_earnings: 0,
  total: 4925,
  maturity_total: 5299.18,
  ends_at: '2026-08-31T09:00:00.000Z',
  expires_at: '2026-03-03T10:01:00.000Z',
});

const page = (data: UserPlan[]) =>
  json({ data, meta: { current_page: 1, total_pages: 1, total: data.length } });
const stale = 'This quote is no longer valid. Please get a new quote.';

/** The plans page, Manage on Growth, then Leave early: answers the "Leave plan early" dialog. */
async function openLeaveEarly(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  renderScreen('/plans', <MemberPlansPage />);
  const table = await screen.findByRole('table', { name: 'My Active & Completed Plans' });
  await user.click(within(table).getByRole('button', { name: 'Manage Growth' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Lock Plan' })).getByRole('button', {
      name: 'Leave early',
    }),
  );
  return screen.findByRole('dialog', { name: 'Leave plan early' });
}

describe('Leave early (decision 186)', () => {
  it('shows today against maturity, refuses a stale quote, and leaves with a new one', async () => {
    let quotes = 0;
    let exited = false;
    const server = fakeApi({
      'GET /api/pp': () => page([plan(exited ? 'completed' : 'active')]),
      'GET /api/pp/1/exit-quote': () => {
        quotes += 1;
        return json(quote(`00000000-0000-4000-8000-00000000000${quotes}`));
      },
      'POST /api/pp/1/exit': () => {
        if (quotes < 2) return json({ message: stale, code: 'CONFLICT' }, 409);
        exited = true;
        return json({
          message: 'Plan closed early. The amount is back in your balance.',
          plan: plan('completed'),
        });
      },
    });
    const user = userEvent.setup();
    const dialog = await openLeaveEarly(user);
    expect(
      await within(dialog).findByText('Today: $4,925.00; at maturity on Aug 31, 2026: $5,299.18.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Penalty').nextSibling).toHaveTextContent('$75.00');

    await user.click(within(dialog).getByRole('button', { name: 'Leave plan' }));
    expect(await within(dialog).findByText(stale)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'New quote' }));
    await waitFor(() => expect(quotes).toBe(2));
    await waitFor(() => expect(within(dialog).queryByText(stale)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Leave plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'My Active & Completed Plans' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Completed' })).toBeDisabled());
    // Its Manage is disabled now: focus is on the plan's row, not lost on the page's body.
    const row = within(table).getByRole('button', { name: 'Completed' }).closest('tr')!;
    await waitFor(() => expect(row).toContainElement(document.activeElement as HTMLElement));
    expect(server.to('POST /api/pp/1/exit').map((call) => call.body)).toEqual([
      { quote_id: '00000000-0000-4000-8000-000000000001' },
      { quote_id: '00000000-0000-4000-8000-000000000002' },
    ]);
  });

  it('says why a plan cannot be left', async () => {
    fakeApi({
      'GET /api/pp': () => page([plan('active')]),
      'GET /api/pp/1/exit-quote': () =>
        json({ message: 'This plan cannot be left before its end date.', code: 'BUSINESS_RULE' }, 422),
    });
    const user = userEvent.setup();
    const dialog = await openLeaveEarly(user);
    expect(
      await within(dialog).findByText('This plan cannot be left before its end date.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Leave plan' })).not.toBeInTheDocument();
    // The plan's rule: asking again would not change it.
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when the quote could not be loaded, and shows it once it loads', async () => {
    let fail = true;
    fakeApi({
      'GET /api/pp': () => page([plan('active')]),
      'GET /api/pp/1/exit-quote': () =>
        fail
          ? json({ message: 'Service temporarily unavailable.', code: 'INTERNAL' }, 503)
          : json(quote('00000000-0000-4000-8000-000000000001')),
    });
    const user = userEvent.setup();
    const dialog = await openLeaveEarly(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service temporarily unavailable.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(
      await within(dialog).findByText('Today: $4,925.00; at maturity on Aug 31, 2026: $5,299.18.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides the quote’s figures under Hide balance', async () => {
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({
      'GET /api/pp': () => page([plan('active')]),
      'GET /api/pp/1/exit-quote': () => json(quote('00000000-0000-4000-8000-000000000001')),
    });
    const user = userEvent.setup();
    const dialog = await openLeaveEarly(user);
    expect(
      await within(dialog).findByText('Today: ******; at maturity on Aug 31, 2026: ******.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Penalty').nextSibling).toHaveTextContent('******');
    expect(dialog).not.toHaveTextContent('$');
  });

  it('offers a goal’s unit neither Leave early nor Withdraw: it leaves only with its goal', async () => {
    const fixedUnit = memberPlan({ id: 1, name: 'Growth', goal_id: 7 });
    const flexibleUnit = memberPlan({
      id: 2,
      name: 'Starter',
      plan_name: 'Starter',
      goal_id: 7,
      flexible: true,
      duration_days: null,
      duration: 'Flexible',
      ends_at: null,
    });
    fakeApi({ 'GET /api/pp': () => page([fixedUnit, flexibleUnit]) });
    const user = userEvent.setup();
    renderScreen('/plans', <MemberPlansPage />);
    const table = await screen.findByRole('table', { name: 'My Active & Completed Plans' });
    await user.click(within(table).getByRole('button', { name: 'Manage Growth' }));
    const lockDialog = await screen.findByRole('dialog', { name: 'Lock Plan' });
    expect(within(lockDialog).getByRole('button', { name: 'Lock Plan' })).toBeInTheDocument();
    expect(within(lockDialog).queryByRole('button', { name: 'Leave early' })).not.toBeInTheDocument();
    await user.click(within(lockDialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Manage Starter' }));
    const withdrawDialog = await screen.findByRole('dialog');
    expect(
      within(withdrawDialog).getByText('This plan belongs to a savings goal and cannot be left on its own.'),
    ).toBeInTheDocument();
    expect(within(withdrawDialog).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});
