import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PUBLIC_PAGES } from '@app/shared/constants';
import { routes } from '../../../app/routes';
import { fakeApi } from '../../../test/fake-api';
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

  it('/plans for a visitor: Starter, Growth and Prime with Invest Now to /signup', async () => {
    fakeApi({});
    renderRoutes(routes, '/plans');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Starter' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Growth' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Prime' })).toBeInTheDocument();
    const invest = screen.getAllByRole('link', { name: /Invest Now/ });
    expect(invest.map((link) => link.getAttribute('href'))).toEqual(['/signup', '/signup', '/signup']);
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
