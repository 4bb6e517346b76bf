// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import type { RequestDispute } from '../../../common/schemas/disputes';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { OWNER_ID, ownPayment, SECOND_ID } from './own-payment.fixture';
import { canReportProblem, ReportProblem, resolutionText } from './report-problem';

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

function show(request: RequestDto, isOwner: boolean, reader?: 'lawyer' | 'mediator' | 'admin') {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReportProblem request={request} isOwner={isOwner} reader={reader} />
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

describe('ReportProblem on a two-sided case: each side told its own part of the refund (decision 052)', () => {
  // The journey's 60/40 case: a $333.33 refund shared by what each paid, $200 to the owner and $133.33 to the other
  // side; the mediator was paid $960 after the $106.67 fee. The owner had $100 back earlier (its excess deposit).
  const resolvedAt = '2026-03-04T12:00:00.000Z';
  const resolved = { ...openDispute, status: 'resolved', outcome: 'refund_partial', refundAmount: '333.33', mediatorPaid: '960.00', resolvedAt };
  const twoSided = (settlement: unknown = null) =>
    completed({ lawyerId: OWNER_ID, opposingLawyerId: SECOND_ID, paymentStatus: 'refunded_partial', dispute: resolved, settlement });
  const caseSettlement = { charged: '1500.00', refunded: '433.33', platformFeeKept: '106.67', paidToMediator: '960.00', held: '0.00', planned: null };
  const answerPayments = (own: object) => fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/payments?') ? json([own]) : json({}, 404)));

  it('the owner reads its $200, not the whole $333.33 (nor the $100 returned before the dispute)', async () => {
    answerPayments(
      ownPayment(OWNER_ID, [
        ['deposit_charge', '250.00', '2026-03-01T09:00:00.000Z'],
        ['refund', '100.00', '2026-03-01T10:00:00.000Z', 'Returned: the other side paid its share of the deposit'],
        ['balance_charge', '690.00', '2026-03-01T11:00:00.000Z'],
        ['refund', '200.00', resolvedAt, 'Dispute resolved by our team'],
      ]),
    );
    show(twoSided(caseSettlement), true, 'lawyer');
    expect(
      await screen.findByText(
        /Our team reviewed the problem: \$200 was refunded to you \(your part of the \$333\.33 refund, shared between the payers by what each paid\), and \$960 was paid to the mediator after the \$106\.67 platform fee\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/\$333\.33 was refunded to you/)).toBeNull();
  });

  it('opposing counsel reads its own $133.33 "to you", not "to the lawyer"', async () => {
    answerPayments(
      ownPayment(SECOND_ID, [
        ['deposit_charge', '100.00', '2026-03-01T10:00:00.000Z'],
        ['balance_charge', '460.00', '2026-03-01T11:00:00.000Z'],
        ['refund', '133.33', resolvedAt, 'Dispute resolved by our team'],
      ]),
    );
    show(twoSided(), true, 'lawyer');
    expect(await screen.findByText(/\$133\.33 was refunded to you \(your part of the \$333\.33 refund/)).toBeTruthy();
    expect(screen.queryByText(/to the lawyer/)).toBeNull();
  });

  it('the mediator and admins read what went back to the payers; a full refund tells counsel its own part', () => {
    show(twoSided(), false, 'mediator');
    expect(screen.getByText(/\$333\.33 was refunded to the payers, and \$960 was paid to you after the platform fee\./)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const full: RequestDispute = { ...resolved, status: 'resolved', outcome: 'refund_full', refundAmount: '1500.00', mediatorPaid: null };
    expect(resolutionText(full, null, 'lawyer', { shared: true, yourRefund: '560.00' })).toBe(
      'Our team reviewed the problem and refunded everything in full, to each payer what it paid: $560 was refunded to you.',
    );
    expect(resolutionText(full, null, 'admin', { shared: true })).toBe('Our team reviewed the problem and refunded $1,500 to the payers in full.');
    // One-sided: as before.
    expect(resolutionText(full, null, 'lawyer')).toBe('Our team reviewed the problem and refunded $1,500 to you in full.');
  });
});
