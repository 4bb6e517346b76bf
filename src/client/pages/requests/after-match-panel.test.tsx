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

function renderPanel(shown: RequestDto) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LawyerAfterMatch request={shown} user={ADMIN} />
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
