import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ActivityPage } from './activity-page';

const detail = (values: Record<string, unknown>) => ({
  kind: 'deposit',
  method: null,
  reference: null,
  plan: null,
  instalment: null,
  goal: null,
  ...values,
});

/** Newest first, as the API answers: each row with the balance after it. */
const ITEMS = [
  {
    id: 'entry:3',
    type: 'points_conversion',
    date: '2026-11-22T10:00:00.000Z',
    amount: 12.5,
    balance_after: 222.5,
    points: 1250,
    status: 'completed',
    description: 'Loyalty points redeemed',
    detail: detail({ kind: 'points_conversion' }),
  },
  {
    id: 'entry:2',
    type: 'withdrawal',
    date: '2026-11-21T10:00:00.000Z',
    amount: -40,
    balance_after: 210,
    points: null,
    status: 'pending',
    description: 'Withdrawal by bank transfer',
    detail: detail({ kind: 'withdrawal_hold', method: 'bank_transfer' }),
  },
  {
    id: 'entry:1',
    type: 'deposit',
    date: '2026-11-20T10:00:00.000Z',
    amount: 250,
    balance_after: 250,
    points: null,
    status: 'completed',
    description: 'Deposit via NOWPayments (DEP-1)',
    detail: detail({ method: 'nowpayment', reference: 'DEP-1' }),
  },
  {
    id: 'deposit:7',
    type: 'deposit',
    date: '2026-11-19T10:00:00.000Z',
    amount: null,
    balance_after: null,
    points: null,
    status: 'failed',
    description: 'Deposit via Bank Transfer (DEP-7)',
    detail: detail({ method: 'bank_transfer', reference: 'DEP-7' }),
  },
];

const page = (data: unknown[], current = 1, total = 1) =>
  json({ data, meta: { current_page: current, total_pages: total, total: data.length } });

