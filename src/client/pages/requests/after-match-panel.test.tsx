// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { apiGet } from '../../lib/api-client';
import { LawyerAfterMatch } from './after-match-panel';

// Issue 9: an admin opening a matched request from the admin tabs reads it as an onlooker, not as its lawyer.

const LAWYER_ID = '22222222-2222-4222-8222-222222222222';
const MEDIATOR_ID = '33333333-3333-4333-8333-333333333333';
const request = {
  id: '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-1',
  status: 'matched',
  budget: '1400.00',
  lawyerId: LAWYER_ID,
  selectedMediatorId: MEDIATOR_ID,
} as RequestDto;
const ADMIN = { id: '11111111-1111-4111-8111-111111111111', role: 'admin', firstName: 'Ada', lastName: 'Admin' } as UserDto;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const body = String(input).startsWith('/api/mediators/') ? { id: MEDIATOR_ID, firstName: 'Maria', lastName: 'Lopez' } : [];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(shown: RequestDto, user: UserDto = ADMIN) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LawyerAfterMatch request={shown} user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LawyerAfterMatch seen by an admin', () => {
  it('says the mediator coordinates with the lawyer, not with "you"', async () => {
    renderPanel(request);
    expect(await screen.findByText(/^Maria Lopez has been notified and will coordinate the mediation with the lawyer\./)).toBeTruthy();
    expect(screen.queryByText(/with you/)).toBeNull();
  });

  it('names the mediator of a completed case, whose contact card only the parties get', async () => {
    renderPanel({ ...request, status: 'completed', completedAt: '2026-03-05T15:20:00Z', completionResults: 'Settled.' } as RequestDto);
    const card = await screen.findByRole('region', { name: 'Selected mediator' });
    expect(await within(card).findByText('Maria Lopez mediated this case.')).toBeTruthy();
  });
});

describe('LawyerAfterMatch seen by opposing counsel of a two-sided case (decision 049)', () => {
  const SECOND = { id: '44444444-4444-4444-8444-444444444444', role: 'lawyer', firstName: 'Sam', lastName: 'Second' } as UserDto;
  const completed = {
    ...request,
    opposingLawyerId: SECOND.id,
    status: 'completed',
    completedAt: new Date().toISOString(),
    completionResults: 'Partly settled.',
    // The server gives either side's counsel the payment's status (no amounts): it paid toward the payout too.
    paymentStatus: 'held',
    payoutReleaseAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
    dispute: null,
    settlement: null,
  } as RequestDto;

  it('may report a problem while the payout is held, as the owner may', async () => {
    renderPanel(completed, SECOND);
    expect(await screen.findByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('reads a resolved refund as counsel, not as an onlooker ("to the lawyer")', async () => {
    const resolvedAt = new Date().toISOString();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const body = url.startsWith('/api/payments?')
        ? [
            {
              requestId: request.id,
              totalCharged: '560.00',
              totalRefunded: '133.33',
              refundReason: null,
              ledger: [
                { id: 'r1', kind: 'refund', amount: '133.33', platformFee: '0.00', note: null, createdAt: resolvedAt, payerId: SECOND.id, shareSide: null },
              ],
            },
          ]
        : url.startsWith('/api/mediators/')
          ? { id: MEDIATOR_ID, firstName: 'Maria', lastName: 'Lopez' }
          : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    const dispute = {
      id: 'd1',
      status: 'resolved',
      reason: 'Left early.',
      outcome: 'refund_partial',
      refundAmount: '333.33',
      mediatorPaid: '960.00',
      createdAt: resolvedAt,
      resolvedAt,
    };
    renderPanel({ ...completed, paymentStatus: 'refunded_partial', dispute } as RequestDto, SECOND);
    expect(await screen.findByText(/\$133\.33 was refunded to you/)).toBeTruthy();
    expect(screen.queryByText(/to the lawyer/)).toBeNull();
  });
});
