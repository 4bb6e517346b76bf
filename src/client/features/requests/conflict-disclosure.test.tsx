// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { DISCLOSURE_REQUIRED } from '../../../common/schemas/cases';
import { apiGet } from '../../lib/api-client';
import { AcceptCard } from './accept-card';
import { CasePartiesCard } from './case-parties-card';
import { SelectionList } from './selection-list';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const MATCH = { name: 'acme corp', kind: 'party', caseName: 'Acme v. Beta', caseNumber: 'CV-1' } as const;
const request = {
  id: ID,
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-2',
  jurisdiction: 'California',
  status: 'awaiting_selection',
  hourlyRate: '350.00',
  mediatorPayout: '1260.00',
  opposingLawyerName: 'Olivia Opponent',
  opposingLawyerFirmName: 'Opponent LLP',
} as RequestDto;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const calls = (method: string, part: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).includes(part) && init?.method === method);
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body));

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function serve(matches: unknown[]) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/conflicts')) return json({ matches });
    if (String(url).endsWith('/accept') && init?.method === 'POST') return json({ id: 'a1' }, 201);
    if (String(url).endsWith('/parties') && init?.method === 'PUT') return json([]);
    return json({ message: 'Not found' }, 404);
  });
}

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

async function openAccept() {
  renderWith(<AcceptCard request={request} tier="pro" />);
  fireEvent.click(screen.getByRole('button', { name: 'Accept Request' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('checkbox'));
  return dialog;
}

describe('AcceptCard and the conflict check', () => {
  it('shows the matches and requires a disclosure, then sends it', async () => {
    serve([MATCH]);
    const dialog = await openAccept();
    expect(await within(dialog).findByText('acme corp')).toBeTruthy();
    expect(within(dialog).getByText(/in your earlier case Acme v\. Beta \(Case #CV-1\)/)).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: /Disclosure/ });

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Acceptance' }));
    expect(await within(dialog).findByText(DISCLOSURE_REQUIRED)).toBeTruthy();
    expect(calls('POST', '/accept')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'I mediated Acme v. Beta last year.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Acceptance' }));
    await waitFor(() => expect(calls('POST', '/accept')).toHaveLength(1));
    expect(bodyOf(calls('POST', '/accept')[0])).toMatchObject({ noConflictConfirmed: true, disclosure: 'I mediated Acme v. Beta last year.' });
  });

  it('without a match the dialog is the spec’s: no disclosure field, none sent', async () => {
    serve([]);
    const dialog = await openAccept();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/conflicts'))).toBe(true));
    expect(within(dialog).queryByRole('textbox', { name: /Disclosure/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Acceptance' }));
    await waitFor(() => expect(calls('POST', '/accept')).toHaveLength(1));
    expect(bodyOf(calls('POST', '/accept')[0])).not.toHaveProperty('disclosure');
  });
});

describe('SelectionList disclosure', () => {
  it('shows a Disclosure block under the mediator who wrote one, and none under the other', async () => {
    const base = {
      requestId: ID,
      status: 'pending',
      proposedRate: null,
      note: null,
      acceptedAt: '2026-01-01T00:00:00.000Z',
      conflictMatches: [],
      disclosure: null,
    };
    const mediator = (id: string, firstName: string) => ({
      id,
      firstName,
      lastName: 'Mediator',
      profileImageUrl: null,
      rating: '4.80',
      reviewCount: 3,
      specialization: 'Family Law',
      specializations: ['Family Law'],
      bio: null,
      yearsOfExperience: 10,
      hourlyRate: '350.00',
      verified: true,
    });
    const list = [
      { ...base, id: 'a1', mediatorId: 'm1', mediator: mediator('m1', 'Maria'), disclosure: 'I mediated Acme v. Beta.', conflictMatches: [MATCH] },
      { ...base, id: 'a2', mediatorId: 'm2', mediator: mediator('m2', 'James') },
    ] as AcceptanceDto[];
    fetchMock.mockImplementation(async () => json(list));
    renderWith(<SelectionList request={request} onSelected={vi.fn()} onBalanceDue={vi.fn()} />);
    const blocks = await screen.findAllByRole('region', { name: 'Disclosure' });
    expect(blocks).toHaveLength(1);
    expect(within(blocks[0]).getByText('I mediated Acme v. Beta.')).toBeTruthy();
    expect(within(blocks[0]).getByText('acme corp')).toBeTruthy();
  });
});

describe('CasePartiesCard', () => {
  const sides = (second: unknown) => ({
    mySeat: 'first' as const,
    first: null,
    second,
    invitation: null,
    parties: [
      { kind: 'party', name: 'Jane Smith', side: 'first' },
      { kind: 'firm', name: 'Jones LLP', side: 'second' },
    ],
  });

  it('lists both sides and saves the edited list of one side whole', async () => {
    serve([]);
    renderWith(<CasePartiesCard request={{ ...request, sides: sides(null) } as RequestDto} />);
    expect(screen.getByText('Jane Smith')).toBeTruthy();
    expect(screen.getByText('Jones LLP')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit your side' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add party or firm' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Entry 2: party or firm' }), { target: { value: 'firm' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Entry 2: name' }), { target: { value: 'Smith Counsel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/parties')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/parties')[0])).toEqual({
      side: 'first',
      parties: [
        { kind: 'party', name: 'Jane Smith' },
        { kind: 'firm', name: 'Smith Counsel' },
      ],
    });
  });

  it('the other side’s list is editable only while nobody holds that seat; mediators see no card', () => {
    const joined = { id: 'x', firstName: 'O', lastName: 'C', firmName: null, email: 'o@example.com' };
    renderWith(<CasePartiesCard request={{ ...request, sides: sides(joined) } as RequestDto} />);
    expect(screen.getByRole('button', { name: 'Edit your side' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit other side' })).toBeNull();
    cleanup();
    renderWith(<CasePartiesCard request={{ ...request, sides: { ...sides(null), mySeat: 'mediator' } } as RequestDto} />);
    expect(screen.queryByText('Parties and firms')).toBeNull();
  });
});
