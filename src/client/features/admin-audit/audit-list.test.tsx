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
  targetLabel: null,
  details: { from: 'approved', to: 'suspended' },
  people: {},
};
const DISPUTE: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  createdAt: '2026-03-04T10:00:00Z',
  action: 'dispute.resolve',
  actor: null,
  targetType: 'dispute',
  targetId: 'bbbbbbbb-0000-4000-8000-000000000002',
  targetUser: null,
  targetLabel: null,
  details: { outcome: 'refund', refundAmount: '1075.50', note: null },
  people: {},
};
const PREVIOUS = '33333333-3333-4333-8333-333333333333';
const NEXT = '44444444-4444-4444-8444-444444444444';
const REQUEST = '55555555-5555-4555-8555-555555555555';
const REASSIGN: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  createdAt: '2026-03-06T09:00:00Z',
  action: 'request.reassign',
  actor: ADMIN,
  targetType: 'request',
  targetId: REQUEST,
  targetUser: null,
  targetLabel: 'Smith v. Jones (Case #CV-1)',
  details: { from: PREVIOUS, to: NEXT, status: 'in_progress' },
  people: { [PREVIOUS]: 'Pat Previous', [NEXT]: 'Nia Next' },
};
const SETTINGS: AuditEntryDto = {
  id: 'aaaaaaaa-0000-4000-8000-000000000004',
  createdAt: '2026-03-06T08:00:00Z',
  action: 'settings.update',
  actor: ADMIN,
  targetType: 'settings',
  targetId: null,
  targetUser: null,
  targetLabel: null,
  details: {
    commissionPercentage: { from: '10.00', to: '12.50' },
    minimumPlatformFee: { from: '50.00', to: '55.55' },
    payoutHoldHours: { from: 72, to: 24 },
    termsOfService: { from: null, to: 'x'.repeat(400) },
    emailTemplates: { reset_password: { from: null, to: { subject: 'Hi', body: '{{link}}' } }, verify_email: { from: { subject: 'a', body: 'b' }, to: null } },
  },
  people: {},
};
const RESOLVED: AuditEntryDto = {
  ...DISPUTE,
  id: 'aaaaaaaa-0000-4000-8000-000000000005',
  actor: ADMIN,
  targetLabel: 'Smith v. Jones (Case #CV-1)',
  details: { requestId: REQUEST, outcome: 'refund_partial', refundAmount: '400.00', note: 'Left early.' },
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
    expect(value(card, 'Status')).toBe('approved → suspended');
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

  it('names cases and people instead of ids, and shows each change as before → after', async () => {
    fetchMock.mockImplementation(async () => json([REASSIGN, SETTINGS, RESOLVED]));
    renderList();
    const reassign = (await screen.findByRole('heading', { name: 'Reassigned a mediator' })).closest('li') as HTMLElement;
    expect(value(reassign, 'Target')).toBe('Smith v. Jones (Case #CV-1)');
    expect(value(reassign, 'Mediator')).toBe('Pat Previous → Nia Next');
    expect(value(reassign, 'Status')).toBe('in progress');
    expect(reassign.textContent).not.toContain(PREVIOUS);

    const settings = cardOf('Updated the platform settings');
    expect(value(settings, 'Commission percentage')).toBe('10% → 12.5%');
    expect(value(settings, 'Minimum platform fee')).toBe('$50 → $55.55');
    expect(value(settings, 'Payout hold hours')).toBe('72 → 24');
    expect(value(settings, 'Terms of service')).toMatch(/^none → “x{160}…”$/);
    expect(value(settings, 'E-mail templates')).toBe('Password reset: customised; Confirm e-mail address: back to the standard text');
    expect(settings.textContent).not.toMatch(/[{}]/);

    const dispute = cardOf('Resolved a dispute');
    expect(value(dispute, 'Target')).toBe('Dispute on Smith v. Jones (Case #CV-1)');
    expect(value(dispute, 'Outcome')).toBe('refund partial');
    expect(value(dispute, 'Refund amount')).toBe('$400');
    expect(within(dispute).queryByText('Request id')).toBeNull();
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
