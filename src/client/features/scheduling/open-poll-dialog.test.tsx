// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, dateIn } from '../../../common/domain/date-range';
import { SCHEDULING_TEXTS } from '../../../common/schemas/scheduling';
import { queryClient } from '../../lib/query-client';
import { REQUEST_ID, scheduling, session, ZONE } from './scheduling.fixture';
import { fetchMock, json, loaded, renderCard, writes, type Call } from './test-render';

// Offering dates (issue 25): the length, times drawn from the mediator's availability (all ticked), times added by hand
// in the viewer's zone, place, link and the confirmation delay; the poll to move a session; errors in words.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Full days drawn from the mediator's hours: Mon 18 and Tue 19 March 2030, 9 AM Chicago (10 AM New York). */
const slots = [
  { startsAt: '2030-03-18T14:00:00.000Z', endsAt: '2030-03-18T22:00:00.000Z' },
  { startsAt: '2030-03-19T14:00:00.000Z', endsAt: '2030-03-19T22:00:00.000Z' },
];
const slotsAnswer =
  (list = slots) =>
  (call: Call) =>
    call.url.includes('/poll-slots') ? json({ minutes: 480, timeZone: 'America/Chicago', slots: list }) : undefined;

async function openDialog(answer?: (call: Call) => Response | undefined, data = scheduling({ canOpenPoll: true, sessionMinutes: 480 })) {
  renderCard(data, {}, answer);
  await loaded();
  fireEvent.click(screen.getByRole('button', { name: 'Offer dates' }));
  return screen.getByRole('dialog', { name: 'Offer dates' });
}

const addByHand = (dialog: HTMLElement, date: string, time: string) => {
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: time } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add this time' }));
};
const offered = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('checkbox')
    .map((box) => ({ label: box.closest('label')?.textContent, checked: (box as HTMLInputElement).checked }));

describe('Offer dates', () => {
  it('offers the lengths, defaulting to the mediator’s, and the next 14 days', async () => {
    const dialog = await openDialog();
    const length = within(dialog).getByLabelText('Length of the session') as HTMLSelectElement;
    expect(length.value).toBe('480');
    const options = [...length.options].map((o) => o.textContent);
    expect(options.slice(0, 2)).toEqual(['Half day (4 hours)', 'Full day (8 hours)']);
    expect(options).toContain('1 hour');
    expect(options).toContain('1.5 hours');
    expect(options).toContain('12 hours');
    expect(new Set([...length.options].map((o) => o.value)).size).toBe(length.options.length);
    const today = dateIn(new Date(), ZONE);
    expect((within(dialog).getByLabelText('From') as HTMLInputElement).value).toBe(today);
    expect((within(dialog).getByLabelText('To') as HTMLInputElement).value).toBe(addDays(today, 14));
    expect((within(dialog).getByLabelText('Meeting link (optional)') as HTMLInputElement).value).toBe('https://meet.example.com/max');
    expect((within(dialog).getByLabelText('Confirm within (hours)') as HTMLInputElement).value).toBe('48');
  });

  it('suggests times from the availability (all ticked), adds one by hand in the viewer’s zone, and opens the poll', async () => {
    const dialog = await openDialog(slotsAnswer());
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2030-03-18' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2030-03-22' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest times from the mediator’s availability' }));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    expect(writes()).toEqual([
      { method: 'GET', url: `/api/requests/${REQUEST_ID}/poll-slots?fromDate=2030-03-18&toDate=2030-03-22&minutes=480`, body: undefined },
    ]);
    expect(offered(dialog)).toEqual([
      { label: 'Mon, Mar 18, 2030, 10:00 AM – 6:00 PM EDT', checked: true },
      { label: 'Tue, Mar 19, 2030, 10:00 AM – 6:00 PM EDT', checked: true },
    ]);

    // 8:30 AM New York on Wednesday 20 March (EDT, UTC−4).
    expect(dialog.textContent).toContain('Dates and times in your time zone: America/New_York.');
    addByHand(dialog, '2030-03-20', '08:30');
    expect(offered(dialog)[2]).toEqual({ label: 'Wed, Mar 20, 2030, 8:30 AM – 4:30 PM EDT (added by hand)', checked: true });
    fireEvent.click(within(dialog).getAllByRole('checkbox')[1]);
    expect(within(dialog).getByText(/Times offered/).textContent).toBe('Times offered (2 of at most 20)');

    fireEvent.change(within(dialog).getByLabelText('Place (optional)'), { target: { value: 'Chambers, 3rd floor' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm within (hours)'), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer dates' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()[1]).toEqual({
      method: 'POST',
      url: `/api/requests/${REQUEST_ID}/polls`,
      body: {
        durationMinutes: 480,
        candidates: [{ startsAt: '2030-03-18T14:00:00.000Z' }, { startsAt: '2030-03-20T12:30:00.000Z' }],
        location: 'Chambers, 3rd floor',
        meetingLink: 'https://meet.example.com/max',
        confirmWithinHours: 24,
      },
    });
  });

  it('a new length drops the suggestions drawn for the old one and keeps the times added by hand', async () => {
    const dialog = await openDialog(slotsAnswer());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest times from the mediator’s availability' }));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    addByHand(dialog, '2030-03-20', '08:30');
    fireEvent.change(within(dialog).getByLabelText('Length of the session'), { target: { value: '240' } });
    expect(offered(dialog)).toEqual([{ label: 'Wed, Mar 20, 2030, 8:30 AM – 12:30 PM EDT (added by hand)', checked: true }]);
  });

  it('refuses in words: no time, a time past, a 21st time, a bad link (the server’s field error), a refusal', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({
      startsAt: new Date(Date.parse('2030-04-01T14:00:00.000Z') + i * 86_400_000).toISOString(),
      endsAt: new Date(Date.parse('2030-04-01T22:00:00.000Z') + i * 86_400_000).toISOString(),
    }));
    let refusal: Response | undefined;
    const dialog = await openDialog((call) => (call.method === 'POST' ? refusal : slotsAnswer(twenty)(call)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer dates' }));
    expect(within(dialog).getByText(SCHEDULING_TEXTS.candidates)).toBeTruthy();

    addByHand(dialog, '2020-01-06', '10:00');
    expect(within(dialog).getByText(SCHEDULING_TEXTS.candidateFuture)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest times from the mediator’s availability' }));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(20));
    addByHand(dialog, '2030-06-03', '10:00');
    expect(within(dialog).getByText('At most 20 times: untick one to add another')).toBeTruthy();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(20);

    refusal = json({ message: SCHEDULING_TEXTS.meetingLink, code: 'validation_failed', fieldErrors: { meetingLink: SCHEDULING_TEXTS.meetingLink } }, 400);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer dates' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Meeting link (optional)').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText(SCHEDULING_TEXTS.meetingLink)).toHaveLength(2);

    refusal = json({ message: 'A date poll is already open for this case: close it before opening another', code: 'conflict' }, 409);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer dates' }));
    expect(await within(dialog).findByText('A date poll is already open for this case: close it before opening another')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('moving a session opens a poll for it, with its length, place and link', async () => {
    renderCard(scheduling({ canOpenPoll: true, sessionMinutes: 480, sessions: [session()] }));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = screen.getByRole('dialog', { name: 'Move the session' });
    addByHand(dialog, '2030-03-20', '09:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer new times' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toEqual({
      durationMinutes: 240,
      candidates: [{ startsAt: '2030-03-20T13:00:00.000Z' }],
      location: '12 Court Street, Room 4',
      meetingLink: 'https://meet.example.com/doe-roe',
      confirmWithinHours: 48,
      sessionId: session().id,
    });
  });
});
