import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';

/** The providers as a fresh module: the toast container, once loaded, is kept for the page's life. */
async function renderProviders() {
  vi.resetModules();
  const { AppProviders } = await import('./providers');
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the toasts', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
  });

  it('on the app shell, show once the browser is idle, without waiting for the visitor', async () => {
    await renderProviders();
    toast('Saved while loading');
    expect(await screen.findByText('Saved while loading', undefined, { timeout: 5000 })).toBeVisible();
  });

  it('on a prerendered page, load only after the visitor acts, and keep a toast raised before', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = 'en';
    document.body.append(root);
    await renderProviders();
    toast('Raised before any action');
    // Idle comes 200 ms after load in jsdom (no requestIdleCallback): well past it, nothing yet.
    await sleep(1000);
    expect(screen.queryByText('Raised before any action')).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByText('Raised before any action', undefined, { timeout: 5000 })).toBeVisible();
  });
});
