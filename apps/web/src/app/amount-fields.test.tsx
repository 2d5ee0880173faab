import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { storeToken } from '#lib/tokens';
import { PERSONAL_LOAN_PLAN, cataloguePlan } from '../test/catalogue';
import { fakeApi, json } from '../test/fake-api';
import { renderScreen } from '../test/render';
import { WithdrawalDialog } from '../features/account-settings/components/withdrawal-dialog';
import { DepositDialog } from '../features/deposits/components/deposit-dialog';
import { CreateGoalDialog } from '../features/goals/components/create-goal-dialog';
import { InvestDialog } from '../features/investing/components/invest-dialog';
import { ApplyLoanDialog } from '../features/loans/components/apply-loan-dialog';
import { RedeemPointsDialog } from '../features/rewards/components/redeem-points-dialog';

/**
 * Every money field reads an amount as the member writes numbers in the app's language (decision
 * 233): "1.500,50" is fifteen hundred dollars and fifty cents in Spanish, and text that could be read
 * two ways is refused on the field before anything is sent. Whole numbers (a loan's term, points to
 * redeem) are read the same way.
 */

const noop = () => {};
const LOAN_PLAN = { ...PERSONAL_LOAN_PLAN, id: 4 };
const INVEST_PLAN = cataloguePlan({ id: 3, name: 'Growth', min_amount: 100, max_amount: 50_000 });

function serverTaking(path: string, answer: unknown) {
  storeToken('member', null);
  return fakeApi({
    'GET /api/me': () => json({ balance: 90_000, name: 'Ada' }),
    'GET /api/withdrawal-destinations': () => json({ data: [] }),
    'GET /api/plans': () => json([INVEST_PLAN]),
    [`POST ${path}`]: () => json(answer),
  });
}

const posted = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests.filter((request) => request.method === 'POST' && request.path === path);

