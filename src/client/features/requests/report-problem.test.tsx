// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { canReportProblem, ReportProblem } from './report-problem';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const future = new Date(Date.now() + 48 * 3600_000).toISOString();
const completed = (extra: Record<string, unknown> = {}) =>
  ({
    id: ID,
    caseName: 'Smith v. Jones',
    status: 'completed',
    mediatorPayout: '1260.00',
    completedAt: new Date().toISOString(),
    paymentStatus: 'held',
    payoutReleaseAt: future,
    dispute: null,
    ...extra,
  }) as unknown as RequestDto;
const openDispute = {
  id: 'd1',
  status: 'open',
  reason: 'The mediator left early.',
  outcome: null,
  refundAmount: null,
  createdAt: new Date().toISOString(),
  resolvedAt: null,
};

function show(request: RequestDto, isOwner: boolean) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReportProblem request={request} isOwner={isOwner} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('ReportProblem', () => {
  it('only the owner, within the window, with the payment held and no dispute yet', () => {
    expect(canReportProblem(completed(), true)).toBe(true);
    expect(canReportProblem(completed(), false)).toBe(false);
    expect(canReportProblem(completed({ paymentStatus: 'released' }), true)).toBe(false);
    expect(canReportProblem(completed({ payoutReleaseAt: new Date(Date.now() - 1000).toISOString() }), true)).toBe(false);
    expect(canReportProblem(completed({ dispute: openDispute }), true)).toBe(false);
    expect(canReportProblem(completed({ status: 'in_progress' }), true)).toBe(false);
  });

  it('reports with a reason: the button waits for text, posts it, and toasts', async () => {
    fetchMock.mockResolvedValue(json(openDispute, 201));
    show(completed(), true);
    expect(screen.getByText(/You can report a problem until/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const submit = screen.getByRole('button', { name: 'Report Problem' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/What went wrong/), { target: { value: 'The mediator left early.' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('Problem reported').length).toBeGreaterThan(0));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/dispute'))!;
    expect(String(url)).toBe(`/api/requests/${ID}/dispute`);
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'The mediator left early.' });
  });

  it('shows the pause to both sides while open, and the resolution afterwards', () => {
    show(completed({ dispute: openDispute }), false);
    expect(screen.getByText('Problem reported — the payout is paused while our team reviews it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
    cleanup();
    show(
      completed({
        paymentStatus: 'refunded_partial',
        dispute: { ...openDispute, status: 'resolved', outcome: 'refund_partial', refundAmount: '500.00', resolvedAt: future },
      }),
      true,
    );
    // The owning lawyer reads it as theirs.
    expect(screen.getByText(/\$500 was refunded to you, and the rest is paid to the mediator, less the platform fee\./)).toBeTruthy();
    cleanup();
    // Once the transfer is in the ledger, both sides read what the mediator received after the fee.
    show(
      completed({
        paymentStatus: 'refunded_partial',
        dispute: { ...openDispute, status: 'resolved', outcome: 'refund_partial', refundAmount: '500.00', mediatorPaid: '810.00', resolvedAt: future },
      }),
      false,
    );
    expect(screen.getByText(/\$500 was refunded to the lawyer, and \$810 was paid to you after the platform fee\./)).toBeTruthy();
  });

  it('shows nothing to the mediator when there is no dispute', () => {
    show(completed(), false);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});
