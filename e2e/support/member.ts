import type { Page } from 'playwright-core';
import { ApiSession } from './api-session';
import { baseUrl } from './browser';

/** A verified member with `amount` dollars paid in through the sandbox gateway (the real flow). */
export async function fundedMember(amount: number, emailPrefix = 'member') {
  const session = new ApiSession(baseUrl());
  const credentials = await session.registerVerifiedMember(emailPrefix);
  await session.signIn(credentials.email, credentials.password);
  const deposit = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
    amount,
    payment_method: 'nowpayment',
  });
  await session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
  return { session, ...credentials };
}

/** Signs a member in through the login screen, as a person does, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
}

/** True when nothing scrolls sideways. */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
