import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

interface AdminLoanApplicationList {
  data: { id: number; amount_requested: number; status: string; user: { email: string } }[];
}

async function advanceClock(days: number): Promise<void> {
  await moveServerClock(baseUrl(), { days });
}

describe('loans in a real browser', () => {
  test('Explore → Calculate → Apply → admin approves → balance → schedule → a month later an instalment is paid', async () => {
    const member = await new ApiSession(baseUrl()).registerVerifiedMember('loan');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);

    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Personal Loan' }).waitFor();
    await page.getByText('No loan applications found.').waitFor();
    await expectAccessible(page, '/explore');

    await page.getByRole('button', { name: 'Apply for Personal Loan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Personal Loan' });
    await dialog.getByLabel('Loan Amount').fill('50');
    await dialog.getByLabel('Term (months)').fill('12');
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByText('Amount must be between 100 and 10000').waitFor();
    await expectAccessible(page, 'apply dialog with an error');
    await dialog.getByLabel('Loan Amount').fill('1000');
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    // Spec §5: 1000 × 12% × 12/12 = 120 profit; (1000 + 120) / 12 = 93.33 a month.
    await dialog.getByText('Estimated repayment: $93.33 per month').waitFor();
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await page.getByText('Loan application submitted successfully!').first().waitFor();
    const history = page.getByRole('table', { name: 'Loan Application History' });
    await history.getByText('Pending').waitFor();
    await history.getByText('12 months').waitFor();

    // An operator approves it through the admin API.
    const admin = new ApiSession(baseUrl());
    await admin.signInAdmin();
    const pending = await admin.request<AdminLoanApplicationList>(
      'GET',
      '/api/admin/loan-applications?status=pending&per_page=100',
    );
    const mine = pending.data.find((item) => item.user.email === member.email);
    expect(mine?.amount_requested).toBe(1000);
    await admin.request('POST', `/api/admin/loan-applications/${mine?.id}/approve`, {});

    await page.goto('/dashboard');
    await page.getByTestId('balance').getByText('$1,000').waitFor();

    await page.goto('/explore');
    await history.getByText('Approved').waitFor();
    await page.getByRole('button', { name: 'View schedule of Personal Loan' }).click();
    const loan = page.getByRole('dialog', { name: 'Loan: Personal Loan' });
    const schedule = loan.getByRole('table', { name: 'Repayment schedule' });
    await schedule.waitFor();
    expect(await schedule.getByRole('row').count()).toBe(13);
    await schedule.getByText('$93.37').waitFor();
    await loan.getByRole('button', { name: 'Repay now' }).click();
    await loan.getByText('Repay $1,000.00 now?').waitFor();
    await expectAccessible(page, 'loan detail with the repay confirmation');
    await loan.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Escape');
    await loan.waitFor({ state: 'hidden' });

    // A month passes (in two steps): the first instalment is collected from the balance. The session
    // ends 30 days after sign-in however it is used (decision 216): the member signs in again.
    await advanceClock(16);
    await page.reload();
    await page.getByRole('heading', { name: 'Personal Loan' }).waitFor();
    await advanceClock(16);
    await signIn(page, member.email, member.password);
    await page.goto('/dashboard');
    await page.getByTestId('balance').getByText('$906').waitFor();
    await page.goto('/explore');
    await page.getByRole('button', { name: 'View schedule of Personal Loan' }).click();
    await schedule.getByRole('row').nth(1).getByText('Paid').waitFor();
    await expectAccessible(page, 'loan detail after a payment');

    await page.goto('/activity');
    await page.getByText('Loan instalment 1 paid').first().waitFor();

    // The session that ended while the month passed ends with one 401 (the sign-in page follows).
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await context.close();
  });

  test('the history stacks as cards at 390 px', async () => {
    const api = new ApiSession(baseUrl());
    const member = await api.registerVerifiedMember('loan390');
    await api.signIn(member.email, member.password);
    const plans = await api.request<{ id: number; name: string }[]>('GET', '/api/loan-plans');
    const plan = plans.find((item) => item.name === 'Quick Cash');
    await api.request('POST', '/api/loans/apply', { plan_id: plan?.id, amount_requested: 250, term: 30 });
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/explore');
    const cards = page.getByRole('list', { name: 'Loan Application History' });
    await cards.getByText('Quick Cash').waitFor();
    await cards.getByText('Pending').waitFor();
    await cards.getByText(/30 days/).waitFor();
    expect(await page.getByRole('table', { name: 'Loan Application History' }).isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/explore (390 px)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
