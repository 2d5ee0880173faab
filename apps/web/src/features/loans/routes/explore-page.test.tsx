import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAN_LIST_LIMIT } from '@app/shared/constants';
import { addLoanIntervals } from '@app/shared/loans';
import type { LoanApplication, LoanDetail, LoanPlan } from '@app/shared/schemas/loans';
import { i18n } from '#i18n/index';
import { PERSONAL_LOAN_PLAN } from '../../../test/catalogue';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ExplorePage } from './explore-page';

const personal = PERSONAL_LOAN_PLAN;
const custom: LoanPlan = {
  ...personal,
  id: 2,
  name: 'Custom',
  change: 'Ask us',
  duration: null,
  profit_rate: null,
  profit_interval: null,
};

function application(overrides: Partial<LoanApplication>): LoanApplication {
  return {
    id: 1,
    plan_id: 1,
    plan_name: 'Personal Loan',
    amount_requested: 1000,
    term: 12,
    profit_interval: 'monthly',
    status: 'pending',
    reason: null,
    loan_id: null,
    date: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

function loanDetail(overrides: Partial<LoanDetail> = {}): LoanDetail {
  const schedule = Array.from({ length: 12 }, (_, i) => ({
    number: i + 1,
    due_date: addLoanIntervals('2026-03-02', 'monthly', i + 1),
    amount: i === 11 ? 93.37 : 93.33,
    principal: i === 11 ? 83.37 : 83.33,
    interest: 10,
    paid_principal: i === 0 ? 83.33 : 0,
    paid_interest: i === 0 ? 10 : 0,
    outstanding: i === 0 ? 0 : i === 11 ? 93.37 : 93.33,
    status: i === 0 ? ('paid' as const) : ('scheduled' as const),
    paid_at: i === 0 ? '2026-04-02T00:00:00.000Z' : null,
  }));
  return {
    id: 9,
    application_id: 1,
    plan_id: 1,
    plan_name: 'Personal Loan',
    principal: 1000,
    profit: 120,
    total: 1120,
    term: 12,
    profit_interval: 'monthly',
    rate: 12,
    change: '12% monthly',
    status: 'active',
    disbursed_at: '2026-03-02T09:00:00.000Z',
    completed_at: null,
    paid_principal: 83.33,
    paid_interest: 10,
    waived_interest: 0,
    outstanding_principal: 916.67,
    outstanding_interest: 110,
    next_due_date: '2026-05-02',
    next_due_amount: 93.33,
    overdue: false,
    overdue_amount: 0,
    days_past_due: 0,
    payoff_amount: 916.67,
    payoff_waived_interest: 110,
    schedule,
    payments: [],
    ...overrides,
  };
}

const summary = ({ schedule: _schedule, payments: _payments, ...loan }: LoanDetail) => loan;

/** Explore, then "View schedule of Personal Loan": the loan's dialog. */
async function openLoan(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  renderScreen('/explore', <ExplorePage />);
  await user.click(await screen.findByRole('button', { name: 'View schedule of Personal Loan' }));
  return screen.findByRole('dialog', { name: 'Loan: Personal Loan' });
}

/** POST /api/loans/9/repay's answer. */
const repaidAnswer = () =>
  json({ message: 'Loan repaid in full.', loan: loanDetail({ status: 'completed' }) });

describe('Explore (spec §2, §5, §8)', () => {
  it('shows plan cards with the range, the rate or N/A and the duration or Varies', async () => {
    fakeApi({
      'GET /api/loan-plans': () => json([personal, custom]),
      'GET /api/loan-applications': () => json([]),
      'GET /api/loans': () => json([]),
    });
    renderScreen('/explore', <ExplorePage />);
    expect(await screen.findByRole('heading', { name: 'Personal Loan' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Personal Loan' }).closest('div')!.parentElement!;
    expect(card).toHaveTextContent('$100.00 to $10,000.00');
    expect(card).toHaveTextContent('12% a year, repaid monthly');
    expect(card).not.toHaveTextContent('12% monthly');
    expect(card).toHaveTextContent('24 months');
    const other = screen.getByRole('heading', { name: 'Custom' }).closest('div')!.parentElement!;
    expect(other).toHaveTextContent('N/A');
    expect(other).toHaveTextContent('Varies');
    expect(await screen.findByText('No loan applications found.')).toBeInTheDocument();
    expect(screen.getByText('You have no loans yet.')).toBeInTheDocument();
  });

  it("says 'No loan plans available.' when there are none", async () => {
    fakeApi({
      'GET /api/loan-plans': () => json([]),
      'GET /api/loan-applications': () => json([]),
      'GET /api/loans': () => json([]),
    });
    renderScreen('/explore', <ExplorePage />);
    expect(await screen.findByText('No loan plans available.')).toBeInTheDocument();
  });

  it('says under a list with the server’s limit of closed rows that only the newest closed are shown, in three languages (decision 219)', async () => {
    // The server answers every open loan and application and the newest LOAN_LIST_LIMIT closed ones:
    // closed ones newest first, then an older open one (a pending application, a loan being repaid).
    let closed = LOAN_LIST_LIMIT - 1;
    const ids = () => Array.from({ length: closed }, (_, i) => closed + 1 - i);
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () =>
        json([
          ...ids().map((id) => application({ id, status: 'completed', loan_id: id })),
          application({ id: 1, status: 'pending', amount_requested: 250 }),
        ]),
      'GET /api/loans': () =>
        json([
          ...ids().map((id) => summary(loanDetail({ id, application_id: id, status: 'completed' }))),
          summary(loanDetail({ id: 1, application_id: 1 })),
        ]),
    });
    // Fifty rows, one of them open: not at the limit of closed ones, so no note.
    const shorter = renderScreen('/explore', <ExplorePage />);
    expect(await screen.findAllByRole('button', { name: 'View schedule of Personal Loan' })).toHaveLength(
      LOAN_LIST_LIMIT,
    );
    expect(screen.queryByText(/newest/)).not.toBeInTheDocument();
    shorter.unmount();

    closed = LOAN_LIST_LIMIT;
    const full = renderScreen('/explore', <ExplorePage />);
    expect(
      await screen.findByText(
        `Every loan you are still repaying is shown here, with your ${LOAN_LIST_LIMIT} newest completed ones. “Download my data” in Account settings has them all.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Every pending application is shown here, with your ${LOAN_LIST_LIMIT} newest decided or withdrawn ones. “Download my data” in Account settings has them all.`,
      ),
    ).toBeInTheDocument();
    // The older open ones are there to act on: the active loan's schedule, the pending one's cancel.
    expect(screen.getAllByRole('button', { name: 'View schedule of Personal Loan' })).toHaveLength(
      LOAN_LIST_LIMIT + 1,
    );
    expect(screen.getAllByText('Active')).not.toHaveLength(0);
    expect(
      screen.getAllByRole('button', { name: 'Cancel the application for $250.00 from Personal Loan' }),
    ).not.toHaveLength(0);
    full.unmount();

    await i18n.changeLanguage('es');
    const spanish = renderScreen('/explore', <ExplorePage />);
    expect(
      await screen.findByText(
        `Aquí se muestran todos los préstamos que aún estás pagando y tus ${LOAN_LIST_LIMIT} préstamos completados más recientes. “Descargar mis datos”, en Ajustes de la cuenta, los incluye todos.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Aquí se muestran todas tus solicitudes pendientes y tus ${LOAN_LIST_LIMIT} solicitudes resueltas o retiradas más recientes. “Descargar mis datos”, en Ajustes de la cuenta, las incluye todas.`,
      ),
    ).toBeInTheDocument();
    spanish.unmount();

    await i18n.changeLanguage('ar');
    renderScreen('/explore', <ExplorePage />);
    expect(
      await screen.findByText(
        `تظهر هنا كل القروض التي ما زلت تسددها وأحدث ${LOAN_LIST_LIMIT} من قروضك المكتملة. تجدها كلها في “تنزيل بياناتي” ضمن إعدادات الحساب.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `تظهر هنا كل طلباتك قيد الانتظار وأحدث ${LOAN_LIST_LIMIT} من طلباتك المبتّ فيها أو المسحوبة. تجدها كلها في “تنزيل بياناتي” ضمن إعدادات الحساب.`,
      ),
    ).toBeInTheDocument();
  });

  // The screen shows the note at LOAN_LIST_LIMIT (50) only; the forms its texts take for other limits.
  it.each([
    [
      'en',
      ['your newest completed one.', 'your 2 newest completed ones.'],
      ['your newest decided or withdrawn one.', 'your 2 newest decided or withdrawn ones.'],
    ],
    [
      'es',
      ['tu préstamo completado más reciente.', 'tus 2 préstamos completados más recientes.'],
      [
        'tu solicitud resuelta o retirada más reciente.',
        'tus 2 solicitudes resueltas o retiradas más recientes.',
      ],
    ],
    [
      'ar',
      ['وأحدث قرض من قروضك المكتملة.', 'وأحدث قرضين من قروضك المكتملة.'],
      ['وأحدث طلب من طلباتك المبتّ فيها', 'وأحدث طلبين من طلباتك المبتّ فيها'],
    ],
  ] as const)(
    'says the limit of the closed rows with its plural form (%s)',
    async (language, loans, applications) => {
      await i18n.changeLanguage(language);
      for (const [index, count] of [1, 2].entries()) {
        expect(i18n.t('loans.mine.newestOnly', { count, number: String(count) })).toContain(loans[index]);
        expect(i18n.t('loans.history.newestOnly', { count, number: String(count) })).toContain(
          applications[index],
        );
      }
    },
  );

  it('Calculate checks inline and shows the estimate per month; Apply Now toasts errors, then applies and reloads the history', async () => {
    let applied = false;
    const server = fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () => json(applied ? [application({})] : []),
      'GET /api/loans': () => json([]),
      'POST /api/loans/apply': () => {
        applied = true;
        return json(
          { message: 'Loan application submitted successfully!', application: application({}) },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    await user.click(await screen.findByRole('button', { name: 'Apply for Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Personal Loan' });
    expect(dialog).toHaveTextContent('Rate 12% a year, repaid monthly.');
    const amount = within(dialog).getByLabelText('Loan Amount');
    const term = within(dialog).getByLabelText('Term (months)');

    await user.type(amount, '50');
    await user.type(term, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText('Amount must be between 100 and 10000')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '1000');
    await user.clear(term);
    await user.type(term, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText('Please enter a valid term.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Apply Now' }));
    expect(
      await screen.findByText('Please enter a valid term.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(server.to('POST /api/loans/apply')).toHaveLength(0);

    await user.clear(term);
    await user.type(term, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText('Estimated repayment: $93.33 per month')).toBeInTheDocument();
    expect(within(dialog).getByText('Last payment: $93.37')).toBeInTheDocument();
    expect(within(dialog).getByText('Interest $120.00, total to repay $1,120.00.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Apply Now' }));
    expect(await screen.findByText('Loan application submitted successfully!')).toBeInTheDocument();
    // Spec §9: the loan screen's toasts close after 4000 ms (the progress bar runs that long).
    const bar = document.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('4000ms');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/loans/apply')[0]?.body).toEqual({
      plan_id: 1,
      amount_requested: '1000',
      term: 12,
    });
    const table = await screen.findByRole('table', { name: 'Loan Application History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Loan Plan', 'Amount Requested', 'Term', 'Status', 'Date', 'Actions']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Personal Loan$1,000.0012 monthsPending');
  });

  it('Calculate refuses a term over the plan’s limit with its unit, as Apply would, and estimates at the limit', async () => {
    const daily: LoanPlan = {
      ...personal,
      id: 3,
      name: 'Quick Loan',
      change: '0.5% daily',
      duration: 90,
      profit_rate: 0.5,
      profit_interval: 'daily',
    };
    const server = fakeApi({
      'GET /api/loan-plans': () => json([personal, daily]),
      'GET /api/loan-applications': () => json([]),
      'GET /api/loans': () => json([]),
    });
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    await user.click(await screen.findByRole('button', { name: 'Apply for Quick Loan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Apply for Quick Loan' });
    await user.type(within(dialog).getByLabelText('Loan Amount'), '1000');
    const term = within(dialog).getByLabelText('Term (days)');
    await user.type(term, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText('The term can be at most 90 days.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Estimated repayment/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply Now' }));
    expect(
      await screen.findByText('The term can be at most 90 days.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(server.to('POST /api/loans/apply')).toHaveLength(0);

    await user.clear(term);
    await user.type(term, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText(/Estimated repayment: .* per day/)).toBeInTheDocument();
    expect(within(dialog).queryByText('The term can be at most 90 days.')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The monthly plan's limit, in months.
    await user.click(screen.getByRole('button', { name: 'Apply for Personal Loan' }));
    dialog = await screen.findByRole('dialog', { name: 'Apply for Personal Loan' });
    await user.type(within(dialog).getByLabelText('Loan Amount'), '1000');
    await user.type(within(dialog).getByLabelText('Term (months)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(within(dialog).getByText('The term can be at most 24 months.')).toBeInTheDocument();
  });

  it('shows the server’s message in a toast when applying fails; Escape closes the dialog', async () => {
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () => json([]),
      'GET /api/loans': () => json([]),
      'POST /api/loans/apply': () =>
        json(
          { message: 'You already have a pending application for this plan.', code: 'BUSINESS_RULE' },
          422,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    await user.click(await screen.findByRole('button', { name: 'Apply for Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Personal Loan' });
    await user.type(within(dialog).getByLabelText('Loan Amount'), '500');
    await user.type(within(dialog).getByLabelText('Term (months)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Now' }));
    expect(
      await screen.findByText('You already have a pending application for this plan.'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("lists the history with 'Unknown Plan', 'Not Available', the terms in the plan's unit and the status colours", async () => {
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loans': () => json([]),
      'GET /api/loan-applications': () =>
        json([
          application({ id: 4, status: 'approved', loan_id: 9 }),
          application({ id: 3, plan_name: null, profit_interval: null, status: 'rejected', term: 1 }),
          application({ id: 2, date: 'not a date', status: 'completed', profit_interval: 'daily', term: 30 }),
          application({ id: 1, status: 'withdrawn' }),
        ]),
    });
    renderScreen('/explore', <ExplorePage />);
    const table = await screen.findByRole('table', { name: 'Loan Application History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveTextContent('Unknown Plan');
    expect(rows[1]).toHaveTextContent('1 month');
    expect(rows[2]).toHaveTextContent('30 days');
    expect(rows[2]).toHaveTextContent('Not Available');
    const tone = (row: HTMLElement) => row.querySelector('[data-tone]')?.getAttribute('data-tone');
    expect(rows.map(tone)).toEqual(['success', 'danger', 'info', 'neutral']);
    // The stacked cards of small screens hold the same rows.
    expect(screen.getAllByText('Unknown Plan')).toHaveLength(2);
  });

  it("says why a rejected application was rejected, the chosen reason in the reader's language", async () => {
    const words = 'Apply again after three months.';
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loans': () => json([]),
      'GET /api/loan-applications': () =>
        json([
          application({ id: 2, status: 'rejected', reason: `Not enough account history — ${words}` }),
          application({ id: 1, status: 'pending' }),
        ]),
    });
    const english = renderScreen('/explore', <ExplorePage />);
    const table = await screen.findByRole('table', { name: 'Loan Application History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(`Not enough account history — ${words}`);
    expect(rows[1]).not.toHaveTextContent(words);
    english.unmount();

    await i18n.changeLanguage('es');
    renderScreen('/explore', <ExplorePage />);
    const spanish = await screen.findByRole('table', { name: 'Historial de solicitudes de préstamo' });
    expect(within(spanish).getAllByRole('row')[1]).toHaveTextContent(
      `Historial de cuenta insuficiente — ${words}`,
    );
  });

  it('opens a loan with its schedule and repays it after a confirmation with the exact amount', async () => {
    let repaid = false;
    const server = fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () => json([application({ status: 'approved', loan_id: 9 })]),
      'GET /api/loans': () => json([summary(loanDetail(repaid ? { status: 'completed' } : {}))]),
      'GET /api/loans/9': () =>
        json(
          loanDetail(
            repaid
              ? { status: 'completed', payoff_amount: 0, waived_interest: 110, paid_principal: 1000 }
              : {},
          ),
        ),
      'POST /api/loans/9/repay': () => {
        repaid = true;
        return repaidAnswer();
      },
    });
    const user = userEvent.setup();
    const dialog = await openLoan(user);
    expect(dialog).not.toHaveTextContent('Interest waived');
    const schedule = await within(dialog).findByRole('table', { name: 'Repayment schedule' });
    // The dialog is narrower than the table can be: it scrolls sideways in a named, focusable region
    // rather than overflow the dialog's edge (and hides below sm, where the cards show).
    const region = within(dialog).getByRole('region', { name: 'Repayment schedule' });
    expect(region).toContainElement(schedule);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto', 'max-sm:hidden');
    expect(within(dialog).getByRole('list', { name: 'Repayment schedule' })).toHaveClass('sm:hidden');
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('$93.33$83.33$10.00Paid');
    expect(rows[11]).toHaveTextContent('$93.37$83.37$10.00Scheduled');
    expect(dialog).toHaveTextContent('Still owed$1,026.67');
    await user.click(within(dialog).getByRole('button', { name: 'Repay now' }));
    expect(within(dialog).getByText('Repay $916.67 now?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'This pays the outstanding principal of $916.67 and $0.00 of interest already due. The interest of instalments not yet due ($110.00) is waived.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Repay $916.67' }));
    expect(await screen.findByText('Loan repaid in full.')).toBeInTheDocument();
    // The figure the member confirmed goes with the request: the server takes that or nothing.
    expect(server.to('POST /api/loans/9/repay')).toMatchObject([{ body: { expected_amount: 916.67 } }]);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Repay now' })).not.toBeInTheDocument(),
    );
    // The interest it did not charge is said beside the interest of the schedule.
    await waitFor(() => expect(dialog).toHaveTextContent('Interest waived by repaying early$110.00'));
  });

  it('says the loan is repaid even when the loan reloads as completed before the rest of the page', async () => {
    let repaid = false;
    let answerApplications = () => {};
    const applicationsWait = new Promise<void>((resolve) => {
      answerApplications = resolve;
    });
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': async () => {
        // After the repayment, the history answers only once the repay panel is gone.
        if (repaid) await applicationsWait;
        return json([application({ status: repaid ? 'completed' : 'approved', loan_id: 9 })]);
      },
      'GET /api/loans': () => json([summary(loanDetail(repaid ? { status: 'completed' } : {}))]),
      'GET /api/loans/9': () => json(loanDetail(repaid ? { status: 'completed', payoff_amount: 0 } : {})),
      'POST /api/loans/9/repay': () => {
        repaid = true;
        return repaidAnswer();
      },
    });
    const user = userEvent.setup();
    const dialog = await openLoan(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Repay now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Repay $916.67' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Repay $916.67' })).not.toBeInTheDocument(),
    );
    answerApplications();
    expect(await screen.findByText('Loan repaid in full.')).toBeInTheDocument();
  });

  it('when the amount changed before the confirmation, says so and shows the new amount to confirm', async () => {
    let payoff = 916.67;
    const server = fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () => json([application({ status: 'approved', loan_id: 9 })]),
      'GET /api/loans': () => json([summary(loanDetail({ payoff_amount: payoff }))]),
      'GET /api/loans/9': () => json(loanDetail({ payoff_amount: payoff })),
      'POST /api/loans/9/repay': () => {
        payoff = 926.67;
        const message = 'The amount to repay has changed. Check the new amount and confirm again.';
        return json({ message, code: 'CONFLICT', errors: { expected_amount: [message] } }, 409);
      },
    });
    const user = userEvent.setup();
    const dialog = await openLoan(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Repay now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Repay $916.67' }));
    expect(
      await screen.findByText('The amount to repay has changed. Check the new amount and confirm again.'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Repay $926.67' })).toBeInTheDocument();
    expect(server.to('POST /api/loans/9/repay')).toHaveLength(1);
  });

  it('shows an overdue loan with its days past due', async () => {
    fakeApi({
      'GET /api/loan-plans': () => json([personal]),
      'GET /api/loan-applications': () => json([]),
      'GET /api/loans': () =>
        json([summary(loanDetail({ overdue: true, overdue_amount: 88.33, days_past_due: 3 }))]),
      'GET /api/loans/9': () => json(loanDetail({ overdue: true, overdue_amount: 88.33, days_past_due: 3 })),
    });
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    expect(await screen.findByText('Overdue 3 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View schedule of Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan: Personal Loan' });
    expect(await within(dialog).findByText(/Overdue: \$88\.33 is 3 days past due/)).toBeInTheDocument();
  });
});

describe('Explore in Spanish and Arabic', () => {
  it('shows the rate, the duration and the description in the language, with no stored English', async () => {
    const weekly: LoanPlan = {
      ...personal,
      id: 3,
      name: 'Weekly',
      change: '5% weekly',
      duration: 4,
      profit_rate: 5,
      profit_interval: 'weekly',
    };
    fakeApi({
      'GET /api/loan-plans': () => json([personal, weekly]),
      'GET /api/loan-applications': () => json([application({ term: 12 })]),
      'GET /api/loans': () => json([]),
    });
    await i18n.changeLanguage('es');
    const first = renderScreen('/explore', <ExplorePage />);
    const card = (await screen.findByRole('heading', { name: 'Personal Loan' })).closest(
      'div',
    )!.parentElement!;
    expect(card).toHaveTextContent('12 % al año, con pagos mensuales');
    expect(card).toHaveTextContent('24 meses');
    expect(card).toHaveTextContent('Un préstamo personal. Se devuelve en cuotas mensuales.');
    expect(card).not.toHaveTextContent('Equal monthly instalments.');
    first.unmount();

    await i18n.changeLanguage('ar');
    renderScreen('/explore', <ExplorePage />);
    const arabic = (await screen.findByRole('heading', { name: 'Weekly' })).closest('div')!.parentElement!;
    expect(arabic).toHaveTextContent('سنويًا، تُسدَّد أسبوعيًا');
    expect(arabic).toHaveTextContent(`${new Intl.NumberFormat('ar').format(4)} أسابيع`);
    expect(arabic).not.toHaveTextContent('weekly');
    expect(
      await screen.findAllByText(`${new Intl.NumberFormat('ar').format(12)} شهرًا`, { exact: false }),
    ).not.toHaveLength(0);
  });
});
