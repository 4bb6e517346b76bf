// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDocumentDto, RequestDto } from '../../../common/api-types';
import { CaseDocumentsCard } from './case-documents-card';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const ME = '1f0e2d3c-4b5a-4968-8776-655443322110';
const OTHER = '2f0e2d3c-4b5a-4968-8776-655443322110';
const MEDIATOR = '3f0e2d3c-4b5a-4968-8776-655443322110';

const doc = (over: Partial<RequestDocumentDto>): RequestDocumentDto => ({
  kind: 'case_file',
  objectPath: '/objects/x',
  url: '/api/files/objects/x',
  fileName: 'file.pdf',
  size: 100,
  uploadId: 'a0000000-0000-4000-8000-000000000001',
  visibility: 'everyone',
  side: 'first',
  mine: true,
  accesses: [],
  removedAt: null,
  ...over,
});

const mine = doc({
  uploadId: 'a0000000-0000-4000-8000-000000000001',
  fileName: 'exhibit-a.pdf',
  accesses: [
    { userId: OTHER, name: 'Olivia Opponent', accessedAt: '2026-03-02T10:00:00.000Z' },
    { userId: MEDIATOR, name: 'Max Mediator', accessedAt: '2026-03-01T10:00:00.000Z' },
    { userId: OTHER, name: 'Olivia Opponent', accessedAt: '2026-02-28T10:00:00.000Z' },
  ],
});
const brief = doc({ uploadId: 'a0000000-0000-4000-8000-000000000002', kind: 'brief', fileName: 'brief.pdf', visibility: 'side_and_mediator', accesses: [] });
const theirs = doc({ uploadId: 'a0000000-0000-4000-8000-000000000003', fileName: 'their-exhibit.pdf', side: 'second', mine: false, accesses: null });

const request = (over: Partial<RequestDto> = {}) =>
  ({ id: REQUEST_ID, lawyerId: ME, opposingLawyerId: OTHER, status: 'matched', fullAccess: true, documents: [brief, mine, theirs], ...over }) as RequestDto;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === 'PATCH' ? json({ uploadId: mine.uploadId, visibility: JSON.parse(String(init.body)).visibility, accesses: [], changes: [] }) : json({}),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(r: RequestDto, userId = ME) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CaseDocumentsCard request={r} userId={userId} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const badgeOf = (row: HTMLElement) => within(row).getByTestId('visibility-badge').textContent;
const rowOf = (name: RegExp) => screen.getAllByTestId('case-document').find((li) => within(li).queryByRole('link', { name }))!;

describe('CaseDocumentsCard', () => {
  it('lists each document with its link, a visibility badge and who added it; the uploader sees who opened theirs', () => {
    renderCard(request());
    expect(screen.getByRole('link', { name: /Mediation brief: brief.pdf/ }).getAttribute('href')).toBe('/api/files/objects/x');
    expect(badgeOf(rowOf(/brief.pdf/))).toBe('Visible to: My side and the mediator');
    const own = rowOf(/exhibit-a.pdf/);
    expect(badgeOf(own)).toBe('Visible to: Everyone in the case');
    expect(within(own).getByText('Added by you')).toBeTruthy();
    expect(within(own).getByText('Opened by (3)')).toBeTruthy();
    const log = within(own).getByRole('list', { name: 'Who opened exhibit-a.pdf' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Olivia Opponent'), expect.stringContaining('Max Mediator'), expect.stringContaining('Olivia Opponent')]);
    // The other side's document: its badge in their words, no control, no log.
    const other = rowOf(/their-exhibit.pdf/);
    expect(within(other).getByText("Added by opposing counsel's side")).toBeTruthy();
    expect(within(other).queryByRole('combobox')).toBeNull();
    expect(within(other).queryByText(/Opened by/)).toBeNull();
  });

  it('shows a document removed under the retention policy by name and date, with no link and no visibility control', () => {
    const removed = doc({ uploadId: 'a0000000-0000-4000-8000-000000000009', fileName: 'old-exhibit.pdf', removedAt: '2026-03-09T12:00:00.000Z' });
    renderCard(request({ documents: [removed, brief] }));
    const row = screen.getAllByTestId('case-document').find((li) => li.textContent?.includes('old-exhibit.pdf'))!;
    expect(row.textContent).toMatch(/Case file: old-exhibit\.pdf/);
    expect(row.textContent).toMatch(/Removed under the retention policy on Mar 09, 2026\./);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: /Mediation brief: brief.pdf/ })).toBeTruthy();
  });

  it('narrowing asks first, naming who already opened it, then saves', async () => {
    renderCard(request());
    const own = rowOf(/exhibit-a.pdf/);
    fireEvent.change(within(own).getByLabelText('Who can see exhibit-a.pdf'), { target: { value: 'own_side' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Already opened by Olivia Opponent, Max Mediator\./)).toBeTruthy();
    expect(patches()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limit access' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const [url, init] = patches()[0];
    expect(String(url)).toBe(`/api/requests/${REQUEST_ID}/documents/${mine.uploadId}`);
    expect(JSON.parse(String(init!.body))).toEqual({ visibility: 'own_side' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('widening saves at once; keeping it as it is sends nothing', async () => {
    renderCard(request());
    const briefRow = rowOf(/brief.pdf/);
    fireEvent.change(within(briefRow).getByLabelText('Who can see brief.pdf'), { target: { value: 'everyone' } });
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(within(briefRow).getByLabelText('Who can see brief.pdf'), { target: { value: 'own_side' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Nobody else has opened it yet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it as it is' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toHaveLength(1);
  });

  it('a counsel held by an unsigned agreement to mediate is told to sign it, and adds nothing until then', () => {
    renderCard(request({ documents: [], agreementHeld: true }), OTHER);
    expect(screen.getByTestId('agreement-required').textContent).toMatch(/Sign the agreement to mediate first/);
    expect(screen.getByRole('link', { name: 'Read and sign the agreement' }).getAttribute('href')).toMatch(/#agreement$/);
    expect(screen.queryByRole('button', { name: 'Add document' })).toBeNull();
    expect(screen.queryByText('No documents yet.')).toBeNull();
  });

  it('counsel can add a document while the case is open; the selected mediator only reads', () => {
    renderCard(request({ documents: [] }), OTHER);
    expect(screen.getByText('No documents yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add document' })).toBeTruthy();
    expect((screen.getByLabelText('Who can see it') as HTMLSelectElement).value).toBe('everyone');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'brief' } });
    expect((screen.getByLabelText('Who can see it') as HTMLSelectElement).value).toBe('side_and_mediator');
    cleanup();

    renderCard(request({ documents: [{ ...brief, mine: false, accesses: null }] }), MEDIATOR);
    expect(screen.queryByRole('button', { name: 'Add document' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('visibility-badge').textContent).toBe('Visible to: Their side and the mediator');
    cleanup();

    renderCard(request({ fullAccess: false, documents: [] }), MEDIATOR);
    expect(screen.queryByText('Documents')).toBeNull();
  });
});
