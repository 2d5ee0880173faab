import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { i18n } from '#i18n/index';
import { storeToken } from '#lib/tokens';
import { AccountDataPanel } from './account-data-panel';

/** jsdom has no object URLs: record what would be saved. */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download });
  });
  return saved;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('Account settings: Download my data', () => {
  it('downloads the archive with the member token and saves it as a zip', async () => {
    storeToken('member', 'token-1');
    const saved = captureDownloads();
    const server = fakeApi({
      'GET /api/account/export': () =>
        new Response('PK-archive', { headers: { 'Content-Type': 'application/zip' } }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management?tab=account', <AccountDataPanel />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await saved[0]!.blob.text()).toBe('PK-archive');
    expect(server.to('GET /api/account/export')[0]!.headers.Authorization).toBe('Bearer token-1');
  });

  it('says so when the download fails, in the reader’s language', async () => {
    captureDownloads();
    fakeApi({ 'GET /api/account/export': () => json({ message: 'Server Error' }, 500) });
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderScreen('/account-management?tab=account', <AccountDataPanel />);
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
  });

  it('names the button in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderScreen('/account-management?tab=account', <AccountDataPanel />);
    expect(screen.getByRole('button', { name: 'تنزيل بياناتي' })).toBeInTheDocument();
  });
});
