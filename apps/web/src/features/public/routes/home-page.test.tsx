import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apyBpsFromApr } from '@app/shared/compounding';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { CATALOGUE } from '../../../test/catalogue';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { HomePage } from './home-page';

const item = (id: string, name: string, price: number | null, change: number | null) => ({
  id,
  name,
  symbol: id.slice(0, 3),
  image: `/coins/${id}.svg`,
  current_price: price,
  price_change_percentage_24h: change,
  market_cap: price === null ? null : price * 1_000_000,
  circulating_supply: 1,
});

const markets = (stale: boolean, vs = 'usd') => ({
  vs_currency: vs,
  stale,
  updated_at: '2026-11-01T10:00:00.000Z',
  data: [
    item('bitcoin', 'Bitcoin', 70_000, 2.345),
    item('ethereum', 'Ethereum', 3_600, -1.5),
    item('binancecoin', 'BNB', null, null),
    item('usd-coin', 'USDC', 1, 0),
  ],
});

describe('the home page', () => {
  it('has every block of the spec in order, with its calls to action', { timeout: 20_000 }, async () => {
    fakeApi({ 'GET /api/markets': () => json(markets(false)), 'GET /api/plans': () => json(CATALOGUE) });
    renderScreen('/', <HomePage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Put your crypto to work' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'About Test Platform' }, { timeout: 3000 });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'About Test Platform',
      'Grow, save and borrow in one place',
      'Live prices',
      'Why people choose Test Platform',
      'Everything you own, at a glance',
      'Find the plan that fits you',
      'Build Wealth with Crypto',
      'From sign-up to earnings in five steps',
      'Start small or go premium',
      'Create an Account',
      // the footer's columns
      'Personal',
      'Business',
      'Company',
      'Legal',
      'Follow Us',
    ]);
    expect(screen.getAllByRole('link', { name: /Sign Up/ })[0]).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/signup');
    // The referral slide's call (the slider shows one slide at a time).
    expect(screen.getByRole('link', { name: 'Create your account', hidden: true })).toHaveAttribute(
      'href',
      '/signup',
    );
    const invest = await screen.findAllByRole('link', { name: /Invest Now/ });
    expect(invest).toHaveLength(3);
    for (const link of invest) expect(link).toHaveAttribute('href', '/signup');
    expect(document.querySelectorAll('#how-it-works ol > li')).toHaveLength(5);
    expect(screen.getByText('Example')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Test Platform | Home'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('staking'),
    );
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Test Platform | Home',
    );
  });

  it('leads a signed-in member to the dashboard, not to sign up, once the session is confirmed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/markets': () => json(markets(false)),
      'GET /api/plans': () => json(CATALOGUE),
    });
    renderScreen('/', <HomePage />);
    const hero = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(await within(hero).findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const banner = screen
      .getByRole('heading', { level: 2, name: 'Build Wealth with Crypto' })
      .closest('section')!;
    expect(within(banner).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const closing = screen.getByRole('heading', { level: 2, name: 'Welcome back' }).closest('section')!;
    expect(within(closing).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The referral slide's call (the slider shows one slide at a time): the member's referral link.
    expect(screen.getByRole('link', { name: 'Invite friends', hidden: true })).toHaveAttribute(
      'href',
      '/rewards',
    );
    const invest = await screen.findAllByRole('link', { name: /Invest Now/ });
    expect(invest).toHaveLength(3);
    for (const link of invest) expect(link).toHaveAttribute('href', '/dashboard');
    // No call to sign up or create an account is left, in the header or the page.
    expect(
      screen.queryByRole('link', { name: /Sign Up|Get Started|Create an Account|Create your account/ }),
    ).toBeNull();
    // (The header keeps its hidden Sign Up for its room, decision 173; the page itself has none.)
    expect(screen.getByRole('main').querySelectorAll('a[href="/signup"]')).toHaveLength(0);
  });

  it('keeps the visitor’s calls when the stored token is refused, and says Go to Dashboard in Spanish and Arabic', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|revoked');
    const server = fakeApi({
      'GET /api/me': () => json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401),
      'GET /api/markets': () => json(markets(false)),
      'GET /api/plans': () => json(CATALOGUE),
    });
    const refused = renderScreen('/', <HomePage />);
    await waitFor(() => expect(server.to('GET /api/me')).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    const hero = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(hero).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    refused.unmount();

    for (const [language, text] of [
      ['es', 'Ir al panel'],
      ['ar', 'انتقل إلى لوحة التحكم'],
    ] as const) {
      window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
      fakeApi({
        'GET /api/me': () => json(USER),
        'GET /api/markets': () => json(markets(false)),
        'GET /api/plans': () => json(CATALOGUE),
      });
      await i18n.changeLanguage(language);
      const { unmount } = renderScreen('/', <HomePage />);
      const links = await screen.findAllByRole('link', { name: text });
      expect(links).toHaveLength(3);
      for (const link of links) expect(link).toHaveAttribute('href', '/dashboard');
      unmount();
    }
  });

  it('claims in the hero only what the catalogue pays: its highest open rate as APR and its lowest minimum', async () => {
    fakeApi({ 'GET /api/markets': () => json(markets(false)), 'GET /api/plans': () => json(CATALOGUE) });
    renderScreen('/', <HomePage />);
    const hero = screen.getByRole('heading', { level: 1 }).parentElement!;
    // Prime's 16% when locked is the highest rate a public card shows: Automated Trading's 21% (a category no
    // public page lists) and the closed Mining plan's 30% and $50 do not count.
    expect(await within(hero).findByText('Rates up to 16% APR · start with $250')).toBeInTheDocument();
    expect(hero).not.toHaveTextContent(/APY|18%|\$100\b/);
    // The cards are the catalogue's open personal plans, each with its own rate, term and minimum.
    const cards = await screen.findAllByRole('link', { name: /Invest Now/ });
    expect(cards.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Invest Now: Starter plan',
      'Invest Now: Growth plan',
      'Invest Now: Prime plan',
    ]);
    const growth = cards[1]!.closest('li')!;
    expect(growth).toHaveTextContent('11%APR');
    expect(growth).toHaveTextContent('12.5% APR when locked');
    expect(growth).toHaveTextContent('6 months');
    expect(growth).toHaveTextContent('$5,000');
    expect(document.body).not.toHaveTextContent(/8% to 35%|35% a month/);
    // APY appears only as what reinvesting the card's own APR daily gives (decision 192):
    // (1 + 11%/365)^365 − 1 = 11.63%.
    expect(growth).toHaveTextContent(`${apyBpsFromApr(1100) / 100}% APY with earnings reinvested`);
    expect(apyBpsFromApr(1100)).toBe(1163);
    const apyClaims = document.body.textContent?.match(/[\d.]+% APY[^%]*?reinvested/g) ?? [];
    expect(apyClaims).toHaveLength(document.body.textContent?.match(/APY/g)?.length ?? 0);
  });

  it('shows live prices of four assets, a dash (never NaN) for a missing figure', async () => {
    const server = fakeApi({ 'GET /api/markets': () => json(markets(false)) });
    renderScreen('/', <HomePage />);
    const table = await screen.findByRole('table', { name: /Live prices/ });
    await within(table).findByText('Bitcoin');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Bitcoin.*\$70,000\.00.*\+2\.35%/),
      expect.stringMatching(/Ethereum.*\$3,600\.00.*-1\.50%/),
      expect.stringMatching(/BNB.*—.*—/),
      expect.stringMatching(/USDC.*\$1\.00.*0\.00%/),
    ]);
    expect(table.textContent).not.toContain('NaN');
    const call = server.requests.find((request) => request.path === '/api/markets');
    expect(call).toBeDefined();
  });

  it('says when prices are delayed, and offers Retry when they cannot be loaded', async () => {
    let down = true;
    fakeApi({ 'GET /api/markets': () => (down ? json({ message: 'x' }, 503) : json(markets(true))) });
    const user = userEvent.setup();
    renderScreen('/', <HomePage />);
    expect(
      await screen.findByText('Prices are unavailable right now. Please try again in a moment.'),
    ).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Prices may be delayed\. Last updated/)).toBeInTheDocument();
  });

  it('asks for prices in the chosen display currency and formats them for it', async () => {
    window.localStorage.setItem('currency', 'EUR');
    const server = fakeApi({ 'GET /api/markets': () => json(markets(false, 'eur')) });
    renderScreen('/', <HomePage />);
    const table = await screen.findByRole('table', { name: /Live prices/ });
    expect(await within(table).findByText('€70,000.00')).toBeInTheDocument();
    const call = server.requests.find((request) => request.path === '/api/markets');
    expect(call).toBeDefined();
  });
});
