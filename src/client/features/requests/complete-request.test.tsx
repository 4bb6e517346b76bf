// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import { SIGNING_TEXTS } from '../../../common/schemas/signing';
import { CompletionDialog } from './complete-request';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const request = { id: REQUEST_ID, caseName: 'Smith v. Jones', caseNumber: 'CV-1', mediatorPayout: '1260.00', status: 'in_progress' } as RequestDto;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/requests/${REQUEST_ID}`]}>
        <Routes>
          <Route path="/requests/:id" element={<CompletionDialog request={request} open onOpenChange={onOpenChange} />} />
          <Route path="/requests" element={<p>Requests list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm Completion' });
const completeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/complete'));

describe('CompletionDialog', () => {
  it('keeps Confirm disabled while the completion results are empty or blank', () => {
    renderDialog();
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Deliverables/), { target: { value: 'Signed settlement agreement' } });
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: '   \n  ' } });
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'Settled' } });
    expect(confirmButton()).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: '' } });
    expect(confirmButton()).toHaveProperty('disabled', true);
  });

  it('sends the results, deliverables and final proposal, then toasts and goes to /requests', async () => {
    fetchMock.mockResolvedValue(json({ ...request, status: 'completed' }));
    const onOpenChange = renderDialog();
    fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: '  Settled on all counts  ' } });
    fireEvent.change(screen.getByLabelText(/Final proposal/), { target: { value: 'Split 60/40' } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(completeCalls()).toHaveLength(1));
    const [url, init] = completeCalls()[0];
    expect(url).toBe(`/api/requests/${REQUEST_ID}/complete`);
    expect(init?.method).toBe('POST');
    // The shared schema trims the results and sends an empty optional field as null.
    expect(JSON.parse(String(init?.body))).toEqual({ completionResults: 'Settled on all counts', deliverables: null, mediatorProposal: 'Split 60/40' });
    await waitFor(() => expect(screen.getByText('Requests list')).toBeTruthy());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toasts.toast).toHaveBeenCalledWith({
      title: 'Request Completed',
      description: 'The lawyer has been notified. Thank you for completing the mediation.',
    });
  });

  it("shows 'Completion Failed' with the server's message and stays open", async () => {
    fetchMock.mockResolvedValue(json({ message: 'This request cannot be completed now', code: 'conflict' }, 409));
    const onOpenChange = renderDialog();
    fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'Settled' } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    const [title, error] = toasts.toastError.mock.calls[0];
    expect(title).toBe('Completion Failed');
    expect((error as Error).message).toBe('This request cannot be completed now');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Requests list')).toBeNull();
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
  });

  describe('the outcome (issue 26)', () => {
    const outcomeSelect = () => screen.getByLabelText('Outcome') as HTMLSelectElement;
    const dateInput = () => screen.queryByLabelText('Date of the mediation') as HTMLInputElement | null;
    const sentBody = async () => {
      await waitFor(() => expect(completeCalls()).toHaveLength(1));
      return JSON.parse(String(completeCalls()[0][1]?.body)) as Record<string, unknown>;
    };

    beforeEach(() => {
      fetchMock.mockResolvedValue(json({ ...request, status: 'completed' }));
      // 03:00 UTC on Nov 29 is still Nov 28 in Chicago: the date is the browser's day, not UTC's.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-29T03:00:00.000Z'));
      vi.stubEnv('TZ', 'America/Chicago');
    });

    it('is "Not recorded" at first, says what the certificate holds, and is then not sent', async () => {
      renderDialog();
      expect(outcomeSelect().value).toBe('');
      expect(Array.from(outcomeSelect().options).map((o) => o.text)).toEqual(['Not recorded', 'Settled in full', 'Settled in part', 'No settlement']);
      expect(screen.getByText('Only the outcome and the date go on the outcome certificate, never the terms.')).toBeTruthy();
      expect(dateInput()).toBeNull();
      fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'Settled' } });
      fireEvent.click(confirmButton());
      expect(await sentBody()).toEqual({ completionResults: 'Settled', deliverables: null, mediatorProposal: null });
    });

    it('a chosen outcome is sent with its date, today in the browser’s zone unless changed', async () => {
      renderDialog();
      fireEvent.change(outcomeSelect(), { target: { value: 'settled_full' } });
      expect(dateInput()?.value).toBe('2026-11-28');
      fireEvent.change(dateInput()!, { target: { value: '2026-11-27' } });
      fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'Settled' } });
      fireEvent.click(confirmButton());
      expect(await sentBody()).toEqual({
        completionResults: 'Settled',
        deliverables: null,
        mediatorProposal: null,
        outcome: 'settled_full',
        outcomeDate: '2026-11-27',
      });
    });

    it('choosing an outcome and going back to "Not recorded" sends neither', async () => {
      renderDialog();
      fireEvent.change(outcomeSelect(), { target: { value: 'no_settlement' } });
      fireEvent.change(outcomeSelect(), { target: { value: '' } });
      expect(dateInput()).toBeNull();
      fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'No agreement' } });
      fireEvent.click(confirmButton());
      expect(await sentBody()).toEqual({ completionResults: 'No agreement', deliverables: null, mediatorProposal: null });
    });

    it('an outcome without a valid date is refused under the date, without a call', async () => {
      renderDialog();
      fireEvent.change(outcomeSelect(), { target: { value: 'settled_partial' } });
      fireEvent.change(dateInput()!, { target: { value: '' } });
      fireEvent.change(screen.getByLabelText(/Completion results/), { target: { value: 'Partly settled' } });
      fireEvent.click(confirmButton());
      expect(await screen.findByText(SIGNING_TEXTS.outcomeDate)).toBeTruthy();
      expect(completeCalls()).toHaveLength(0);
    });
  });
});
