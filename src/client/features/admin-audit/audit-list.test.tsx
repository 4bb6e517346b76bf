// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '../../../common/audit-description';
import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { AuditList } from './audit-list';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const auditUrls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));

const ADMIN = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' };
const LAWYER = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Lee', lastName: 'Lawyer', email: 'lee@example.com' };
const MESSAGE_ID = '66666666-6666-4666-8666-666666666666';

// As the server sends them: the stored details (ids, codes) and the same entry in words (common/audit-description.ts,
// tested there for every action); the list shows only the words.
const STATUS_CHANGE: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  createdAt: '2026-03-05T15:20:00Z',
  action: 'user.status',
  actor: ADMIN,
  targetType: 'user',
  targetId: LAWYER.id,
  targetUser: LAWYER,
  details: { from: 'approved', to: 'suspended' },
  description: {
    title: 'Changed a user’s status',
    by: 'Ada Admin (ada@example.com)',
    target: 'Lee Lawyer',
    lines: [{ label: 'Status', value: 'Approved → Suspended' }],
  },
};
const DISPUTE: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  createdAt: '2026-03-04T10:00:00Z',
  action: 'dispute.resolve',
  actor: null,
  targetType: 'dispute',
  targetId: 'bbbbbbbb-0000-4000-8000-000000000002',
  targetUser: null,
  details: { requestId: '55555555-5555-4555-8555-555555555555', outcome: 'refund_partial', refundAmount: '400.00', note: 'Left early.' },
  description: {
    title: 'Resolved a dispute',
    by: 'An admin whose account was since deleted',
    target: 'Dispute on Smith v. Jones (Case #CV-1)',
    lines: [
      { label: 'Outcome', value: 'Partial refund of $400 to the lawyer; the rest paid to the mediator' },
      { label: 'Note', value: 'Left early.' },
    ],
  },
};
const SUPPORT: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  createdAt: '2026-03-06T09:00:00Z',
  action: 'support.handled',
  actor: ADMIN,
  targetType: 'contact_message',
  targetId: MESSAGE_ID,
  targetUser: null,
  details: { handled: true },
  description: {
    title: 'Marked a support message handled',
    by: 'Ada Admin (ada@example.com)',
    target: 'Support message “Cannot upload” from Pat Sender (pat@example.com)',
    lines: [{ label: 'Now', value: 'Handled' }],
  },
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
  it('shows who did what to whom in words, and loads more', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return url.searchParams.get('cursor') === 'p2' ? json([DISPUTE]) : json([STATUS_CHANGE, SUPPORT], 200, { 'X-Next-Cursor': 'p2' });
    });
    renderList();
    const status = await screen.findByRole('heading', { level: 2, name: 'Changed a user’s status' });
    const card = status.closest('li') as HTMLElement;
    expect(value(card, 'By')).toBe('Ada Admin (ada@example.com)');
    expect(value(card, 'Target')).toBe('Lee Lawyer');
    expect(value(card, 'Status')).toBe('Approved → Suspended');
    expect(
      within(card)
        .getByText((_, el) => el?.tagName === 'TIME')
        .getAttribute('datetime'),
    ).toBe(STATUS_CHANGE.createdAt);

    const support = cardOf('Marked a support message handled');
    expect(value(support, 'Target')).toBe('Support message “Cannot upload” from Pat Sender (pat@example.com)');
    expect(value(support, 'Now')).toBe('Handled');

    fireEvent.click(screen.getByRole('button', { name: /load more/i }));
    await screen.findByRole('heading', { name: 'Resolved a dispute' });
    const dispute = cardOf('Resolved a dispute');
    expect(value(dispute, 'By')).toBe('An admin whose account was since deleted');
    expect(value(dispute, 'Target')).toBe('Dispute on Smith v. Jones (Case #CV-1)');
    expect(value(dispute, 'Outcome')).toBe('Partial refund of $400 to the lawyer; the rest paid to the mediator');
    expect(value(dispute, 'Note')).toBe('Left early.');
  });

  it('shows the description only, never the stored details', async () => {
    fetchMock.mockImplementation(async () => json([STATUS_CHANGE, DISPUTE, SUPPORT]));
    renderList();
    await screen.findByRole('heading', { name: 'Resolved a dispute' });
    const text = screen.getByRole('list').textContent ?? '';
    expect(text).not.toContain(MESSAGE_ID);
    expect(text).not.toMatch(/refund_partial|requestId|true|handled:/i);
  });

  it('offers every action the server records in the filter, in words', async () => {
    fetchMock.mockImplementation(async () => json([]));
    renderList();
    await screen.findByText(/Nothing recorded yet/);
    const options = [...(screen.getByLabelText('Action') as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([['', 'All actions'], ...AUDIT_ACTIONS.map((a) => [a, AUDIT_ACTION_LABELS[a]])]);
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
