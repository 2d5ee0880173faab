import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ActivityPage } from './activity-page';

const EMPTY = json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 } });
const CSV =
  'date,type,description,amount_usd,points,status,id\r\n2026-03-02T09:00:00.000Z,deposit,x,100.00,,confirmed,deposit:1\r\n';

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

afterEach(() => vi.restoreAllMocks());

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('Activity: Download CSV', () => {
  it('downloads the statement of the current filters, opened on the type a link names', async () => {
    const saved = captureDownloads();
    const server = fakeApi({
      'GET /api/activity': () => EMPTY.clone(),
      'GET /api/activity/export': () =>
        new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const user = userEvent.setup();
    renderScreen('/activity?type=deposit', <ActivityPage />);
    expect(await screen.findByRole('combobox', { name: 'Type' })).toHaveValue('deposit');
    await user.type(screen.getByLabelText('Start date'), '2026-03-01');
    // A dated filter is sent once the API's schema (loaded after the first paint) has checked it.
    const download = screen.getByRole('button', { name: 'Download CSV' });
    await vi.waitFor(() => expect(download).toBeEnabled());
    await user.click(download);

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const request = server.to('GET /api/activity/export')[0];
    expect(request?.query.get('type')).toBe('deposit');
    expect(request?.query.get('start_date')).toBe('2026-03-01');
    expect(request?.query.has('end_date')).toBe(false);
    expect(saved[0]?.name).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readText(saved[0]!.blob)).toBe(CSV);
  });

  it('says so when the download fails', async () => {
    captureDownloads();
    fakeApi({
      'GET /api/activity': () => EMPTY.clone(),
      'GET /api/activity/export': () => new Response('', { status: 500 }),
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Failed to download the statement.')).toBeInTheDocument();
  });

  it('is disabled while the dates are wrong', async () => {
    fakeApi({ 'GET /api/activity': () => EMPTY.clone() });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    await user.type(await screen.findByLabelText('Start date'), '2026-03-05');
    await user.type(screen.getByLabelText('End date'), '2026-03-01');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
