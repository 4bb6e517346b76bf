// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { AuditList } from './audit-list';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const auditUrls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));

const ADMIN = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' };
const LAWYER = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Lee', lastName: 'Lawyer', email: 'lee@example.com' };

const STATUS_CHANGE: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  createdAt: '2026-03-05T15:20:00Z',
  action: 'user.status',
  actor: ADMIN,
  targetType: 'user',
  targetId: LAWYER.id,
  targetUser: LAWYER,
  details: { from: 'active', to: 'suspended' },
};
const DISPUTE: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  createdAt: '2026-03-04T10:00:00Z',
  action: 'dispute.resolve',
  actor: null,
  targetType: 'dispute',
  targetId: 'bbbbbbbb-0000-4000-8000-000000000002',
  targetUser: null,
  details: { outcome: 'refund', refundAmount: '1075.50', note: null },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const [action, setAction] = useState('');
  return <AuditList action={action} onActionChange={setAction} />;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const cardOf = (heading: string) => screen.getByRole('heading', { name: heading }).closest('li') as HTMLElement;
const value = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('AuditList', () => {
  it('shows who did what to whom in plain words, and loads more', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return url.searchParams.get('cursor') === 'p2' ? json([DISPUTE]) : json([STATUS_CHANGE], 200, { 'X-Next-Cursor': 'p2' });
    });
    renderList();
    const status = await screen.findByRole('heading', { name: 'Changed a user’s status' });
    const card = status.closest('li') as HTMLElement;
    expect(value(card, 'By')).toBe('Ada Admin (ada@example.com)');
    expect(value(card, 'Target')).toBe('Lee Lawyer');
    expect(value(card, 'From')).toBe('active');
    expect(value(card, 'To')).toBe('suspended');
    expect(
      within(card)
        .getByText((_, el) => el?.tagName === 'TIME')
        .getAttribute('datetime'),
    ).toBe(STATUS_CHANGE.createdAt);

    fireEvent.click(screen.getByRole('button', { name: /load more/i }));
    await screen.findByRole('heading', { name: 'Resolved a dispute' });
    const dispute = cardOf('Resolved a dispute');
    expect(value(dispute, 'By')).toBe('A removed admin');
    expect(value(dispute, 'Target')).toBe(`Dispute ${DISPUTE.targetId}`);
    expect(value(dispute, 'Refund amount')).toBe('$1,075.50');
    expect(within(dispute).queryByText('Note')).toBeNull();
  });

  it('filters by action through the API', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return json(url.searchParams.get('action') === 'dispute.resolve' ? [DISPUTE] : [STATUS_CHANGE]);
    });
    renderList();
    await screen.findByRole('heading', { name: 'Changed a user’s status' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'dispute.resolve' } });
    await screen.findByRole('heading', { name: 'Resolved a dispute' });
    expect(screen.queryByRole('heading', { name: 'Changed a user’s status' })).toBeNull();
    expect(auditUrls().at(-1)?.searchParams.get('action')).toBe('dispute.resolve');
  });

  it('says so when nothing is recorded, and shows errors', async () => {
    fetchMock.mockImplementationOnce(async () => json([]));
    renderList();
    expect(await screen.findByText(/Nothing recorded yet/)).toBeTruthy();
    cleanup();
    fetchMock.mockImplementation(async () => json({ message: 'The database is unavailable' }, 503));
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('The database is unavailable');
  });

  it('is accessible (axe)', async () => {
    fetchMock.mockImplementation(async () => json([STATUS_CHANGE, DISPUTE], 200, { 'X-Next-Cursor': 'p2' }));
    renderList();
    await screen.findByRole('heading', { name: 'Resolved a dispute' });
    expect(await axeViolations()).toEqual([]);
  });
});
