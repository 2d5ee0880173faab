import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { RewardsPage } from './rewards-page';

const INFO = {
  referral_link: 'http://localhost:5173/signup?ref=ABCD2345',
  points_earned: 250,
  loyalty_points: 1250,
  points_per_dollar: 100,
  referred_users: [
    { id: 12, name: 'grace_h', email: 'g***@example.com', created_at: '2026-03-02T09:00:00.000Z' },
  ],
};

describe('Rewards Hub (spec §2, §8 Referral)', () => {
  it("says 'Loading reward info...', then the link, the tiles and who joined; copy says 'Referral link copied!'", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER), 'GET /api/referrals': () => json(INFO) });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    expect(screen.getByRole('status', { name: 'Loading reward info...' })).toBeInTheDocument();
    const link = await screen.findByLabelText('Referral link');
    expect(link).toHaveValue(INFO.referral_link);
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByTestId('referral-points')).toHaveTextContent('250');
    expect(screen.getByTestId('loyalty-points')).toHaveTextContent('1,250');
    const table = screen.getByRole('table', { name: 'People you referred' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Joined date']);
    expect(within(table).getByRole('cell', { name: 'grace_h' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Mar 2, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Referral link copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(INFO.referral_link);
    expect(screen.queryByText(/referrals are shown/)).not.toBeInTheDocument();
  });

  it('says under a list of 500 that the newest 500 are shown; under a shorter one, nothing', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const friends = Array.from({ length: 500 }, (_, i) => ({
      id: 1000 - i,
      name: `friend_${1000 - i}`,
      email: 'f***@example.com',
      created_at: '2026-03-02T09:00:00.000Z',
    }));
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, referred_users: friends }),
    });
    renderScreen('/rewards', <RewardsPage />);
    expect(await screen.findByText('Your newest 500 referrals are shown, newest first.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'People you referred' })).toBeInTheDocument();
  });

  it("says 'No referrals yet.' and keeps Redeem disabled under 10 points", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, points_earned: 0, loyalty_points: 9, referred_users: [] }),
    });
    renderScreen('/rewards', <RewardsPage />);
    expect(await screen.findByText('No referrals yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem points' })).toBeDisabled();
  });

  it('redeems after a confirmation that shows the rate and the amount; the points are read again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let points = 1250;
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, loyalty_points: points }),
      'POST /api/convert-points': () => {
        points = 0;
        return json({
          message: '1250 points converted to $12.50.',
          converted_points: 1250,
          amount: 12.5,
          loyalty_points: 0,
          balance: 12.5,
        });
      },
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    // Nothing is redeemed by opening the dialog: it asks first, with the rate and the amount.
    expect(server.to('POST /api/convert-points')).toHaveLength(0);
    expect(within(dialog).getByLabelText('Points to redeem')).toHaveValue('1250');
    expect(dialog).toHaveTextContent('Rate: 100 points = $1.00.');
    expect(within(dialog).getByTestId('redeem-credit')).toHaveTextContent(
      '$12.50 will be added to your balance for 1,250 points.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm redeem' }));
    expect(await screen.findByText('1,250 points converted to $12.50.')).toBeInTheDocument();
    expect(await screen.findByTestId('loyalty-points')).toHaveTextContent(/^0$/);
    expect(server.to('POST /api/convert-points')[0]?.body).toEqual({ points: 1250 });
    expect(server.to('GET /api/referrals')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem points' })).toBeDisabled();
  });

  it.each([
    ['en', '10', '10 points converted to $0.10.'],
    ['en', '1250', '1,250 points converted to $12.50.'],
    ['es', '10', '10 puntos convertidos en 0,10 US$.'],
    ['es', '1250', '1250 puntos convertidos en 12,50 US$.'],
    // Arabic: 3–10 take the plural (few), 11–99 of a hundred the singular (many).
    ['ar', '10', 'تم تحويل 10 نقاط إلى \u2066\u200f0.10 US$\u2069.'],
    ['ar', '1250', 'تم تحويل 1,250 نقطة إلى \u2066\u200f12.50 US$\u2069.'],
  ] as const)(
    'says the points redeemed with their plural form (%s, %s points)',
    async (language, typed, converted) => {
      await i18n.changeLanguage(language);
      window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
      const points = Number(typed);
      fakeApi({
        'GET /api/me': () => json(USER),
        'GET /api/referrals': () => json(INFO),
        'POST /api/convert-points': () =>
          json({
            message: `${points} points converted.`,
            converted_points: points,
            amount: points / 100,
            loyalty_points: 1250 - points,
            balance: points / 100,
          }),
      });
      const user = userEvent.setup();
      renderScreen('/rewards', <RewardsPage />);
      await user.click(await screen.findByRole('button', { name: i18n.t('rewards.redeem') }));
      const dialog = await screen.findByRole('dialog', { name: i18n.t('rewards.redeemDialog.title') });
      const field = within(dialog).getByLabelText(i18n.t('rewards.redeemDialog.points'));
      await user.clear(field);
      await user.type(field, typed);
      await user.click(within(dialog).getByRole('button', { name: i18n.t('rewards.redeemDialog.confirm') }));
      const toast = await screen.findByText(/US\$|\$/, { selector: '.Toastify *' });
      expect(toast.textContent?.replace(/\u00a0/gu, ' ')).toBe(converted);
    },
  );

  it.each([
    ['en', ['Rate: 1 point = $1.00.', 'Rate: 2 points = $1.00.']],
    ['es', ['Tasa: 1 punto = 1,00 US$.', 'Tasa: 2 puntos = 1,00 US$.']],
  ] as const)('says the redeem rate with its plural form (%s)', async (language, rates) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let rate = 1;
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, points_per_dollar: rate }),
    });
    const user = userEvent.setup();
    for (const text of rates) {
      const shown = renderScreen('/rewards', <RewardsPage />);
      await user.click(await screen.findByRole('button', { name: i18n.t('rewards.redeem') }));
      const dialog = await screen.findByRole('dialog', { name: i18n.t('rewards.redeemDialog.title') });
      await waitFor(() => expect(dialog.textContent?.replace(/\u00a0/gu, ' ')).toContain(text));
      shown.unmount();
      rate += 1;
    }
  });

  // A member holds at least the minimum to open the dialog, and redeems at least that: the forms the
  // dialog's other counted texts take for 1 and 2 points, and the referrals' limit (500 on the screen).
  it.each([
    [
      'en',
      ['You have 1 point.', 'You have 2 points.'],
      ['for 1 point.', 'for 2 points.'],
      ['You have 1 point;', 'You have 2 points;'],
      ['Your newest referral is shown.', 'Your newest 2 referrals are shown, newest first.'],
    ],
    [
      'es',
      ['Tienes 1 punto.', 'Tienes 2 puntos.'],
      ['por 1 punto.', 'por 2 puntos.'],
      ['Tienes 1 punto;', 'Tienes 2 puntos;'],
      ['Se muestra tu referido más reciente.', 'Se muestran tus 2 referidos más recientes,'],
    ],
  ] as const)(
    'gives the redeem dialog’s points and the referrals’ limit their plural forms (%s)',
    async (language, lead, credit, tooMany, limit) => {
      await i18n.changeLanguage(language);
      for (const [index, count] of [1, 2].entries()) {
        const points = String(count);
        expect(i18n.t('rewards.redeemDialog.lead', { count, held: points })).toContain(lead[index]);
        expect(i18n.t('rewards.redeemDialog.credit', { count, points, amount: '$0.01' })).toContain(
          credit[index],
        );
        expect(i18n.t('rewards.redeemDialog.tooMany', { count, held: points })).toContain(tooMany[index]);
        expect(i18n.t('rewards.referredLimit', { count, number: points })).toContain(limit[index]);
      }
    },
  );

  it('says the referrals’ limit in Arabic with the form its number takes (few, many, other)', async () => {
    await i18n.changeLanguage('ar');
    const limit = (count: number) => i18n.t('rewards.referredLimit', { count, number: String(count) });
    expect([1, 2, 5, 12, 500].map(limit)).toEqual([
      'تُعرض أحدث إحالة لك.',
      'تُعرض أحدث إحالتين لك، الأحدث أولاً.',
      'تُعرض أحدث 5 إحالات لك، الأحدث أولاً.',
      'تُعرض أحدث 12 إحالة لك، الأحدث أولاً.',
      'تُعرض أحدث 500 إحالة لك، الأحدث أولاً.',
    ]);
  });

  it('redeems part of the points, checks the number first, and Cancel redeems nothing', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, points_per_dollar: 150 }),
      'POST /api/convert-points': () =>
        json({
          message: '300 points converted to $2.00.',
          converted_points: 300,
          amount: 2,
          loyalty_points: 950,
          balance: 2,
        }),
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem points' }));
    let dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/convert-points')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Redeem points' }));
    dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    const field = within(dialog).getByLabelText('Points to redeem');
    expect(dialog).toHaveTextContent('Rate: 150 points = $1.00.');
    for (const [typed, error] of [
      ['1251', 'You have 1,250 points; you cannot redeem more.'],
      ['1,300', 'You have 1,250 points; you cannot redeem more.'],
      ['12.5', 'Enter a whole number of points.'],
      ['9', 'Redeem at least 10 points.'],
      ['0', 'Redeem at least 10 points.'],
    ]) {
      await user.clear(field);
      await user.type(field, typed!);
      await user.click(within(dialog).getByRole('button', { name: 'Confirm redeem' }));
      expect(within(dialog).getByText(error!)).toBeInTheDocument();
    }
    expect(server.to('POST /api/convert-points')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '301');
    // 301 points at 150 a dollar: $2.00 for 300 points (the last one, under a cent, stays).
    expect(within(dialog).getByTestId('redeem-credit')).toHaveTextContent(
      '$2.00 will be added to your balance for 300 points.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm redeem' }));
    expect(await screen.findByText('300 points converted to $2.00.')).toBeInTheDocument();
    expect(server.to('POST /api/convert-points')[0]?.body).toEqual({ points: 301 });
  });

  it("shows the server's message in a toast when redeeming fails", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json(INFO),
      'POST /api/convert-points': () =>
        json({ message: 'Too many requests. Please wait.', code: 'TOO_MANY_REQUESTS' }, 429),
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm redeem' }));
    expect(await screen.findByText('Too many requests. Please wait.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch referral info.' with a Retry, and the server's message in a toast", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let failing = true;
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () =>
        failing ? json({ message: 'Service unavailable.', code: 'INTERNAL' }, 500) : json(INFO),
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    expect(await screen.findByText('Failed to fetch referral info.')).toBeInTheDocument();
    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Referral link')).toHaveValue(INFO.referral_link);
  });
});
