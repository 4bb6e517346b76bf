// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '../../../common/schemas/admin-analytics';
import { AnalyticsOverview } from './analytics-overview';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const analyticsUrls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/admin/analytics');

const day = (date: string, n: number) => ({
  date,
  totalMediatorSignups: n,
  totalLawyerSignups: 2 * n,
  totalMediationsSubmitted: n,
  totalMediationsMatched: n,
  totalRevenue: `${n * 100}.00`,
  totalForPlatform: `${n * 10}.00`,
  totalForMediators: `${n * 90}.00`,
  activeUsers: n * 600,
  heldInEscrow: `${n * 50}.00`,
});

const ANALYTICS: Analytics = {
  startDate: '2026-03-01',
  endDate: '2026-03-02',
  timeZone: 'UTC',
  totalMediatorSignups: 3,
  totalLawyerSignups: 12,
  totalMediationsSubmitted: 7,
  totalMediationsMatched: 5,
  totalRevenue: '1075.50',
  totalForPlatform: '150.00',
  totalForMediators: '925.50',
  activeUsers: 1234,
  heldInEscrow: '3200.00',
  series: [day('2026-03-01', 1), day('2026-03-02', 2)],
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json(ANALYTICS));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = new Date('2026-03-31T12:00:00Z');

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AnalyticsOverview now={NOW} />
    </QueryClientProvider>,
  );
}

const card = (label: string) => screen.getByText(label).parentElement as HTMLElement;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('AnalyticsOverview', () => {
  it('asks for the last 30 days in the browser time zone by default', async () => {
    renderOverview();
    expect(screen.getByLabelText('Start date')).toHaveProperty('value', '2026-03-01');
    expect(screen.getByLabelText('End date')).toHaveProperty('value', '2026-03-31');
    await waitFor(() => expect(analyticsUrls()).toHaveLength(1));
    const params = analyticsUrls()[0].searchParams;
    expect(params.get('startDate')).toBe('2026-03-01');
    expect(params.get('endDate')).toBe('2026-03-31');
    expect(params.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("shows the eight figures in the spec's order, money as dollars", async () => {
    renderOverview();
    await screen.findByText('1,234');
    const labels = within(screen.getByRole('list', { name: 'Figures for the range' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(labels).toEqual([
      'Mediator Signups',
      'Lawyer Signups',
      'Mediations Submitted',
      'Mediations Matched',
      'Total Revenue',
      'Platform Revenue',
      'Mediator Payouts',
      'Active Users',
    ]);
    expect(card('Mediator Signups').textContent).toContain('3');
    expect(card('Lawyer Signups').textContent).toContain('12');
    expect(card('Total Revenue').textContent).toContain('$1,075.50');
    expect(card('Platform Revenue').textContent).toContain('$150');
    expect(card('Mediator Payouts').textContent).toContain('$925.50');
    expect(card('Active Users').textContent).toContain('1,234');
  });

  it('says under Total Revenue what it counts and how much of it is still held in escrow', async () => {
    renderOverview();
    await screen.findByText('1,234');
    const revenue = card('Total Revenue');
    expect(revenue.textContent).toContain('Charged to cards in this range, less refunds.');
    expect(revenue.textContent).toContain('$3,200 of those charges is still held in escrow.');
    // The other cards carry no such line.
    expect(card('Platform Revenue').textContent).not.toContain('escrow');
  });

  it('says so when nothing of the range is held any more', async () => {
    fetchMock.mockImplementation(async () => json({ ...ANALYTICS, heldInEscrow: '0.00' }));
    renderOverview();
    await screen.findByText('1,234');
    expect(card('Total Revenue').textContent).toContain('None of those charges is still held in escrow.');
  });

  it('loads the charts chunk once the figures arrive, with a readable image and table per chart', async () => {
    renderOverview();
    // Before the figures arrive the charts' chunk is not rendered at all: only its placeholder.
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(screen.getByRole('status', { name: 'Loading charts' })).toBeTruthy();
    const images = await screen.findAllByRole('img');
    expect(images.map((img) => img.getAttribute('aria-labelledby') && img.querySelector('title')?.textContent)).toEqual([
      'Signups',
      'Mediations',
      'Revenue',
      'Active users',
    ]);
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day' });
    expect(within(revenueTable).getByRole('row', { name: /2026-03-02/ }).textContent).toContain('$200');
  });

  it('labels the y-axes in round steps: dollars for money, whole counts with thousands separators', async () => {
    renderOverview();
    await screen.findAllByRole('img');
    const axis = (title: string) =>
      [...screen.getByText(title, { selector: 'figcaption' }).closest('figure')!.querySelector('[data-testid="y-axis"]')!.children]
        .filter((label) => !label.classList.contains('invisible'))
        .map((label) => label.textContent);
    expect(axis('Revenue')).toEqual(['$0', '$50', '$100', '$150', '$200']); // daily peak $200
    expect(axis('Active users')).toEqual(['0', '500', '1,000', '1,500']); // daily peak 1,200
    expect(axis('Signups')).toEqual(['0', '1', '2', '3', '4']); // daily peak 4 lawyers
  });

  it('refuses a start after the end or a range over 366 days, and does not ask the server', async () => {
    renderOverview();
    await waitFor(() => expect(analyticsUrls()).toHaveLength(1));

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-04-02' } });
    expect(await screen.findByText('The start date must be on or before the end date')).toBeTruthy();
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-30' } });
    expect(await screen.findByText('The range can span at most 366 days')).toBeTruthy();
    expect(screen.queryByText('The start date must be on or before the end date')).toBeNull();
    expect(analyticsUrls()).toHaveLength(1);

    // 2025-03-31 to 2026-03-31 is exactly 366 days, both ends included.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-31' } });
    await waitFor(() => expect(analyticsUrls()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(analyticsUrls()[1].searchParams.get('startDate')).toBe('2025-03-31');
  });

  it("shows the server's refusal with a way to try again", async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Unknown time zone', code: 'validation_failed' }, 400));
    renderOverview();
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown time zone');
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('is accessible with its figures and charts (axe)', async () => {
    renderOverview();
    await screen.findAllByRole('img');
    expect(await axeViolations()).toEqual([]);
  });
});
