// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
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
});
