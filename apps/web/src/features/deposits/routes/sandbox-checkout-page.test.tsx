import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { routes } from '../../../app/routes';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

function renderCheckout(path: string) {
  return renderRoutes(
    [
      { path: '/sandbox/checkout/:id', element: <SandboxCheckoutPage /> },
      { path: '/dashboard', element: <p>screen /dashboard</p> },
    ],
    path,
  );
}

const CHECKOUT = { id: 12, amount: 25.5, payment_method: 'nowpayment', currency: 'btc', status: 'pending' };

describe('sandbox checkout (DESIGN §6)', () => {
  it('shows what is paid and that no real money moves; Pay goes to the redirect_url', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/sandbox/checkout/12': () => json(CHECKOUT),
      'POST /api/sandbox/checkout/12/pay': () =>
        json({ status: 'confirmed', redirect_url: '/dashboard?deposit=12' }),
    });
    const user = userEvent.setup();
    renderCheckout('/sandbox/checkout/12');
    expect(await screen.findByText('$25.50')).toBeInTheDocument();
    expect(screen.getByText('NOWPayments')).toBeInTheDocument();
    expect(screen.getByText('Bitcoin (BTC)')).toBeInTheDocument();
    expect(screen.getByText('Sandbox — no real money moves')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $25.50' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(screen.getByTestId('search')).toHaveTextContent('?deposit=12');
    const pay = server.to('POST /api/sandbox/checkout/12/pay')[0];
    expect(pay?.headers.Authorization).toBe('Bearer 1|secret');
    expect(server.to('POST /api/sandbox/checkout/12/cancel')).toHaveLength(0);
  });

  it('Cancel abandons the payment and goes back', async () => {
    const server = fakeApi({
      'GET /api/sandbox/checkout/12': () => json(CHECKOUT),
      'POST /api/sandbox/checkout/12/cancel': () =>
        json({ status: 'failed', redirect_url: '/dashboard?deposit=12' }),
    });
    const user = userEvent.setup();
    renderCheckout('/sandbox/checkout/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(server.to('POST /api/sandbox/checkout/12/pay')).toHaveLength(0);
  });

  it('says when the payment is no longer open', async () => {
    fakeApi({
      'GET /api/sandbox/checkout/12': () => json({ ...CHECKOUT, status: 'confirmed' }),
    });
    renderCheckout('/sandbox/checkout/12');
    expect(
      await screen.findByText('This payment is no longer open (status: Confirmed).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says the page does not exist for an unknown payment', async () => {
    fakeApi({});
    renderCheckout('/sandbox/checkout/99');
    expect(
      await screen.findByText('This payment page does not exist, or sandbox payments are off.'),
    ).toBeInTheDocument();
  });

  it('is for the signed-in member: a signed-out visitor goes to the sign-in without reading the payment', async () => {
    const server = fakeApi({
      'GET /api/me': () => json({ message: 'Not authenticated', code: 'UNAUTHENTICATED' }, 401),
      'GET /api/sandbox/checkout/12': () => json(CHECKOUT),
    });
    renderRoutes(routes, '/sandbox/checkout/12');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), {
      timeout: 10_000,
    });
    expect(server.to('GET /api/sandbox/checkout/12')).toHaveLength(0);
  }, 20_000);

  it('says "not found" to a member who opens another member’s payment (the API answers 404)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/sandbox/checkout/12': () => json({ message: 'Deposit not found.', code: 'NOT_FOUND' }, 404),
    });
    renderRoutes(routes, '/sandbox/checkout/12');
    expect(
      await screen.findByText(
        'This payment page does not exist, or sandbox payments are off.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  }, 20_000);
});
