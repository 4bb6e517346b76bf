// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { attendees, candidates, poll, POLL_ID, REQUEST_ID, scheduling } from './scheduling.fixture';
import { fetchMock, loaded, renderCard, writes } from './test-render';

// The live date poll (issue 25): counsel answer for their own side in a grid (never seeing the other side's answers),
// everyone reads where it stands, the mediator reads every answer and confirms a time every required attendee can make.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const TUESDAY = 'Tue, Mar 12, 2030, 10:00 AM – 2:00 PM EDT';
const WEDNESDAY = 'Wed, Mar 13, 2030, 9:00 AM – 1:00 PM EDT';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const group = (name: string) => screen.getByRole('group', { name });
const choose = (attendee: string, time: string, answer: 'Yes' | 'If need be' | 'No') =>
  fireEvent.click(within(group(`${attendee}, ${time}`)).getByRole('radio', { name: answer }));

describe('counsel’s answers', () => {
  // Lena answered Tuesday already; the other side's answers are not in what counsel are sent.
  const answered = () =>
    scheduling({
      poll: poll({ candidates: [candidates.wednesday, { ...candidates.tuesday, answers: [{ attendeeId: attendees.firstCounsel.id, answer: 'yes' }] }] }),
    });

  it('a row per time (in time order), a three-way choice per attendee of their side, their saved answers checked', async () => {
    renderCard(answered());
    await loaded();
    const rows = screen.getAllByTestId('answer-row');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([TUESDAY, WEDNESDAY]);
    expect(within(rows[0]).getAllByTestId('answer-choice')).toHaveLength(3);
    const lena = group(`Lena Lawyer (Counsel), ${TUESDAY}`);
    expect(
      within(lena)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['yes', 'if_need_be', 'no']);
    expect((within(lena).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(group(`Carl Client (Client), ${TUESDAY}`))
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(group(`Ida Insurer (Insurer’s representative) (optional), ${WEDNESDAY}`)).toBeTruthy();
  });

  it('says who sees the answers, whether the other side has answered, and how many remain', async () => {
    renderCard(answered());
    await loaded();
    expect(screen.getByText(/The other side does not see your answers; the mediator does\. The other side has not answered every time yet\./)).toBeTruthy();
    // Two required attendees (Lena, Carl) × two times, one answered; Ida is optional.
    expect(screen.getByTestId('answers-remaining').textContent).toBe('3 answers still needed from your side’s required attendees.');
    choose('Carl Client (Client)', TUESDAY, 'If need be');
    expect(screen.getByTestId('answers-remaining').textContent).toBe('2 answers still needed from your side’s required attendees.');
  });

  it('"Save answers" sends every answer of their side at once', async () => {
    renderCard(answered());
    await loaded();
    const save = screen.getByRole('button', { name: 'Save answers' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    choose('Carl Client (Client)', TUESDAY, 'If need be');
    choose('Lena Lawyer (Counsel)', WEDNESDAY, 'No');
    choose('Carl Client (Client)', WEDNESDAY, 'Yes');
    choose('Carl Client (Client)', WEDNESDAY, 'No');
    fireEvent.click(save);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'PUT',
      url: `/api/requests/${REQUEST_ID}/polls/${POLL_ID}/answers`,
      body: {
        answers: [
          { candidateId: 'c-1', attendeeId: 'at-1', answer: 'yes' },
          { candidateId: 'c-1', attendeeId: 'at-2', answer: 'if_need_be' },
          { candidateId: 'c-2', attendeeId: 'at-1', answer: 'no' },
          { candidateId: 'c-2', attendeeId: 'at-2', answer: 'no' },
        ],
      },
    });
  });

  it('says so once their side has answered every time', async () => {
    const all = (c: typeof candidates.tuesday) => ({
      ...c,
      answers: [attendees.firstCounsel, attendees.client].map((a) => ({ attendeeId: a.id, answer: 'yes' as const })),
    });
    renderCard(scheduling({ poll: poll({ myAnswersComplete: true, candidates: [all(candidates.tuesday), all(candidates.wednesday)] }) }));
    await loaded();
    expect(screen.getByTestId('answers-remaining').textContent).toBe('Your side has answered every time.');
    expect((screen.getByRole('button', { name: 'Save answers' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the second side sees the first side answered, and cannot close the poll', async () => {
    renderCard(scheduling({ attendees: [attendees.secondCounsel], poll: poll({ sidesAnswered: { first: true, second: false } }) }), { as: 'second' });
    await loaded();
    expect(screen.getByText(/The other side has answered every time\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add attendee' })).toBeTruthy();
  });

  it('the first side (who may have opened it) can close it', async () => {
    renderCard(answered());
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', url: `/api/requests/${REQUEST_ID}/polls/${POLL_ID}/close`, body: undefined }]));
  });
});

describe('where the poll stands', () => {
  it('waiting for answers', async () => {
    renderCard(scheduling({ poll: poll() }));
    await loaded();
    expect(screen.getByText('Waiting for answers')).toBeTruthy();
  });

  it('proposed: the time, and when it stands unless the mediator confirms another', async () => {
    renderCard(scheduling({ poll: poll({ status: 'proposed', proposedCandidateId: 'c-1', autoConfirmAt: '2030-03-03T15:00:00.000Z' }) }));
    await loaded();
    expect(screen.getByText(/^Proposed:/).textContent).toBe(
      `Proposed: ${TUESDAY} — stands at Sun, Mar 3, 2030, 10:00 AM EST unless the mediator confirms another time`,
    );
  });

  it('no date suits everyone', async () => {
    renderCard(scheduling({ poll: poll({ status: 'no_date' }) }));
    await loaded();
    expect(screen.getByText('No offered time suits every required attendee')).toBeTruthy();
  });

  it('a confirmed or closed poll shows nothing but the session', async () => {
    renderCard(scheduling({ poll: poll({ status: 'confirmed', confirmedCandidateId: 'c-1' }) }));
    await loaded();
    expect(screen.queryByRole('heading', { name: 'Date poll' })).toBeNull();
    expect(screen.queryAllByTestId('answer-row')).toHaveLength(0);
  });
});

describe('the mediator', () => {
  const both = () =>
    scheduling({
      canConfirm: true,
      attendees: [attendees.firstCounsel, attendees.client, attendees.insurer, attendees.secondCounsel],
      poll: poll({
        status: 'proposed',
        proposedCandidateId: 'c-2',
        autoConfirmAt: '2030-03-03T15:00:00.000Z',
        candidates: [
          {
            ...candidates.tuesday,
            everyoneRequiredCanMake: false,
            answers: [
              { attendeeId: 'at-1', answer: 'yes' },
              { attendeeId: 'at-4', answer: 'no' },
            ],
          },
          {
            ...candidates.wednesday,
            everyoneRequiredCanMake: true,
            answers: [
              { attendeeId: 'at-1', answer: 'yes' },
              { attendeeId: 'at-2', answer: 'if_need_be' },
              { attendeeId: 'at-4', answer: 'yes' },
            ],
          },
        ],
      }),
    });

  it('reads every answer of both sides per time, with Confirm only where every required attendee can make it', async () => {
    renderCard(both(), { as: 'mediator' });
    await loaded();
    const [tuesday, wednesday] = screen.getAllByTestId('candidate');
    expect(tuesday.textContent).toContain(TUESDAY);
    expect(within(tuesday).getByText('Requesting side')).toBeTruthy();
    expect(within(tuesday).getByText('Opposing side')).toBeTruthy();
    const answerOf = (block: HTMLElement, name: string) =>
      within(block)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(name))?.lastChild?.textContent;
    expect(answerOf(tuesday, 'Olivia Opponent')).toBe('No');
    expect(answerOf(tuesday, 'Carl Client')).toBe('No answer yet');
    expect(answerOf(wednesday, 'Carl Client')).toBe('If need be');
    expect(wednesday.textContent).toContain('Ida Insurer (Insurer’s representative, optional)');
    expect(within(tuesday).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(within(wednesday).getByText('Proposed')).toBeTruthy();
    expect(wednesday.className).toContain('border-primary');
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();

    fireEvent.click(within(wednesday).getByRole('button', { name: `Confirm ${WEDNESDAY}` }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm this time' }));
    await waitFor(() =>
      expect(writes()).toEqual([{ method: 'POST', url: `/api/requests/${REQUEST_ID}/polls/${POLL_ID}/confirm`, body: { candidateId: 'c-2' } }]),
    );
  });

  it('can close the poll; admins cannot confirm or close', async () => {
    renderCard(both(), { as: 'mediator' });
    await loaded();
    expect(screen.getByRole('button', { name: 'Close poll' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderCard({ ...both(), canConfirm: false }, { as: 'admin' });
    await loaded();
    expect(screen.getAllByTestId('candidate')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
  });
});
