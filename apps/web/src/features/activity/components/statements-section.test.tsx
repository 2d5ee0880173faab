import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, hang, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { i18n } from '#i18n/index';
import { storeToken } from '#lib/tokens';
import { StatementsSection } from './statements-section';

const MONTHS = ['2026-11', '2026-10', '2026-09'].map((month) => ({ month }));
const PDF = '%PDF-1.3 statement';

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

describe('Activity: Statements', () => {
  it('lists the months newest first and downloads a month as PDF or CSV with the member token', async () => {
    storeToken('member', 'token-1');
    const saved = captureDownloads();
    const server = fakeApi({
      'GET /api/statements': () => json({ data: MONTHS }),
      'GET /api/statements/2026-10': (request) =>
        request.query.get('format') === 'csv'
          ? new Response('section,date\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const user = userEvent.setup();
    renderScreen('/activity', <StatementsSection />);
    const section = await screen.findByRole('region', { name: 'Statements' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/2026/).textContent)).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
    ]);

    await user.click(screen.getByRole('button', { name: 'Download the PDF statement for October 2026' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('statement-2026-10.pdf');
    expect(await saved[0]!.blob.text()).toBe(PDF);
    const [request] = server.to('GET /api/statements/2026-10');
    expect(request!.query.get('format')).toBe('pdf');
    expect(request!.headers.Authorization).toBe('Bearer token-1');

    await user.click(screen.getByRole('button', { name: 'Download the CSV statement for October 2026' }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('statement-2026-10.csv');
  });

  it('says so when a download fails', async () => {
    captureDownloads();
    fakeApi({
      'GET /api/statements': () => json({ data: MONTHS }),
      'GET /api/statements/2026-11': () => json({ message: 'Server error' }, 500),
    });
    const user = userEvent.setup();
    renderScreen('/activity', <StatementsSection />);
    await user.click(
      await screen.findByRole('button', { name: 'Download the PDF statement for November 2026' }),
    );
    expect(await screen.findByText('Failed to download the statement.')).toBeInTheDocument();
  });

  it('shows loading, then an error with a way to load again, then the months', async () => {
    let fail = true;
    fakeApi({
      'GET /api/statements': () =>
        fail ? json({ message: 'down' }, 500) : json({ data: MONTHS.slice(0, 1) }),
    });
    const user = userEvent.setup();
    renderScreen('/activity', <StatementsSection />);
    expect(screen.getByRole('status', { name: 'Loading statements' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your statements.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reload statements' }));
    expect(await screen.findByText('November 2026')).toBeInTheDocument();
  });

  it('says when there is no statement yet', async () => {
    fakeApi({ 'GET /api/statements': () => json({ data: [] }) });
    renderScreen('/activity', <StatementsSection />);
    expect(await screen.findByText('No statements yet.')).toBeInTheDocument();
  });

  it('shows twelve months, then earlier ones on request', async () => {
    const many = Array.from({ length: 14 }, (_, index) => ({
      month: `2025-${String(12 - index).padStart(2, '0')}`,
    })).filter(({ month }) => month >= '2025-01');
    many.unshift({ month: '2026-02' }, { month: '2026-01' });
    fakeApi({ 'GET /api/statements': () => json({ data: many }) });
    const user = userEvent.setup();
    renderScreen('/activity', <StatementsSection />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Show earlier months' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Show earlier months' })).not.toBeInTheDocument();
  });

  it.each([
    ['es', 'Extractos', /^noviembre de 2026$/],
    ['ar', 'كشوف الحساب', /^نوفمبر (2026|٢٠٢٦)$/],
  ] as const)('is in the UI language (%s)', async (language, title, month) => {
    await i18n.changeLanguage(language);
    fakeApi({ 'GET /api/statements': () => json({ data: MONTHS.slice(0, 1) }) });
    renderScreen('/activity', <StatementsSection />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(month)).toBeInTheDocument();
  });

  it('keeps the spinner while the list is on its way', () => {
    fakeApi({ 'GET /api/statements': hang });
    renderScreen('/activity', <StatementsSection />);
    expect(screen.getByRole('status', { name: 'Loading statements' })).toBeInTheDocument();
  });
});
