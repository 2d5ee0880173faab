import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_CLOSE_DELAY_MS } from '@app/shared/constants';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { PublicHeader } from './public-header';

const MARKETS = {
  vs_currency: 'usd',
  stale: false,
  updated_at: '2026-11-01T10:00:00.000Z',
  data: [
    {
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      image: '/coins/bitcoin.svg',
      current_price: 70_000,
      price_change_percentage_24h: 2.345,
      market_cap: 1,
      circulating_supply: 1,
    },
    {
      id: 'ethereum',
      name: 'Ethereum',
      symbol: 'eth',
      image: '/coins/ethereum.svg',
      current_price: null,
      price_change_percentage_24h: null,
      market_cap: null,
      circulating_supply: null,
    },
    {
      id: 'binancecoin',
      name: 'BNB',
      symbol: 'bnb',
      image: '/coins/binancecoin.svg',
      current_price: 600,
      price_change_percentage_24h: -1.5,
      market_cap: 1,
      circulating_supply: 1,
    },
    {
      id: 'tether',
      name: 'Tether',
      symbol: 'usdt',
      image: '/coins/tether.svg',
      current_price: 1,
      price_change_percentage_24h: 0,
      market_cap: 1,
      circulating_supply: 1,
    },
  ],
};

function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('the public navigation bar', () => {
  it('is transparent at the top and turns dark past 10 px of scrolling', async () => {
    fakeApi({});
    setScroll(0);
    renderScreen('/', <PublicHeader />);
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header).toHaveClass('bg-transparent');
    setScroll(10);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    setScroll(11);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('backdrop-blur-md');
    setScroll(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('opens a menu on hover and closes it 100 ms after the pointer leaves', async () => {
    fakeApi({});
    renderScreen('/', <PublicHeader />);
    const personal = await screen.findByRole('button', { name: 'Personal' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const item = personal.closest('li') as HTMLElement;

    fireEvent.mouseEnter(item);
    expect(personal).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Fixed-term savings/ })).toHaveAttribute(
      'href',
      '/personal#fixed-term',
    );

    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1);
    });
    expect(personal).toHaveAttribute('aria-expanded', 'true');
    // Coming back in time keeps it open.
    fireEvent.mouseEnter(item);
    act(() => {
      vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS * 3);
    });
    expect(personal).toHaveAttribute('aria-expanded', 'true');

    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS);
    });
    expect(personal).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Fixed-term savings/ })).not.toBeInTheDocument();
  });

  it('works with the keyboard: the button toggles its menu, Escape closes it and returns focus', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen('/', <PublicHeader />);
    const company = await screen.findByRole('button', { name: 'Company' });
    company.focus();
    await user.keyboard('{Enter}');
    expect(company).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(company.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByRole('link', { name: /Careers/ })).toHaveAttribute(
      'href',
      '/careers',
    );
    await user.tab();
    expect(within(panel as HTMLElement).getByRole('link', { name: /About us/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(company).toHaveAttribute('aria-expanded', 'false');
    expect(company).toHaveFocus();
    // Opening another menu closes the first: one at a time.
    await user.click(company);
    await user.click(screen.getByRole('button', { name: 'Business' }));
    expect(company).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows live prices of the four assets in the Markets menu, a dash for a missing figure', async () => {
    const server = fakeApi({ 'GET /api/markets': () => json(MARKETS) });
    const user = userEvent.setup();
    renderScreen('/', <PublicHeader />);
    await user.click(await screen.findByRole('button', { name: 'Markets' }));
    const list = await screen.findByTestId('nav-markets');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Bitcoin.*\$70,000\.00.*\+2\.35%/),
      expect.stringMatching(/Ethereum.*—.*—/),
      expect.stringMatching(/BNB.*\$600\.00.*-1\.50%/),
      expect.stringMatching(/Tether.*\$1\.00.*0\.00%/),
    ]);
    expect(list.textContent).not.toContain('NaN');
    const call = server.requests.find((request) => request.path === '/api/markets');
    expect(call).toBeDefined();
  });

  it('has a Menu button that opens the collapsible menu with every section, log in and sign up', async () => {
    fakeApi({ 'GET /api/markets': () => json(MARKETS) });
    const user = userEvent.setup();
    renderScreen('/', <PublicHeader />, ['/business']);
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    for (const name of ['Personal', 'Business', 'Markets', 'Company']) {
      expect(within(panel).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(panel).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await user.click(within(panel).getByRole('link', { name: 'Business accounts' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/business');
  });
});
