// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_TEXTS } from '../../../common/schemas/scheduling';
import { queryClient } from '../../lib/query-client';
import { attendees, candidates, poll, REQUEST_ID, scheduling, session } from './scheduling.fixture';
import { fetchMock, json, loaded, renderCard, writes } from './test-render';

// The Session card (issue 25): who sees it, its sessions (the next first, cancelled ones kept), cancelling (late inside
// the window), the attendees of the viewer's side, read-only for admins and closed cases, and the zone set once.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const LATE = 'This is inside the mediator’s cancellation window: the cancellation will be marked late.';
const TUESDAY = 'Tue, Mar 12, 2030, 10:00 AM – 2:00 PM EDT';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('who sees the Session card', () => {
  it('counsel see it once a mediator is selected, as #session with the heading "Session"', async () => {
    const { container } = renderCard(scheduling());
    await loaded();
    expect(screen.getByRole('heading', { name: 'Session' })).toBeTruthy();
    expect(container.querySelector('#session')?.textContent).toContain('No session is scheduled yet.');
  });

  it('nobody sees it before the selection, nor a mediator who was not selected (nothing is fetched)', () => {
    renderCard(scheduling(), { status: 'awaiting_selection' });
    cleanup();
    renderCard(scheduling(), { as: 'otherMediator' });
    expect(screen.queryByRole('heading', { name: 'Session' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sessions', () => {
  const cancelled = session({
    id: 'b1000000-0000-4000-8000-000000000002',
    status: 'cancelled',
    startsAt: '2030-03-05T14:00:00.000Z',
    endsAt: '2030-03-05T18:00:00.000Z',
    lateCancellation: true,
    cancelReason: 'The client is ill',
    history: [
      { ...session().history[0], startsAt: '2030-03-05T14:00:00.000Z', endsAt: '2030-03-05T18:00:00.000Z' },
      { ...session().history[0], kind: 'cancelled', by: 'Lena Lawyer', reason: 'The client is ill', late: true, at: '2030-03-04T15:00:00.000Z' },
    ],
  });
  const later = session({ id: 'b1000000-0000-4000-8000-000000000003', startsAt: '2030-04-02T13:00:00.000Z', endsAt: '2030-04-02T21:00:00.000Z' });

  it('lists the next scheduled session first, in the viewer’s zone, with its place, link, calendar file and history; cancelled ones stay, marked', async () => {
    renderCard(scheduling({ sessions: [later, cancelled, session()] }));
    await loaded();
    const items = screen.getAllByTestId('session');
    expect(items).toHaveLength(3);
    const [next, second, third] = items;
    expect(next.textContent).toContain(TUESDAY);
    expect(within(next).getByText('Next session')).toBeTruthy();
    expect(within(next).getByText('12 Court Street, Room 4')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'https://meet.example.com/doe-roe' }).getAttribute('href')).toBe('https://meet.example.com/doe-roe');
    const ics = within(next).getByRole('link', { name: 'Add to calendar' });
    expect(ics.getAttribute('href')).toBe(`/api/requests/${REQUEST_ID}/sessions/${session().id}/invite.ics`);
    expect(ics.hasAttribute('download')).toBe(true);
    expect(within(next).getByText('History (1)')).toBeTruthy();
    expect(next.textContent).toContain(`Scheduled for ${TUESDAY} by Max Mediator`);

    // Then the others in time order: the cancelled one (kept, marked, no calendar link), then the later one.
    expect(second.textContent).toContain('Tue, Mar 5, 2030, 9:00 AM – 1:00 PM EST');
    expect(within(second).getByText('Cancelled')).toBeTruthy();
    expect(within(second).getByText('Late')).toBeTruthy();
    expect(within(second).getByText('Reason: The client is ill')).toBeTruthy();
    expect(within(second).queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(second.textContent).toContain('Cancelled late by Lena Lawyer: The client is ill');
    expect(third.textContent).toContain('Tue, Apr 2, 2030, 9:00 AM – 5:00 PM EDT');
    expect(within(third).queryByText('Next session')).toBeNull();
  });

  it('cancels with a reason, warning when inside the cancellation window', async () => {
    renderCard(scheduling({ sessions: [session({ lastFreeCancellation: '2020-01-01T00:00:00.000Z' })] }));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(LATE);
    // No reason: the shared schema's words, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(within(dialog).getByText(SCHEDULING_TEXTS.reason)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The client is ill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'POST', url: `/api/requests/${REQUEST_ID}/sessions/${session().id}/cancel`, body: { reason: 'The client is ill' } }]);
  });

  it('has no warning outside the window, and shows the server’s refusal in the dialog', async () => {
    renderCard(scheduling({ sessions: [session()] }), {}, (call) =>
      call.method === 'POST' ? json({ message: 'This case is closed: its sessions can no longer change', code: 'conflict' }, 409) : undefined,
    );
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toContain(LATE);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Settled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await within(dialog).findByText('This case is closed: its sessions can no longer change')).toBeTruthy();
  });

  it('"Move" opens the poll dialog for that session (when the viewer may open a poll)', async () => {
    renderCard(scheduling({ canOpenPoll: true, sessions: [session()] }));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = screen.getByRole('dialog', { name: 'Move the session' });
    expect(dialog.textContent).toContain(`Offer new times for the session of ${TUESDAY}`);
    expect((within(dialog).getByLabelText('Place (optional)') as HTMLInputElement).value).toBe('12 Court Street, Room 4');
  });
});

describe('read-only', () => {
  const live = () =>
    scheduling({
      attendees: [attendees.firstCounsel, attendees.client, attendees.secondCounsel],
      poll: poll({ candidates: [{ ...candidates.tuesday, everyoneRequiredCanMake: true }] }),
      sessions: [session()],
    });

  it('admins read the sessions and every answer, and change nothing', async () => {
    renderCard(live(), { as: 'admin' });
    await loaded();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeTruthy();
    expect(screen.getAllByText(/Olivia Opponent/).length).toBeGreaterThan(0);
    for (const name of ['Cancel session', 'Move', 'Offer dates', 'Close poll', /^Confirm/, 'Add attendee'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('counsel of a completed case read their attendees and answers without changing them', async () => {
    renderCard(live(), { status: 'completed' });
    await loaded();
    expect(screen.getAllByTestId('attendee')).toHaveLength(2);
    for (const name of ['Cancel session', 'Remove Carl Client', 'Add attendee', 'Save answers', 'Close poll'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('attendees of the viewer’s side', () => {
  it('lists them with role and required or optional; counsel cannot be removed, others can', async () => {
    renderCard(scheduling());
    await loaded();
    const rows = screen.getAllByTestId('attendee');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Lena Lawyer \(counsel\)Counsel · lena@example.comRequired$/),
      expect.stringMatching(/^Carl ClientClient · carl@example.comRequired/),
      expect.stringMatching(/^Ida InsurerInsurer’s representative · ida@example.comOptional/),
    ]);
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Carl Client' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'DELETE', url: `/api/requests/${REQUEST_ID}/attendees/at-2`, body: undefined }]));
  });

  it('adds one, with the form’s and the server’s errors under the fields', async () => {
    renderCard(scheduling(), {}, (call) =>
      call.method === 'POST' && (call.body as { email: string }).email === 'carl@example.com'
        ? json({ message: 'This address is already an attendee of the case', code: 'conflict', fieldErrors: { email: 'Already listed' } }, 409)
        : undefined,
    );
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    const form = screen.getByRole('form', { name: 'Add attendee' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add attendee' }));
    expect(await within(form).findByText(SCHEDULING_TEXTS.attendeeName)).toBeTruthy();
    expect(within(form).getByText(SCHEDULING_TEXTS.attendeeRole)).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Carl Client' } });
    fireEvent.change(within(form).getByLabelText(/E-mail/), { target: { value: 'carl@example.com' } });
    fireEvent.change(within(form).getByLabelText(/Role/), { target: { value: 'Client' } });
    fireEvent.click(within(form).getByLabelText(/Required/));
    fireEvent.click(within(form).getByRole('button', { name: 'Add attendee' }));
    expect(await within(form).findByText('Already listed')).toBeTruthy();
    expect(within(form).getByText('This address is already an attendee of the case')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/E-mail/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/api/requests/${REQUEST_ID}/attendees`,
        body: { name: 'Carl Client', email: 'carl@example.com', role: 'Client', required: false },
      },
    ]);
  });
});

describe('the viewer’s time zone', () => {
  it('is set once from the browser when the server has none, and times read in it meanwhile', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    renderCard(scheduling({ viewerTimeZone: null }));
    expect((await loaded()).textContent).toBe(`Times are shown in your time zone, ${browserZone}.`);
    await waitFor(() => expect(writes()).toEqual([{ method: 'PUT', url: '/api/profile/time-zone', body: { timeZone: browserZone } }]));
    // Read again (a realtime refresh), still without a zone: not sent twice in one page load.
    await queryClient.invalidateQueries({ queryKey: ['/api/requests'] });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/scheduling'))).toHaveLength(2));
    expect(writes()).toHaveLength(1);
  });

  it('is not sent when the server has one', async () => {
    renderCard(scheduling());
    await loaded();
    expect(writes()).toEqual([]);
  });
});