describe('Activity (spec §2, §8, §9)', () => {
  it("lists each movement signed as it moved the balance, with the balance after it; 'Loyalty Points' for points_conversion", async () => {
    const server = fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByRole('columnheader', { name: 'Balance after' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    const [points, withdrawal, deposit, failed] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(points).getByText('Loyalty Points')).toBeInTheDocument();
    expect(within(points).getByText('+$12.50')).toHaveClass('text-success');
    expect(within(points).getByText('1,250 points')).toBeInTheDocument();
    expect(within(points).getByText('$222.50')).toBeInTheDocument();
    expect(within(withdrawal).getByText('Withdrawal by bank transfer')).toBeInTheDocument();
    expect(within(withdrawal).getByText('−$40.00')).not.toHaveClass('text-success');
    expect(within(withdrawal).getByText('$210.00')).toBeInTheDocument();
    expect(within(deposit).getByText('+$250.00')).toBeInTheDocument();
    expect(within(deposit).getByText('Deposit via NOWPayments (DEP-1)')).toBeInTheDocument();
    // A failed deposit: its status, and no amount (never a green "+$").
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).queryByText(/\$/)).not.toBeInTheDocument();
    expect(within(failed).getAllByText('Nothing credited')).toHaveLength(2);
    expect(within(table).queryByText('points_conversion')).not.toBeInTheDocument();
    expect(server.to('GET /api/activity')[0]?.url).toBe('/api/activity?page=1&per_page=10');
  });

  it('hides every amount and balance under Hide balance', async () => {
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).queryByText(/\$\d/)).not.toBeInTheDocument();
    // Three movements, each its amount and its balance after.
    expect(within(table).getAllByText('******')).toHaveLength(6);
  });

  it('describes the rows and names the types in Spanish and Arabic', async () => {
    await i18n.changeLanguage('es');
    fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    const { unmount } = renderScreen('/activity', <ActivityPage />);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    expect(within(table).getByText('Retiro por transferencia bancaria')).toBeInTheDocument();
    expect(within(table).getByText('Depósito por NOWPayments (DEP-1)')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Saldo después' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Capital devuelto' })).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ar');
    renderScreen('/activity', <ActivityPage />);
    const arabic = await screen.findByRole('table', { name: 'المعاملات' });
    expect(within(arabic).getByText('سحب عبر تحويل بنكي')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'استثمار' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Transactions', 'Date (UTC)', 'Nov 20, 2026', 'Nov 19, 2026'],
    ['es', 'Transacciones', 'Fecha (UTC)', '20 nov 2026', '19 nov 2026'],
    // Arabic's medium date is numeric, with right-to-left marks between its parts.
    ['ar', 'المعاملات', 'التاريخ (UTC)', '20\u200f/11\u200f/2026', '19\u200f/11\u200f/2026'],
  ] as const)(
    'dates each movement by its UTC day, as the filters and statements do, and says so (%s)',
    async (language, caption, header, utcDay, localDay) => {
      const zone = process.env.TZ;
      process.env.TZ = 'America/Los_Angeles';
      try {
        await i18n.changeLanguage(language);
        // 03:00 UTC on 20 November is still the evening of the 19th in Los Angeles.
        fakeApi({ 'GET /api/activity': () => page([{ ...ITEMS[2], date: '2026-11-20T03:00:00.000Z' }]) });
        renderScreen('/activity', <ActivityPage />);
        const table = await screen.findByRole('table', { name: caption });
        expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
        const row = within(table).getAllByRole('row')[1]!;
        expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(utcDay);
        const card = within(screen.getByRole('list', { name: caption })).getByRole('listitem');
        expect(card).toHaveTextContent(`${utcDay} (UTC)`);
        expect(screen.queryByText(new RegExp(localDay))).not.toBeInTheDocument();
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    },
  );

  /** Points conversions of 1, 2, 5, 100 and 1,250 points. */
  const COUNTED = [1, 2, 5, 100, 1250].map((points) => ({
    ...ITEMS[0]!,
    id: `entry:points-${points}`,
    amount: points / 100,
    points,
  }));

  it.each([
    ['en', 'Transactions', ['1 point', '2 points', '5 points', '100 points', '1,250 points']],
    ['es', 'Transacciones', ['1 punto', '2 puntos', '5 puntos', '100 puntos', '1250 puntos']],
    // Arabic: one, two, few (3–10), other (100) and many (1,250: 11–99 past the hundreds).
    ['ar', 'المعاملات', ['نقطة واحدة', 'نقطتان', '5 نقاط', '100 نقطة', '1,250 نقطة']],
  ] as const)('counts the points of a row with their plural form (%s)', async (language, caption, points) => {
    await i18n.changeLanguage(language);
    fakeApi({ 'GET /api/activity': () => page(COUNTED) });
    renderScreen('/activity', <ActivityPage />);
    const table = await screen.findByRole('table', { name: caption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/\d|نقط/, { selector: '.text-xs' }).textContent)).toEqual(
      points,
    );
  });

  it.each([
    ['en', 'Transactions', '+$12.50', '−$40.00'],
    ['es', 'Transacciones', '+12,50 US$', '−40,00 US$'],
    // Arabic: the sign inside the number's left-to-right run, after the marks the locale gives it,
    // never before them.
    ['ar', 'المعاملات', '\u2066\u200f\u200e+12.50 US$\u2069', '\u2066\u200f\u200e−40.00 US$\u2069'],
  ] as const)(
    'signs each amount where the reader’s locale puts the sign (%s)',
    async (language, caption, credit, debit) => {
      await i18n.changeLanguage(language);
      fakeApi({ 'GET /api/activity': () => page(ITEMS) });
      renderScreen('/activity', <ActivityPage />);
      const table = await screen.findByRole('table', { name: caption });
      const [points, withdrawal] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
      expect(within(points).getByText(credit)).toHaveClass('text-success');
      expect(within(withdrawal).getByText(debit)).not.toHaveClass('text-success');
    },
  );

  it('offers every type in the filter, investments included', async () => {
    fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    await screen.findByRole('table', { name: 'Transactions' });
    const options = within(screen.getByLabelText('Type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'All types',
      'Deposit',
      'Withdrawal',
      'Investment',
      'Principal returned',
      'Earning',
      'Reinvestment',
      'Loan',
      'Loan Payment',
      'Loyalty Points',
      'Refund',
      'Adjustment',
    ]);
  });

  it('sends the filters as the query and starts again at page 1', async () => {
    const server = fakeApi({
      'GET /api/activity': (request) => {
        const current = Number(request.query.get('page'));
        return page([{ ...ITEMS[0], id: `deposit:${current}` }], current, 3);
      },
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    const pages = await screen.findByRole('navigation', { name: 'Transaction pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'points_conversion');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const last = server.to('GET /api/activity').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      type: 'points_conversion',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: '1',
      per_page: '10',
    });
    expect(screen.getByRole('option', { name: 'Loyalty Points' })).toBeInTheDocument();
  });

  it('does not ask with an end date before the start date, and says why', async () => {
    const server = fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    await screen.findByRole('table', { name: 'Transactions' });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(server.to('GET /api/activity').map((request) => request.query.get('end_date'))).not.toContain(
      '2026-11-10',
    );
  });

  it.each([
    // A year still being typed, and a day before the range the API takes.
    [
      'en',
      '0002-11-20',
      'Start date',
      'Enter a date from 1900-01-01 to 2100-12-31.',
      'Correct the dates above to see and download your transactions.',
      'Download CSV',
    ],
    [
      'es',
      '1899-12-31',
      'Fecha de inicio',
      'Introduce una fecha entre el 1900-01-01 y el 2100-12-31.',
      'Corrige las fechas de arriba para ver y descargar tus transacciones.',
      'Descargar CSV',
    ],
  ])(
    'says on the start field why it cannot use its date, and why the list is gone (%s)',
    async (language, value, label, problem, notice, download) => {
      await i18n.changeLanguage(language);
      const server = fakeApi({ 'GET /api/activity': () => page(ITEMS) });
      renderScreen('/activity', <ActivityPage />);
      await screen.findByRole('table');
      const start = screen.getByLabelText(label);
      fireEvent.change(start, { target: { value } });
      await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
      expect(start).toHaveAccessibleDescription(problem);
      expect(screen.getByText(notice)).toBeVisible();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: download })).toBeDisabled();
      expect(server.to('GET /api/activity').map((request) => request.query.get('start_date'))).not.toContain(
        value,
      );

      fireEvent.change(start, { target: { value: '2026-11-01' } });
      expect(await screen.findByRole('table')).toBeInTheDocument();
      expect(start).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(notice)).not.toBeInTheDocument();
    },
  );

  it("says 'No transactions found.' for an empty list", async () => {
    fakeApi({ 'GET /api/activity': () => page([]) });
    renderScreen('/activity', <ActivityPage />);
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to fetch transactions', with Retry", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/activity': () => {
        calls += 1;
        return calls === 1
          ? json({ message: 'Enter a date as YYYY-MM-DD.', code: 'VALIDATION' }, 400)
          : new Response('', { status: 404 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    expect(await screen.findByText('Enter a date as YYYY-MM-DD.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument();
  });
});
