// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agreementEnvelope, caseSigning, signers } from './signing.fixture';
import { loaded, mockFetchPerTest, renderCards } from './test-render';

// The agreement to mediate card (issue 26): only when the mediator requires it; counsel who have not signed are told
// plainly that the case stays closed to them until they sign.
vi.mock('../../components/ui/use-toast', () => ({ toast: vi.fn(), toastError: vi.fn() }));

mockFetchPerTest();

const LOCK = 'Sign the agreement to mediate to open this case.';
const HELD = 'Until you sign it, the case’s messages, documents and sessions stay closed to you.';
const PER_COUNSEL = 'Each counsel sees the case’s messages, documents and sessions once they have signed.';

describe('the agreement card', () => {
  it('tells a counsel who has not signed that the case stays closed to them until they sign, and offers to sign', async () => {
    const waiting = agreementEnvelope({
      canSign: true,
      signers: [
        { ...signers.firstCounsel, isMe: true },
        { ...signers.secondCounsel, status: 'signed', signedAt: '2030-03-03T16:20:00.000Z', method: 'password' },
      ],
    });
    const { container } = renderCards(caseSigning({ agreement: { required: true, signedByMe: false, envelopes: [waiting] } }));
    await loaded(LOCK);
    const card = container.querySelector('#agreement') as HTMLElement;
    expect(within(card).getByRole('heading', { level: 2, name: 'Agreement to mediate' })).toBeTruthy();
    expect(within(card).getByTestId('agreement-lock').textContent).toContain(HELD);
    const rows = within(card).getAllByTestId('signer');
    expect(rows.map((r) => r.textContent?.includes('Waiting'))).toEqual([true, false]);
    expect(rows[1].textContent).toContain('Signed');
    expect(within(card).getByRole('link', { name: 'Read the agreement (PDF)' }).getAttribute('href')).toBe(waiting.documentUrl);
    expect(within(card).getByRole('button', { name: 'Sign the agreement' })).toBeTruthy();
  });

  it('once the reader has signed, the lock is a plain line; sealed, it offers the sealed PDF and the audit certificate', async () => {
    const sealed = agreementEnvelope({
      status: 'sealed',
      sealedAt: '2030-03-04T18:00:00.000Z',
      sha256: 'cd'.repeat(32),
      signers: [signers.firstCounsel, signers.secondCounsel].map((s) => ({ ...s, status: 'signed' as const, signedAt: '2030-03-04T17:00:00.000Z' })),
    });
    const { container } = renderCards(caseSigning({ agreement: { required: true, signedByMe: true, envelopes: [sealed] } }));
    await loaded('Every counsel has signed: the case is open.');
    const card = container.querySelector('#agreement') as HTMLElement;
    expect(within(card).queryByTestId('agreement-lock')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Download the sealed PDF' }).getAttribute('href')).toBe(sealed.documentUrl);
    expect(within(card).getByRole('link', { name: 'Audit certificate (PDF)' }).getAttribute('href')).toBe(sealed.auditUrl);
    expect(within(card).queryByRole('button', { name: 'Sign the agreement' })).toBeNull();
  });

  it('the mediator sees who has signed, without the lock', async () => {
    renderCards(caseSigning({ agreement: { required: true, signedByMe: true, envelopes: [agreementEnvelope()] } }), { as: 'mediator' });
    await loaded(PER_COUNSEL);
    expect(screen.queryByTestId('agreement-lock')).toBeNull();
    expect(screen.getAllByTestId('signer')).toHaveLength(2);
  });

  it('is not shown when the mediator does not require one', async () => {
    renderCards(caseSigning());
    await loaded(/No term sheet yet/);
    expect(screen.queryByRole('heading', { name: 'Agreement to mediate' })).toBeNull();
  });
});
