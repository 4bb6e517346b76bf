// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import type { CaseSides, SelectionProposalDto } from '../../../common/schemas/cases';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { ProposalPanel } from './proposal-panel';
import { SidesCard } from './sides-card';

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
const first = { id: '1f0e2d3c-4b5a-4968-8776-655443322110', firstName: 'Lena', lastName: 'Lawyer', firmName: 'Firm LLP', email: 'lena@firm.example' };
const second = {
  ...first,
  id: '2f0e2d3c-4b5a-4968-8776-655443322110',
  firstName: 'Olivia',
  lastName: 'Opponent',
  firmName: 'Opponent LLP',
  email: 'olivia@opp.example',
};
const invitation = {
  id: '3f0e2d3c-4b5a-4968-8776-655443322110',
  requestId: ID,
  email: 'olivia@opp.example',
  name: 'Olivia Opponent',
  firmName: 'Opponent LLP',
  state: 'opened' as const,
  sentAt: '2026-11-20T10:00:00.000Z',
  sendCount: 1,
  expiresAt: '2026-12-04T10:00:00.000Z',
  openedAt: '2026-11-21T10:00:00.000Z',
  respondedAt: null,
  declineReason: null,
  firstSidePercent: 50,
  secondSidePercent: 50,
};
const request = (sides: Partial<CaseSides>, extra: Record<string, unknown> = {}) =>
  ({
    id: ID,
    caseName: 'Smith v. Jones',
    status: 'awaiting_selection',
    opposingLawyerName: 'Olivia Opponent',
    opposingLawyerEmail: 'olivia@opp.example',
    opposingLawyerFirmName: 'Opponent LLP',
    opposingLawyerId: null,
    selectionProposal: null,
    sides: { mySeat: 'first', first, second: null, invitation: null, parties: [], feeSplit: null, ...sides },
    ...extra,
  }) as unknown as RequestDto;

function show(node: React.ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {node}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SidesCard', () => {
  it('the inviting lawyer invites opposing counsel with the form filled from the request, and sees server errors under the field', async () => {
    show(<SidesCard request={request({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invite opposing counsel' }));
    expect((screen.getByLabelText(/Opposing counsel email/) as HTMLInputElement).value).toBe('olivia@opp.example');
    fetchMock.mockResolvedValueOnce(json({ message: 'You cannot invite yourself', fieldErrors: { email: 'You cannot invite yourself' } }, 400));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getAllByText('You cannot invite yourself').length).toBeGreaterThan(0));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/requests/${ID}/invitation`);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'olivia@opp.example',
      name: 'Olivia Opponent',
      firmName: 'Opponent LLP',
      firstSidePercent: 50,
      secondSidePercent: 50,
    });
  });

  it("shows an open invitation's state with re-send and revoke; a joined side shows both counsel and no invitation", () => {
    show(<SidesCard request={request({ invitation })} />);
    expect(screen.getByText('Invitation opened')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Re-send' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy();
    cleanup();
    show(<SidesCard request={request({ mySeat: 'second', second, invitation: null }, { opposingLawyerId: second.id })} />);
    expect(screen.getByText(/Olivia Opponent/)).toBeTruthy();
    expect(screen.getByText('(you)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
  });
});

describe('ProposalPanel', () => {
  const proposal: SelectionProposalDto = {
    id: '4f0e2d3c-4b5a-4968-8776-655443322110',
    mediatorId: '5f0e2d3c-4b5a-4968-8776-655443322110',
    mediatorName: 'Max Mediator',
    status: 'proposed',
    declineReason: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    respondedAt: null,
  };
  const twoSided = (seat: 'first' | 'second', p: SelectionProposalDto | null) =>
    request({ mySeat: seat, second }, { opposingLawyerId: second.id, selectionProposal: p });

  it('opposing counsel declines only with a reason, sent to the server', async () => {
    show(<ProposalPanel request={twoSided('second', proposal)} />);
    expect(screen.getByText(/proposes Max Mediator/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline mediator' }));
    expect(await screen.findByText('Please say why you decline this mediator')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Conflict with our client' } });
    fetchMock.mockResolvedValueOnce(json(twoSided('second', { ...proposal, status: 'declined', declineReason: 'Conflict with our client' })));
    fireEvent.click(screen.getByRole('button', { name: 'Decline mediator' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ reason: 'Conflict with our client' });
  });

  it("the inviting side sees the wait, a decline's reason, or nothing on a one-sided request", () => {
    show(<ProposalPanel request={twoSided('first', proposal)} />);
    expect(screen.getByText('Waiting for opposing counsel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw proposal' })).toBeTruthy();
    cleanup();
    show(<ProposalPanel request={twoSided('first', { ...proposal, status: 'declined', declineReason: 'Too expensive' })} />);
    expect(screen.getByText('“Too expensive”')).toBeTruthy();
    cleanup();
    const { container } = render(<ProposalPanel request={request({})} />, {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    expect(container.textContent).toBe('');
  });
});
