import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUBLIC_PAGES } from '@app/shared/constants';
import { i18n } from '#i18n/index';
import { routes } from '../../../app/routes';
import { CATALOGUE, cataloguePlan } from '../../../test/catalogue';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';

/** The catalogue with its business plans: two open, one closed. */
const WITH_BUSINESS = [
  ...CATALOGUE,
  cataloguePlan({
    id: 11,
    name: 'Business Reserve',
    category: 'business',
    apy_bps: 1000,
    locked_apy_bps: 1100,
    duration_days: 90,
    min_amount: 1_000,
  }),
  cataloguePlan({
    id: 12,
    name: 'Business Growth',
    category: 'business',
    apy_bps: 1400,
    locked_apy_bps: 1550,
    duration_days: 365,
    min_amount: 25_000,
  }),
  cataloguePlan({ id: 13, name: 'Business Legacy', category: 'business', status: 'inactive' }),
];

describe('the public pages', () => {
  it("/about: 'About {sitename}' with Sign up and the spec's sections", async () => {
    fakeApi({});
    renderRoutes(routes, '/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Test Platform' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Sign up' }))
      expect(link).toHaveAttribute('href', '/signup');
    for (const name of ['Who We Are', 'Core Focus Areas', 'Our Vision', 'Our Mission', 'Our Services']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const name of ['Crypto Trading', 'Crypto Staking', 'Crypto Mining']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.title).toBe('Test Platform | About'));
  });

  it('/personal: Grow Your Portfolio and Manage Your Assets with their anchors', async () => {
    fakeApi({});
    renderRoutes(routes, '/personal#fixed-term');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Grow Your Portfolio' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Manage Your Assets' })).toBeInTheDocument();
    for (const id of ['flexible', 'fixed-term', 'dual-investment', 'manage-assets']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    for (const name of ['Exchange', 'Credit Line', 'Futures']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.getElementById('fixed-term')).toHaveFocus());
  });

  it('/plans for a visitor: the catalogue’s open personal plans with Invest Now to /signup', async () => {
    fakeApi({ 'GET /api/plans': () => json(CATALOGUE) });
    renderRoutes(routes, '/plans');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Starter' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Growth' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Prime' })).toBeInTheDocument();
    const invest = screen.getAllByRole('link', { name: /Invest Now/ });
    expect(invest.map((link) => link.getAttribute('href'))).toEqual(['/signup', '/signup', '/signup']);
    expect(screen.queryByRole('heading', { level: 3, name: 'Automated Trading' })).not.toBeInTheDocument();
    expect(screen.getByText('Rates up to 16% APR · start with $250')).toBeInTheDocument();
  });

  it('/plans in Arabic: terms with their plural forms, the yield labelled, no figure the catalogue does not pay', async () => {
    fakeApi({ 'GET /api/plans': () => json(CATALOGUE) });
    await i18n.changeLanguage('ar');
    renderRoutes(routes, '/plans');
    const growth = (await screen.findByRole('heading', { level: 3, name: 'Growth' }, { timeout: 3000 }))
      .parentElement!;
    expect(growth).toHaveTextContent(`${new Intl.NumberFormat('ar').format(6)} أشهر`);
    expect(growth).toHaveTextContent('عائد سنوي بسيط');
    const prime = screen.getByRole('heading', { level: 3, name: 'Prime' }).parentElement!;
    expect(prime).toHaveTextContent(`${new Intl.NumberFormat('ar').format(12)} شهرًا`);
    expect(screen.getByRole('heading', { level: 3, name: 'Starter' }).parentElement).toHaveTextContent('مرن');
  });

  it('/plans says so when the catalogue cannot be read, and reads it again on Try again', async () => {
    let down = true;
    fakeApi({ 'GET /api/plans': () => (down ? json({ message: 'x' }, 503) : json(CATALOGUE)) });
    const user = userEvent.setup();
    renderRoutes(routes, '/plans');
    expect(
      await screen.findByText('The plans could not be loaded right now.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Prime' })).toBeInTheDocument();
  });

  it('/business-plans: the catalogue’s open business plans with their rate and term, no invented plan', async () => {
    fakeApi({ 'GET /api/plans': () => json(WITH_BUSINESS) });
    renderRoutes(routes, '/business-plans');
    const reserve = (
      await screen.findByRole('heading', { level: 3, name: 'Business Reserve' }, { timeout: 3000 })
    ).closest('li')!;
    expect(reserve).toHaveTextContent('10%APR');
    expect(reserve).toHaveTextContent('11% APR when locked');
    expect(reserve).toHaveTextContent('90 days');
    expect(reserve).toHaveTextContent('$1,000');
    const growth = screen.getByRole('heading', { level: 3, name: 'Business Growth' }).closest('li')!;
    expect(growth).toHaveTextContent('14%APR');
    expect(growth).toHaveTextContent('12 months');
    const invest = screen.getAllByRole('link', { name: /Invest Now/ });
    expect(invest.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Invest Now: Business Reserve plan',
      'Invest Now: Business Growth plan',
    ]);
    for (const link of invest) expect(link).toHaveAttribute('href', '/signup');
    // Neither the closed plan, nor the personal ones, nor plans the catalogue does not have.
    expect(document.body).not.toHaveTextContent(/Business Legacy|Starter|Business (Flexible|Fixed|Premium)/);
    // Nor a service the product does not give: business plans are open to every account.
    expect(document.body).not.toHaveTextContent(/account manager|verified corporate accounts/);
    expect(document.body).toHaveTextContent('Personal and corporate accounts can both invest in them.');
  });

  it('/business-plans says so when no business plan is open, in Spanish and Arabic too', async () => {
    fakeApi({ 'GET /api/plans': () => json(CATALOGUE) });
    const { unmount } = renderRoutes(routes, '/business-plans');
    expect(
      await screen.findByText('There are no business plans open at the moment.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Invest Now/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(/Business (Flexible|Fixed|Premium)/);
    unmount();
    await i18n.changeLanguage('es');
    const spanish = renderRoutes(routes, '/business-plans');
    expect(
      await screen.findByText(
        'En este momento no hay planes para empresas disponibles.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    spanish.unmount();
    await i18n.changeLanguage('ar');
    renderRoutes(routes, '/business-plans');
    expect(
      await screen.findByText('لا توجد خطط للشركات متاحة في الوقت الحالي.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('/business-plans shows placeholders while the catalogue loads, and Try again when it fails', async () => {
    let open = () => undefined as void;
    const answered = new Promise<void>((resolve) => (open = resolve));
    let down = true;
    fakeApi({
      'GET /api/plans': async () => {
        await answered;
        return down ? json({ message: 'x' }, 503) : json(WITH_BUSINESS);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/business-plans');
    const loading = await screen.findByRole('list', { name: 'Loading plans…' }, { timeout: 3000 });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    open();
    expect(await screen.findByText('The plans could not be loaded right now.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Business Growth' })).toBeInTheDocument();
  });

  it.each([
    ['/business', 'Crypto treasury for your company'],
    ['/business-plans', 'Business plans'],
    ['/business-support', 'Business support'],
    ['/careers', 'Build the future of saving'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('%s has its own content', async (path, title) => {
    fakeApi({ 'GET /api/plans': () => json(WITH_BUSINESS) });
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
  });

  it('links only to pages that exist: every footer and menu link is a public route', async () => {
    fakeApi({});
    renderRoutes(routes, '/careers');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 3000 });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'));
    expect(hrefs.length).toBeGreaterThan(12);
    for (const href of hrefs) {
      expect(PUBLIC_PAGES).toContain(href.split('#')[0]);
    }
    await waitFor(() =>
      expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Test Platform. All rights reserved.`),
    );
    expect(footer).toHaveTextContent('Crypto-assets are volatile.');
  });
});
