import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserPlan } from '@app/shared/schemas/investing';
import { fakeApi, json } from '../../../test/fake-api';
import { memberPlan } from '../../../test/catalogue';
import { renderScreen } from '../../../test/render';
import { MemberPlansPage } from './member-plans-page';

const userPlan = memberPlan;

const page = (data: UserPlan[], total = data.length) =>
  json({ data, meta: { current_page: 1, total_pages: Math.max(1, Math.ceil(total / 5)), total } });

describe('My Active & Completed Plans (spec §2, §4)', () => {
  it('shows the loading text, then the plans with Manage only for active ones', async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((resolve) => (release = resolve));
    const server = fakeApi({
      'GET /api/pp': async () => {
        await ready;
        return page([
          userPlan({}),
          userPlan({ id: 2, name: 'Prime', plan_name: 'Prime', status: 'locked', amount: 100000 }),
          userPlan({ id: 3, name: 'Fixed Savings 7', plan_name: 'Fixed Savings 7', status: 'completed' }),
          userPlan({ id: 4, name: 'Old', plan_name: 'Old', status: 'cancelled' }),
        ]);
      },
    });
    renderScreen('/plans', <MemberPlansPage />);
    expect(screen.getByRole('heading', { name: 'My Active & Completed Plans' })).toBeInTheDocument();
    expect(await screen.findByText('Loading your plans...')).toBeInTheDocument();
    release();
    const table = await screen.findByRole('table', { name: 'My Active & Completed Plans' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Plan', 'Amount', 'Status', 'Start', 'End', 'Manage']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Growth$5,000.00Active');
    expect(within(rows[0]!).getByRole('button', { name: 'Manage Growth' })).toBeEnabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Locked' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(within(rows[3]!).getByRole('button', { name: 'Cancelled' })).toBeDisabled();
    expect(server.to('GET /api/pp')[0]?.url).toBe('/api/pp?page=1&per_page=5');
  });

  it('locks a plan after the irreversible warning, then closes the modal and reloads the list', async () => {
    let locked = false;
    const server = fakeApi({
      'GET /api/pp': () => page([userPlan({ status: locked ? 'locked' : 'active' })]),
      'POST /api/pp/1/lock': () => {
        locked = true;
        return json({ message: 'Plan locked.', plan: userPlan({ status: 'locked' }) });
      },
    });
    const user = userEvent.setup();
    renderScreen('/plans', <MemberPlansPage />);
    const table = await screen.findByRole('table', { name: 'My Active & Completed Plans' });
    await user.click(within(table).getByRole('button', { name: 'Manage Growth' }));
    let dialog = await screen.findByRole('dialog', { name: 'Lock Plan' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to lock this plan? This action cannot be undone.',
    );
    // What locking changes, before the member confirms: the rate now, the locked rate, the end date.
    const terms = within(dialog).getByText('Rate now (a year)').closest('dl')!;
    expect(terms).toHaveTextContent('Rate now (a year)12.00%');
    expect(terms).toHaveTextContent('Rate once locked (a year)13.00%');
    expect(terms).toHaveTextContent('Ends onAug 31, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/pp/1/lock')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Manage Growth' }));
    dialog = await screen.findByRole('dialog', { name: 'Lock Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Lock Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Locked' })).toBeDisabled());
    expect(server.to('GET /api/pp').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the empty text, and the error as "Error: {message}" with a Retry that loads again', async () => {
    fakeApi({ 'GET /api/pp': () => page([]) });
    const { unmount } = renderScreen('/plans', <MemberPlansPage />);
    expect(await screen.findByText('No active or completed plans found.')).toBeInTheDocument();
    unmount();
    let failing = true;
    fakeApi({
      'GET /api/pp': () =>
        failing ? json({ message: 'Service unavailable', code: 'INTERNAL' }, 500) : page([userPlan({})]),
    });
    const user = userEvent.setup();
    renderScreen('/plans', <MemberPlansPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Service unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'My Active & Completed Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages 5 at a time', async () => {
    const server = fakeApi({
      'GET /api/pp': (request) =>
        request.query.get('page') === '2'
          ? json({
              data: [userPlan({ id: 6, name: 'Sixth', plan_name: 'Sixth' })],
              meta: { current_page: 2, total_pages: 2, total: 6 },
            })
          : page(
              Array.from({ length: 5 }, (_, i) => userPlan({ id: i + 1 })),
              6,
            ),
    });
    const user = userEvent.setup();
    renderScreen('/plans', <MemberPlansPage />);
    await screen.findByRole('table', { name: 'My Active & Completed Plans' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Sixth')).length).toBeGreaterThan(0);
    expect(server.to('GET /api/pp').at(-1)?.url).toBe('/api/pp?page=2&per_page=5');
  });
});
