import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUBLIC_PAGES } from '@app/shared/constants';
import { i18n } from '#i18n/index';
import { routes } from '../../../app/routes';
import { CATALOGUE } from '../../../test/catalogue';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';

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
    expect(screen.getByText('Rates up to 21% APR · start with $250')).toBeInTheDocument();
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

  it.each([
    ['/business', 'Crypto treasury for your company'],
    ['/business-plans', 'Business plans'],
    ['/business-support', 'Business support'],
    ['/careers', 'Build the future of saving'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('%s has its own content', async (path, title) => {
    fakeApi({});
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
