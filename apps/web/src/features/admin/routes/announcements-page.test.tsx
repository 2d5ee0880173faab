import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { AnnouncementsPage } from './announcements-page';

const ADMIN = { ...USER, id: 1, email: 'help@example.com', role: 'admin', admin_role: 'support' };
const SENT = {
  id: 3,
  title: { en: 'New rates' },
  body: { en: 'Rates change.' },
  notice: false,
  segment: 'all',
  country: null,
  plan_id: null,
  status: 'sent',
  scheduled_at: '2026-03-02T09:00:00.000Z',
  sent_at: '2026-03-02T09:00:00.000Z',
  recipients: 12,
  mailed: 10,
  created_at: '2026-03-02T09:00:00.000Z',
};

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, '1|admin-token');
});

describe('AnnouncementsPage', () => {
  it('lists announcements with how many members received them', async () => {
    fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/announcements': () =>
        json({ data: [SENT], meta: { current_page: 1, total_pages: 1, total: 1 } }),
    });
    renderScreen('/admin/announcements', <AnnouncementsPage />);
    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(within(table).getByText('New rates')).toBeInTheDocument();
    expect(within(table).getByText('12 members, 10 mailed')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Send now/ })).not.toBeInTheDocument();
  });

  /** Sent to 1, 2, 5, 12 and 100 members: one, two, few, many and other in Arabic. */
  const COUNTED = [1, 2, 5, 12, 100].map((recipients, index) => ({
    ...SENT,
    id: 10 + index,
    title: { en: `Notice ${recipients}` },
    recipients,
    mailed: recipients,
  }));

  it.each([
    [
      'en',
      [
        '1 member, 1 mailed',
        '2 members, 2 mailed',
        '5 members, 5 mailed',
        '12 members, 12 mailed',
        '100 members, 100 mailed',
      ],
    ],
    [
      'es',
      [
        '1 miembro, 1 por correo',
        '2 miembros, 2 por correo',
        '5 miembros, 5 por correo',
        '12 miembros, 12 por correo',
        '100 miembros, 100 por correo',
      ],
    ],
    [
      'ar',
      [
        'عضو واحد، 1 بالبريد',
        'عضوان، 2 بالبريد',
        '5 أعضاء، 5 بالبريد',
        '12 عضوًا، 12 بالبريد',
        '100 عضو، 100 بالبريد',
      ],
    ],
  ] as const)(
    'counts the members reached with the plural form of the language (%s)',
    async (language, counts) => {
      await i18n.changeLanguage(language);
      fakeApi({
        'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
        'GET /api/admin/announcements': () =>
          json({ data: COUNTED, meta: { current_page: 1, total_pages: 1, total: COUNTED.length } }),
      });
      renderScreen('/admin/announcements', <AnnouncementsPage />);
      const table = await screen.findByRole('table', { name: i18n.t('admin.announcements.caption') });
      counts.forEach((text, index) => {
        const row = within(table).getByText(`Notice ${COUNTED[index]!.recipients}`).closest('tr')!;
        expect(within(row).getByText(text)).toBeInTheDocument();
      });
    },
  );

  it('opens prefilled for a plan’s members and sends the languages side by side', async () => {
    const server = fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/announcements': () =>
        json({ data: [], meta: { current_page: 1, total_pages: 0, total: 0 } }),
      'POST /api/admin/announcements': () =>
        json({ message: 'Announcement saved.', announcement: { ...SENT, status: 'draft' } }, 201),
    });
    const user = userEvent.setup();
    renderScreen('/admin/announcements?plan=7', <AnnouncementsPage />);
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    expect(within(dialog).getByLabelText('Members')).toHaveValue('plan');
    expect(within(dialog).getByLabelText('Plan number')).toHaveValue('7');
    const english = within(dialog).getByRole('group', { name: 'English' });
    await user.type(within(english).getByLabelText(/Title/), 'New rates');
    await user.type(within(english).getByLabelText(/Text/), 'Rates change.');
    const arabic = within(dialog).getByRole('group', { name: /Arabic/ });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
        title: { en: 'New rates' },
        body: { en: 'Rates change.' },
        notice: false,
        segment: 'plan',
        country: null,
        plan_id: 7,
      }),
    );
  });

  const DRAFT = {
    ...SENT,
    id: 4,
    status: 'draft',
    sent_at: null,
    scheduled_at: null,
    recipients: 0,
    mailed: 0,
  };

  it('asks before sending, with how many members it reaches; cancel sends nothing, confirm sends', async () => {
    const server = fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/announcements': () =>
        json({ data: [DRAFT], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/admin/announcements/4/audience': () => json({ members: 42 }),
      'POST /api/admin/announcements/4/send': () =>
        json({ message: 'Announcement sent.', announcement: { ...DRAFT, status: 'sending' } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/announcements', <AnnouncementsPage />);
    await user.click(await screen.findByRole('button', { name: 'Send now New rates' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send “New rates” now?' });
    expect(await within(dialog).findByText('Its members now: 42')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.to('POST /api/admin/announcements/4/send')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send now New rates' }));
    dialog = await screen.findByRole('dialog', { name: 'Send “New rates” now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Announcement sent.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/announcements/4/send')).toHaveLength(1);
  });

  it('asks for a time to schedule (an empty one unschedules nothing); a scheduled one is not edited and goes back to drafts by its own button', async () => {
    const SCHEDULED = { ...DRAFT, status: 'scheduled', scheduled_at: '2026-03-09T09:00:00.000Z' };
    const server = fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/announcements': () =>
        json({ data: [SCHEDULED], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'POST /api/admin/announcements/4/schedule': () =>
        json({ message: 'Announcement moved back to the drafts.', announcement: DRAFT }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/announcements', <AnnouncementsPage />);
    const schedule = await screen.findByRole('button', { name: 'Schedule New rates' });
    // A scheduled one is edited back in the drafts (the API refuses it 409).
    expect(screen.queryByRole('button', { name: 'Edit New rates' })).not.toBeInTheDocument();
    await user.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the send' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByLabelText(/Send at/)).toHaveAccessibleDescription('Choose when to send it.');
    expect(server.to('POST /api/admin/announcements/4/schedule')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Back to drafts' }));
    expect(await screen.findByText('Announcement moved back to the drafts.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/announcements/4/schedule')[0]?.body).toEqual({ at: null });
  });
});
