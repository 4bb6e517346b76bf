// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_TEXTS } from '../../../common/schemas/scheduling';
import { queryClient } from '../../lib/query-client';
import { TimeZoneCard } from './time-zone-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubEnv('TZ', 'America/Chicago');
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const renderCard = (current: string | null) =>
  render(
    <QueryClientProvider client={queryClient}>
      <TimeZoneCard current={current} />
    </QueryClientProvider>,
  );

describe('TimeZoneCard', () => {
  it('someone without a saved zone is offered the browser’s; saving it says where dates are shown', async () => {
    fetchMock.mockImplementation(async (_url, init) => json({ timeZone: JSON.parse(String(init!.body)).timeZone }));
    renderCard(null);
    const input = screen.getByLabelText('Time zone') as HTMLInputElement;
    expect(input.value).toBe('America/Chicago');
    expect(screen.getByText('Your browser is set to America/Chicago: save it, or choose another.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Dates are shown in Asia/Tokyo.')).toBeTruthy();
    expect(screen.getByText('Currently Asia/Tokyo. Your browser is set to America/Chicago.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init!.method, JSON.parse(String(init!.body))]).toEqual(['/api/profile/time-zone', 'PUT', { timeZone: 'Asia/Tokyo' }]);
  });

  it('a name that is not a zone is refused under the field, without a call', async () => {
    renderCard(null);
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText(SCHEDULING_TEXTS.timeZone)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the saved zone is the current one; a server refusal is shown in words', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Too many requests, try again in a minute', code: 'rate_limited' }, 429));
    renderCard('Europe/Paris');
    const input = (await screen.findByLabelText('Time zone')) as HTMLInputElement;
    expect(input.value).toBe('Europe/Paris');
    expect(screen.getByText('Currently Europe/Paris. Your browser is set to America/Chicago.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Too many requests, try again in a minute')).toBeTruthy();
    expect(screen.queryByText(/Dates are shown in/)).toBeNull();
  });
});