async function typeAmount(label: string, text: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText(label, { exact: false });
  await user.clear(field);
  await user.type(field, text);
  return user;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('money amounts in the reader’s language', () => {
  it('a Spanish deposit of "1.500,50" sends 1500.50; "1.50" is refused on the field', async () => {
    await i18n.changeLanguage('es');
    const api = serverTaking('/api/deposit', { message: 'ok', deposit: { amount: 1500.5 } });
    renderScreen('/', <DepositDialog open onOpenChange={noop} onBankDetails={noop} />);
    const submit = () => screen.getByRole('button', { name: i18n.t('deposits.dialog.submitGateway') });

    let user = await typeAmount(i18n.t('deposits.dialog.amount'), '1.50');
    await user.click(submit());
    expect(await screen.findByText('Introduce un importe de depósito válido.')).toBeInTheDocument();
    expect(posted(api, '/api/deposit')).toHaveLength(0);

    user = await typeAmount(i18n.t('deposits.dialog.amount'), '1.500,50');
    await user.click(submit());
    await waitFor(() => expect(posted(api, '/api/deposit')).toHaveLength(1));
    expect(posted(api, '/api/deposit')[0]?.body).toMatchObject({ amount: 1500.5 });
  });

  it('an English deposit of "$1,500.50" sends 1500.50; "1,50" and "1.500" are refused', async () => {
    const api = serverTaking('/api/deposit', { message: 'ok', deposit: { amount: 1500.5 } });
    renderScreen('/', <DepositDialog open onOpenChange={noop} onBankDetails={noop} />);
    const submit = () => screen.getByRole('button', { name: i18n.t('deposits.dialog.submitGateway') });

    let user = await typeAmount(i18n.t('deposits.dialog.amount'), '1,50');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid deposit amount.')).toBeInTheDocument();
    // Three decimals are refused as typed, not read as $1.50.
    user = await typeAmount(i18n.t('deposits.dialog.amount'), '1.500');
    await user.click(submit());
    expect(await screen.findByText('Amount may have at most 2 decimals.')).toBeInTheDocument();
    expect(posted(api, '/api/deposit')).toHaveLength(0);

    user = await typeAmount(i18n.t('deposits.dialog.amount'), '$1,500.50');
    await user.click(submit());
    await waitFor(() => expect(posted(api, '/api/deposit')).toHaveLength(1));
    expect(posted(api, '/api/deposit')[0]?.body).toMatchObject({ amount: 1500.5 });
  });

  it('a Spanish withdrawal of "2.000" sends 2000; "1,500" is refused for its decimals', async () => {
    await i18n.changeLanguage('es');
    const api = serverTaking('/api/withdrawal', { message: 'ok', withdrawal: {} });
    renderScreen('/', <WithdrawalDialog open onOpenChange={noop} />);
    let user = await typeAmount(i18n.t('withdrawals.dialog.amount'), '1,500');
    await user.click(screen.getByRole('button', { name: i18n.t('withdrawals.dialog.submit') }));
    expect(await screen.findByText('El importe puede tener como máximo 2 decimales.')).toBeInTheDocument();
    user = await typeAmount(i18n.t('withdrawals.dialog.amount'), '2.000');
    await user.type(
      screen.getByLabelText(i18n.t('withdrawals.dialog.destination'), { exact: false }),
      'IBAN ES91',
    );
    await user.click(screen.getByRole('button', { name: i18n.t('withdrawals.dialog.submit') }));
    await waitFor(() => expect(posted(api, '/api/withdrawal')).toHaveLength(1));
    expect(posted(api, '/api/withdrawal')[0]?.body).toMatchObject({ amount: 2000 });
  });

  it('an Arabic investment of "١٢٣٫٤٥" sends 123.45', async () => {
    await i18n.changeLanguage('ar');
    const api = serverTaking('/api/invest', { message: 'ok' });
    renderScreen('/', <InvestDialog plan={INVEST_PLAN} onOpenChange={noop} />);
    const user = await typeAmount(i18n.t('investing.invest.amount'), '١٢٣٫٤٥');
    await user.click(screen.getByRole('button', { name: i18n.t('investing.invest.submit') }));
    await waitFor(() => expect(posted(api, '/api/invest')).toHaveLength(1));
    expect(posted(api, '/api/invest')[0]?.body).toMatchObject({ plan_id: 3, amount: 123.45 });
  });

  it('a Spanish loan of "1.500" asks for 1500; "1.50" is out of the plan’s range', async () => {
    await i18n.changeLanguage('es');
    const api = serverTaking('/api/loans/apply', { message: 'ok' });
    renderScreen('/', <ApplyLoanDialog plan={LOAN_PLAN} onOpenChange={noop} />);
    const term = () => screen.getByLabelText(i18n.t('loans.apply.term.monthly'), { exact: false });
    let user = await typeAmount(i18n.t('loans.apply.amount'), '1.50');
    await user.type(term(), '12');
    await user.click(screen.getByRole('button', { name: i18n.t('loans.apply.calculate') }));
    expect(
      await screen.findByText(i18n.t('loans.apply.outOfRange', { min: 100, max: 10_000 })),
    ).toBeInTheDocument();

    user = await typeAmount(i18n.t('loans.apply.amount'), '1.500');
    await user.click(screen.getByRole('button', { name: i18n.t('loans.apply.submit') }));
    await waitFor(() => expect(posted(api, '/api/loans/apply')).toHaveLength(1));
    expect(posted(api, '/api/loans/apply')[0]?.body).toMatchObject({ amount_requested: '1500', term: 12 });
  });

  it('an Arabic loan term of "١٢" asks for 12 months', async () => {
    await i18n.changeLanguage('ar');
    const api = serverTaking('/api/loans/apply', { message: 'ok' });
    renderScreen('/', <ApplyLoanDialog plan={LOAN_PLAN} onOpenChange={noop} />);
    const user = await typeAmount(i18n.t('loans.apply.amount'), '٥٠٠');
    await user.type(screen.getByLabelText(i18n.t('loans.apply.term.monthly'), { exact: false }), '١٢');
    await user.click(screen.getByRole('button', { name: i18n.t('loans.apply.submit') }));
    await waitFor(() => expect(posted(api, '/api/loans/apply')).toHaveLength(1));
    expect(posted(api, '/api/loans/apply')[0]?.body).toMatchObject({ amount_requested: '500', term: 12 });
  });

  it('a Spanish redemption of "1.000" points sends 1000; "1,5" is no whole number', async () => {
    await i18n.changeLanguage('es');
    const api = serverTaking('/api/convert-points', {
      message: 'ok',
      converted_points: 1000,
      amount: 10,
      loyalty_points: 250,
      balance: 10,
    });
    renderScreen(
      '/',
      <RedeemPointsDialog open onOpenChange={noop} held={1250} pointsPerDollar={100} numbers="es" />,
    );
    const confirm = () => screen.getByRole('button', { name: i18n.t('rewards.redeemDialog.confirm') });
    let user = await typeAmount(i18n.t('rewards.redeemDialog.points'), '1,5');
    await user.click(confirm());
    expect(await screen.findByText('Escribe un número entero de puntos.')).toBeInTheDocument();
    expect(posted(api, '/api/convert-points')).toHaveLength(0);

    user = await typeAmount(i18n.t('rewards.redeemDialog.points'), '1.000');
    await user.click(confirm());
    await waitFor(() => expect(posted(api, '/api/convert-points')).toHaveLength(1));
    expect(posted(api, '/api/convert-points')[0]?.body).toEqual({ points: 1000 });
  });

  it('a Spanish goal of "5.000" targets 5000', async () => {
    await i18n.changeLanguage('es');
    const api = serverTaking('/api/goals', { message: 'ok', goal: {} });
    renderScreen('/', <CreateGoalDialog open onOpenChange={noop} />);
    const user = await typeAmount(i18n.t('goals.form.target'), '5.000');
    await user.type(screen.getByLabelText(i18n.t('goals.form.name'), { exact: false }), 'Coche');
    await user.selectOptions(await screen.findByLabelText(i18n.t('goals.form.plan'), { exact: false }), '3');
    await user.click(screen.getByRole('button', { name: i18n.t('goals.form.submit') }));
    await waitFor(() => expect(posted(api, '/api/goals')).toHaveLength(1));
    expect(posted(api, '/api/goals')[0]?.body).toMatchObject({ target_amount: '5000', plan_id: 3 });
  });
});
