// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentLine } from '../../../common/domain/signing';
import { SIGNING_TEXTS } from '../../../common/schemas/signing';
import { queryClient } from '../../lib/query-client';
import { caseSigning, contentV1, contentV2, envelope, proposal, PROPOSAL_ID, REQUEST_ID, signers, TERM_SHEET_ENVELOPE_ID, version } from './signing.fixture';
import { loaded, mockFetchPerTest, renderCards, writes } from './test-render';

// The term sheet card (issue 26): versions and their comparison, counsel's proposals and the mediator's decision,
// marking a version final, and the signing round with its refusal.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

mockFetchPerTest();

const twoVersions = (over: Parameters<typeof caseSigning>[0] = {}) =>
  caseSigning({ ...over, termSheet: { versions: [version(1, { status: 'superseded' }), version(2, { note: 'Raised the payment' })], ...over.termSheet } });

describe('versions', () => {
  it('lists every version, shows the newest as sections, and compares it with the one before in words', async () => {
    renderCards(twoVersions());
    await loaded('Raised the payment');
    const versions = screen.getAllByTestId('version');
    expect(versions.map((v) => within(v).getByRole('button').textContent)).toEqual(['Version 2', 'Version 1']);
    expect(within(versions[0]).getByText('Draft')).toBeTruthy();
    expect(within(versions[1]).getByText('Superseded')).toBeTruthy();
    expect(versions[0].textContent).toContain('By Max Mediator');

    const content = screen.getByTestId('term-sheet-content');
    expect(within(content).getByRole('region', { name: '2. Payment terms' }).textContent).toContain(paymentLine(contentV2.payments[0]));
    expect(within(content).getByRole('region', { name: '5. Dismissal' }).textContent).toContain('Dismissal with prejudice within 10 days of payment.');

    const compare = screen.getByRole('button', { name: 'Compare with version 1' });
    expect(compare.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(compare);
    const diff = screen.getByTestId('term-sheet-diff');
    expect(
      within(diff)
        .getAllByTestId('removed-line')
        .map((l) => l.textContent),
    ).toEqual([`Removed: ${paymentLine(contentV1.payments[0])}`, 'Removed: None.']);
    expect(
      within(diff)
        .getAllByTestId('added-line')
        .map((l) => l.textContent),
    ).toEqual([`Added: ${paymentLine(contentV2.payments[0])}`, 'Added: Dismissal with prejudice within 10 days of payment.']);
    // Struck and underlined as a redline, and the unchanged sections are left out.
    expect(within(diff).getAllByTestId('removed-line')[0].querySelector('del')).toBeTruthy();
    expect(within(diff).getAllByTestId('added-line')[0].querySelector('ins')).toBeTruthy();
    expect(diff.textContent).not.toContain('Releases');
  });

  it('shows an earlier version when chosen, with nothing before it to compare', async () => {
    renderCards(twoVersions());
    await loaded('Raised the payment');
    fireEvent.click(screen.getByRole('button', { name: 'Version 1' }));
    expect(screen.getByRole('button', { name: 'Version 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('term-sheet-content').textContent).toContain(paymentLine(contentV1.payments[0]));
    expect(screen.queryByRole('button', { name: /Compare with/ })).toBeNull();
  });
});

describe('proposed edits', () => {
  const withProposal = () => twoVersions({ termSheet: { proposals: [proposal()] } });

  it('the mediator sees the proposed changes and accepts them', async () => {
    renderCards(withProposal(), { as: 'mediator' });
    await loaded('We need the costs term.');
    const item = screen.getByTestId('proposal');
    expect(within(item).getByTestId('added-line').textContent).toBe('Added: Each side bears its own costs.');
    expect(within(item).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', url: `/api/term-sheet-proposals/${PROPOSAL_ID}/accept`, body: undefined }]));
  });

  it('the mediator declines with a reason, which is required', async () => {
    renderCards(withProposal(), { as: 'mediator' });
    await loaded('We need the costs term.');
    fireEvent.click(within(screen.getByTestId('proposal')).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline these edits?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline edits' }));
    expect(within(dialog).getByText(SIGNING_TEXTS.reason)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Costs were settled separately' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline edits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'POST', url: `/api/term-sheet-proposals/${PROPOSAL_ID}/decline`, body: { reason: 'Costs were settled separately' } }]);
  });

  it('counsel never see Accept or Decline; the proposing side withdraws its own', async () => {
    renderCards(withProposal(), { as: 'first' });
    await loaded('We need the costs term.');
    let item = screen.getByTestId('proposal');
    expect(within(item).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Decline' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', url: `/api/term-sheet-proposals/${PROPOSAL_ID}/withdraw`, body: undefined }]));

    cleanup();
    queryClient.clear();
    renderCards(withProposal(), { as: 'second' });
    await loaded('We need the costs term.');
    item = screen.getByTestId('proposal');
    expect(
      within(item)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([]);
  });

  it('a decided proposal says how it ended, with no actions', async () => {
    renderCards(twoVersions({ termSheet: { proposals: [proposal({ status: 'declined', decisionReason: 'Costs were settled separately' })] } }), {
      as: 'mediator',
    });
    await loaded('The mediator declined: Costs were settled separately');
    expect(within(screen.getByTestId('proposal')).queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('drafting and marking final', () => {
  it('counsel may draft the first version when none exists', async () => {
    renderCards(caseSigning({ termSheet: { canDraft: true } }));
    await loaded(/Draft the first version of the terms/);
    fireEvent.click(screen.getByRole('button', { name: 'Draft the first version' }));
    expect(screen.getByRole('dialog', { name: 'Draft the first version' })).toBeTruthy();
  });

  it('the mediator marks the latest draft final after a confirmation naming the parties who get an e-mail', async () => {
    renderCards(twoVersions({ termSheet: { canDraft: true } }), { as: 'mediator' });
    await loaded('Raised the payment');
    expect(screen.getByRole('button', { name: 'New version' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark version 2 final' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark version 2 final?' });
    expect(dialog.textContent).toContain('Everyone will be asked to sign it');
    expect(dialog.textContent).toContain('Dana Doe, at dana@example.com');
    expect(dialog.textContent).not.toContain('Acme Corp');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark final and ask for signatures' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'POST', url: `/api/requests/${REQUEST_ID}/term-sheet/versions/2/final`, body: undefined }]);
  });

  it('counsel cannot mark a version final, and nothing changes once the case is completed', async () => {
    renderCards(twoVersions({ termSheet: { canPropose: true } }), { as: 'first' });
    await loaded('Raised the payment');
    expect(screen.queryByRole('button', { name: /final/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Propose edits' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderCards(twoVersions({ termSheet: { canDraft: true, proposals: [proposal()] } }), { as: 'mediator', status: 'completed' });
    await loaded('Raised the payment');
    expect(screen.queryByRole('button', { name: /final|New version|Accept|Decline/ })).toBeNull();
  });
});

describe('the signing round', () => {
  const finalVersion = version(2, { status: 'final' });

  it('lists the signers and their states, with the preview; a signer signs or refuses with a reason', async () => {
    const open = envelope({
      canSign: true,
      signers: [
        { ...signers.firstCounsel, isMe: true },
        { ...signers.secondCounsel, status: 'signed', signedAt: '2030-03-03T16:20:00.000Z', method: 'password' },
        signers.party,
      ],
    });
    renderCards(caseSigning({ termSheet: { versions: [version(1, { status: 'superseded' }), finalVersion], envelopes: [open] } }));
    await loaded('1 of 3 signed.');
    const round = screen.getByTestId('envelope');
    const rows = within(round).getAllByTestId('signer');
    expect(rows[0].textContent).toContain('Lena Lawyer (you)');
    expect(within(rows[0]).getByText('Waiting')).toBeTruthy();
    expect(within(rows[1]).getByText('Signed')).toBeTruthy();
    expect(rows[1].textContent).toContain('confirmed by password');
    expect(rows[2].textContent).toContain('Party, requesting side');
    expect(within(round).getByRole('link', { name: 'Preview the PDF' }).getAttribute('href')).toBe(open.documentUrl);
    expect(within(round).queryByRole('link', { name: /Audit certificate/ })).toBeNull();
    expect(within(round).getByRole('button', { name: 'Sign version 2' })).toBeTruthy();

    fireEvent.click(within(round).getByRole('button', { name: 'Refuse to sign' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse to sign?' });
    expect(dialog.textContent).toContain('drafting opens again');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The payment date is too early' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse to sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      { method: 'POST', url: `/api/signing/envelopes/${TERM_SHEET_ENVELOPE_ID}/refuse`, body: { reason: 'The payment date is too early' } },
    ]);
  });

  it('a refused round says who refused and why, that drafting is open again, and offers its audit certificate', async () => {
    const refused = envelope({
      status: 'refused',
      signers: [signers.firstCounsel, { ...signers.secondCounsel, status: 'refused', refusalReason: 'The payment date is too early' }, signers.party],
    });
    renderCards(caseSigning({ termSheet: { versions: [finalVersion], envelopes: [refused], canDraft: true } }), { as: 'mediator' });
    await loaded(/Olivia Opponent refused to sign/);
    const round = screen.getByTestId('envelope');
    // The round's status and the refusing signer's.
    expect(within(round).getAllByText('Refused')).toHaveLength(2);
    expect(round.textContent).toContain('Reason: The payment date is too early');
    expect(round.textContent).toContain('Drafting is open again');
    expect(within(round).getByRole('link', { name: 'Audit certificate (PDF)' }).getAttribute('href')).toBe(refused.auditUrl);
    expect(within(round).queryByRole('button', { name: /Sign/ })).toBeNull();
    // The refused final version is not offered to be made final again: a new version is.
    expect(screen.queryByRole('button', { name: /final/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'New version' })).toBeTruthy();
  });

  it('a sealed round offers the sealed PDF and the audit certificate, with the file’s hash, and nothing more to draft or propose', async () => {
    const sealed = envelope({
      status: 'sealed',
      sealedAt: '2030-03-04T18:00:00.000Z',
      sha256: 'ab'.repeat(32),
      signers: [signers.firstCounsel, signers.secondCounsel, signers.party].map((s) => ({
        ...s,
        status: 'signed' as const,
        signedAt: '2030-03-04T17:00:00.000Z',
      })),
    });
    // The server would still let counsel propose edits: the card offers none on a signed version.
    renderCards(caseSigning({ termSheet: { versions: [version(2, { status: 'signed' })], envelopes: [sealed], canPropose: true } }));
    await loaded(/Signed by everyone and sealed/);
    const round = screen.getByTestId('envelope');
    const pdf = within(round).getByRole('link', { name: 'Download the sealed PDF' });
    expect(pdf.getAttribute('href')).toBe(sealed.documentUrl);
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(within(round).getByRole('link', { name: 'Audit certificate (PDF)' }).getAttribute('href')).toBe(sealed.auditUrl);
    expect(round.textContent).toContain('ab'.repeat(32));
    expect(screen.queryByRole('button', { name: /New version|Propose edits|final/ })).toBeNull();
  });
});
