import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadElements } from './preload-elements';

function screen(name: string) {
  const preload = vi.fn(() => Promise.resolve());
  function Screen({ children }: { children?: ReactNode; [prop: string]: unknown }) {
    return <div data-name={name}>{children}</div>;
  }
  return Object.assign(Screen, { preload });
}

function Guard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

describe('preloadElements (decision 170)', () => {
  it('loads every screen a route renders: its element, what that wraps, and elements handed as props', async () => {
    const Layout = screen('layout');
    const Deposit = screen('deposit');
    const Page = screen('page');
    const Banner = screen('banner');
    const Plans = screen('plans');
    const Dialog = screen('dialog');
    await preloadElements([
      <Guard key="layout">
        <Layout depositAction={<Deposit />} />
      </Guard>,
      <Page
        key="page"
        setup={
          <Suspense fallback={null}>
            <Banner />
          </Suspense>
        }
        plans={[<Plans key="plans" />]}
        InviteDialog={Dialog}
      />,
      undefined,
    ]);
    for (const loaded of [Layout, Deposit, Page, Banner, Plans])
      expect(loaded.preload).toHaveBeenCalledTimes(1);
    // A dialog handed as a component renders only when opened: it loads then, not with the page.
    expect(Dialog.preload).not.toHaveBeenCalled();
  });

  it('fails when a screen cannot be loaded (the caller falls back to loading it on render)', async () => {
    const Broken = Object.assign(() => null, { preload: () => Promise.reject(new Error('offline')) });
    await expect(preloadElements([<Broken key="b" />])).rejects.toThrow('offline');
  });
});
