// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WEEKLY_HOURS } from '../../../common/domain/scheduling';
import { SCHEDULING_TEXTS, type AvailabilityDto } from '../../../common/schemas/scheduling';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { AvailabilityCard } from './availability-card';

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

const defaults: AvailabilityDto = {
  timeZone: 'UTC',
  weekly: DEFAULT_WEEKLY_HOURS,
  sessionMinutes: 240,
  cancellationWindowHours: 48,
  meetingLink: null,
  exceptions: [],
  saved: false,
};

/** The server: GET answers `dto`; a write answers `write(body)` (the saved availability, or an error). */
function fakeServer(
  dto: AvailabilityDto,
  write: (method: string, body: unknown) => Response = (_method, body) => json({ ...dto, ...(body as object), saved: true }),
) {
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method && init.method !== 'GET' ? write(init.method, init.body ? JSON.parse(String(init.body)) : undefined) : json(dto),
  );
}
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method !== 'GET')
    .map(([url, init]) => [url, init!.method, init!.body ? JSON.parse(String(init!.body)) : undefined]);

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <AvailabilityCard />
      <Toaster />
    </QueryClientProvider>,
  );
const time = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));

describe('AvailabilityCard', () => {
  it('until saved: says these are the defaults, in the browser’s zone; edits are saved with PUT /api/availability', async () => {
    fakeServer(defaults);
    renderCard();
    expect(await screen.findByText(/These are the defaults/)).toBeTruthy();
    expect((screen.getByLabelText('Zone of these hours') as HTMLInputElement).value).toBe('America/Chicago');
    expect(time('Monday, from').value).toBe('09:00');
    expect(time('Friday, until').value).toBe('17:00');
    expect(within(screen.getByRole('group', { name: 'Saturday' })).getByText('Not working')).toBeTruthy();
    expect(screen.getByText('A cancellation later than this before a session is marked late')).toBeTruthy();

    // Monday gets a second period after the first; Friday is dropped; Saturday gets hours until midnight.
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    expect(time('Monday, period 2, from').value).toBe('17:00');
    fireEvent.change(time('Monday, period 2, until'), { target: { value: '19:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Friday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    fireEvent.change(time('Saturday, from'), { target: { value: '20:00' } });
    fireEvent.change(time('Saturday, until'), { target: { value: '00:00' } });
    fireEvent.change(screen.getByLabelText('Default session length'), { target: { value: '480' } });
    fireEvent.change(screen.getByLabelText('Cancellation window (hours)'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('Meeting link'), { target: { value: 'https://meet.example.com/room' } });
    save();

    expect(await screen.findByText('Availability saved')).toBeTruthy();
    expect(writes()).toEqual([
      [
        '/api/availability',
        'PUT',
        {
          timeZone: 'America/Chicago',
          weekly: {
            ...DEFAULT_WEEKLY_HOURS,
            mon: [
              { start: '09:00', end: '17:00' },
              { start: '17:00', end: '19:30' },
            ],
            fri: [],
            sat: [{ start: '20:00', end: '24:00' }],
          },
          sessionMinutes: 480,
          cancellationWindowHours: 24,
          meetingLink: 'https://meet.example.com/room',
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByText(/These are the defaults/)).toBeNull());
    // The midnight end reads back as 00:00.
    expect(time('Saturday, until').value).toBe('00:00');
  });

  it('a schedule that does not hold is refused in one message naming the day, before any call', async () => {
    fakeServer({ ...defaults, saved: true });
    renderCard();
    fireEvent.change(await screen.findByLabelText('Tuesday, from'), { target: { value: '13:00' } });
    fireEvent.change(time('Tuesday, until'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Meeting link'), { target: { value: 'http://meet.example.com' } });
    save();
    expect(await screen.findByText('Tuesday: 13:00–12:00 ends before it starts.')).toBeTruthy();
    expect(screen.getByText(SCHEDULING_TEXTS.meetingLink)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('the server’s field errors go under their fields, the schedule’s under the week, others above Save', async () => {
    const answers = [
      json(
        {
          message: 'Wednesday: 09:00–17:00 overlaps 08:00–10:00.',
          code: 'validation_failed',
          fieldErrors: { weekly: 'Wednesday: 09:00–17:00 overlaps 08:00–10:00.', cancellationWindowHours: SCHEDULING_TEXTS.cancellationWindowHours },
        },
        400,
      ),
      json({ message: 'Only mediators keep availability', code: 'forbidden' }, 403),
    ];
    fakeServer({ ...defaults, saved: true }, () => answers.shift()!);
    renderCard();
    await screen.findByLabelText('Monday, from');
    save();
    expect(await screen.findByText('Wednesday: 09:00–17:00 overlaps 08:00–10:00.')).toBeTruthy();
    const windowField = screen.getByLabelText('Cancellation window (hours)');
    expect(windowField.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(SCHEDULING_TEXTS.cancellationWindowHours)).toBeTruthy();
    save();
    expect(await screen.findByText('Only mediators keep availability')).toBeTruthy();
  });

  it('days off: listed with their notes, added with POST and removed with DELETE', async () => {
    const dto = { ...defaults, saved: true, exceptions: [{ id: 'x1', startDate: '2026-03-05', endDate: '2026-03-09', note: 'Holiday' }] };
    fakeServer(dto, (method, body) => {
      if (method === 'DELETE') return json({ ...dto, exceptions: [] });
      const added = body as { startDate: string; endDate: string; note: string };
      return json({ ...dto, exceptions: [...dto.exceptions, { id: 'x2', ...added }] });
    });
    renderCard();
    expect(await screen.findByText('Mar 05, 2026 – Mar 09, 2026')).toBeTruthy();
    expect(screen.getByText('Holiday')).toBeTruthy();

    const add = screen.getByRole('form', { name: 'Add days off' });
    fireEvent.change(within(add).getByLabelText('From'), { target: { value: '2026-04-10' } });
    // A single day: the last day follows the first.
    expect((within(add).getByLabelText('To') as HTMLInputElement).value).toBe('2026-04-10');
    fireEvent.change(within(add).getByLabelText('Note (optional)'), { target: { value: 'Hearing elsewhere' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText('Apr 10, 2026')).toBeTruthy();
    expect(writes()[0]).toEqual(['/api/availability/exceptions', 'POST', { startDate: '2026-04-10', endDate: '2026-04-10', note: 'Hearing elsewhere' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Mar 05, 2026 – Mar 09, 2026' }));
    await waitFor(() => expect(screen.getByText('No days off.')).toBeTruthy());
    expect(writes()[1]).toEqual(['/api/availability/exceptions/x1', 'DELETE', undefined]);
  });

  it('days off ending before they start are refused under the last day', async () => {
    fakeServer({ ...defaults, saved: true });
    renderCard();
    const add = await screen.findByRole('form', { name: 'Add days off' });
    fireEvent.change(within(add).getByLabelText('To'), { target: { value: '2026-04-01' } });
    fireEvent.change(within(add).getByLabelText('From'), { target: { value: '2026-04-10' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText(SCHEDULING_TEXTS.exceptionOrder)).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});
