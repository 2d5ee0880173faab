import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNREAD_COUNT_CAP } from '@app/shared/constants';
import { i18n } from '#i18n/index';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { NotificationsButton } from './notifications-button';

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const LIST = {
  data: [
    {
      id: 2,
      kind: 'deposit_confirmed',
      title: 'Deposit confirmed',
      body: 'Your deposit of $100.00 was credited.',
      read_at: null,
      created_at: minutesAgo(5),
      link: '/activity?type=deposit',
    },
    {
      id: 1,
      kind: 'referral_reward',
      title: 'Referral reward',
      body: 'You earned 100 loyalty points.',
      read_at: minutesAgo(60),
      created_at: minutesAgo(60 * 26),
      link: '/rewards',
    },
  ],
  meta: { current_page: 1, total_pages: 1, total: 2 },
  unread_count: 1,
};

describe('notification bell', () => {
  it('shows the unread count and lists notifications newest first with time and link', async () => {
    fakeApi({ 'GET /api/notifications': () => json(LIST) });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeInTheDocument();

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/activity?type=deposit',
      '/rewards',
    ]);
    expect(within(items[0]!).getByText('Deposit confirmed')).toBeInTheDocument();
    expect(within(items[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('yesterday')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/unread/)).toBeInTheDocument();
  });

  it('marks a notification read when opened and follows its link', async () => {
    let unread = 1;
    const server = fakeApi({
      'GET /api/notifications': () =>
        json({
          ...LIST,
          unread_count: unread,
          data: LIST.data.map((item) =>
            item.id === 2 && unread === 0 ? { ...item, read_at: minutesAgo(0) } : item,
          ),
        }),
      'POST /api/notifications/2/read': () => {
        unread = 0;
        return json({ message: 'Notification marked as read.', unread_count: 0 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />, ['/activity']);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /Deposit confirmed/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/activity');
    expect(screen.getByTestId('search')).toHaveTextContent('?type=deposit');
    expect(server.to('POST /api/notifications/2/read')).toHaveLength(1);
  });

  it("'Mark all as read' clears the count", async () => {
    let unread = 1;
    const server = fakeApi({
      'GET /api/notifications': () => json({ ...LIST, unread_count: unread }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return json({ message: 'All notifications marked as read.', unread_count: 0 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(server.to('POST /api/notifications/read-all')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows 99 as it is, and the server’s capped count as 99+ with a label that claims no number above 99', async () => {
    // The server counts up to UNREAD_COUNT_CAP (decision 219): that number means "at least".
    expect(UNREAD_COUNT_CAP).toBeGreaterThan(99);
    let unread = 99;
    fakeApi({ 'GET /api/notifications': () => json({ ...LIST, unread_count: unread }) });
    const first = renderScreen('/dashboard', <NotificationsButton />);
    expect(await screen.findByRole('button', { name: 'Notifications, 99 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent(/^99$/);
    first.unmount();

    unread = UNREAD_COUNT_CAP;
    const capped = renderScreen('/dashboard', <NotificationsButton />);
    const bell = await screen.findByRole('button', { name: 'Notifications, more than 99 unread' });
    expect(bell).not.toHaveAccessibleName(new RegExp(String(UNREAD_COUNT_CAP)));
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent(/^99\+$/);
    capped.unmount();

    await i18n.changeLanguage('es');
    const spanish = renderScreen('/dashboard', <NotificationsButton />);
    expect(
      await screen.findByRole('button', { name: 'Notificaciones, más de 99 sin leer' }),
    ).toBeInTheDocument();
    spanish.unmount();
    await i18n.changeLanguage('ar');
    renderScreen('/dashboard', <NotificationsButton />);
    expect(
      await screen.findByRole('button', { name: 'الإشعارات، أكثر من 99 غير مقروءة' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', ['Notifications, 1 unread', 'Notifications, 2 unread']],
    ['es', ['Notificaciones, 1 sin leer', 'Notificaciones, 2 sin leer']],
    // Arabic: one, two, few (3–10) and many (11–99).
    [
      'ar',
      [
        'الإشعارات، إشعار واحد غير مقروء',
        'الإشعارات، إشعاران غير مقروءين',
        'الإشعارات، 5 إشعارات غير مقروءة',
        'الإشعارات، 12 إشعارًا غير مقروء',
      ],
    ],
  ] as const)('names the unread count with its plural form (%s)', async (language, labels) => {
    await i18n.changeLanguage(language);
    const counts = [1, 2, 5, 12];
    let unread = 0;
    fakeApi({ 'GET /api/notifications': () => json({ ...LIST, unread_count: unread }) });
    for (const [index, label] of labels.entries()) {
      unread = counts[index]!;
      const shown = renderScreen('/dashboard', <NotificationsButton />);
      expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
      shown.unmount();
    }
  });

  it("says 'We'll keep you updated when there's something new.' when there is nothing", async () => {
    fakeApi({
      'GET /api/notifications': () =>
        json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 }, unread_count: 0 }),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("We'll keep you updated when there's something new.")).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-unread')).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/notifications': () => {
        calls += 1;
        return calls === 1 ? new Response('', { status: 500 }) : json(LIST);
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Failed to load notifications.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Deposit confirmed')).toBeInTheDocument();
  });

  it('asks for the texts in the UI language and asks again when the language changes', async () => {
    const TEXTS: Record<string, { title: string; body: string }> = {
      es: {
        title: 'Depósito confirmado',
        body: 'Tu depósito DEP-1 de 1234,50 US$ se ha abonado a tu saldo.',
      },
      ar: { title: 'تم تأكيد الإيداع', body: 'تمت إضافة إيداعك DEP-1 بقيمة 1,234.50 US$ إلى رصيدك.' },
    };
    await i18n.changeLanguage('es');
    const server = fakeApi({
      'GET /api/notifications': (request) =>
        json({ ...LIST, data: [{ ...LIST.data[0]!, ...TEXTS[request.query.get('lang') ?? ''] }] }),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <NotificationsButton />);
    await user.click(await screen.findByRole('button', { name: /Notificaciones/ }));
    expect(await screen.findByText('Depósito confirmado')).toBeInTheDocument();
    expect(screen.getByText(/1234,50 US\$/u)).toBeInTheDocument();
    expect(server.to('GET /api/notifications').map((request) => request.query.get('lang'))).toEqual(['es']);
    // The exact moment (the time's tooltip) in Spanish too, not in the browser's language.
    const spanishMoment = new Intl.DateTimeFormat('es-ES', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(LIST.data[0]!.created_at));
    expect(document.querySelector('time')).toHaveAttribute('title', spanishMoment);

    await i18n.changeLanguage('ar');
    expect(await screen.findByText('تم تأكيد الإيداع')).toBeInTheDocument();
    expect(screen.queryByText('Depósito confirmado')).not.toBeInTheDocument();
    expect(server.to('GET /api/notifications').at(-1)?.query.get('lang')).toBe('ar');
  });
});
