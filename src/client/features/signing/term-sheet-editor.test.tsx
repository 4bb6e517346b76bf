// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNING_TEXTS } from '../../../common/schemas/signing';
import { caseSigning, contentV2, REQUEST_ID, version } from './signing.fixture';
import { json, loaded, mockFetchPerTest, renderCards, writes, type Call } from './test-render';

// The term sheet editor (issue 26): rows of parties and payments, the sections, a note; checked with the shared schema
// before sending, the server's fieldErrors under their fields; prefilled from the version it starts from.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

mockFetchPerTest();

async function openFirstDraft(answer?: (call: Call) => Response | undefined) {
  renderCards(caseSigning({ termSheet: { canDraft: true } }), { as: 'first' }, answer);
  await loaded(/Draft the first version of the terms/);
  fireEvent.click(screen.getByRole('button', { name: 'Draft the first version' }));
  return screen.getByRole('dialog', { name: 'Draft the first version' });
}

const row = (dialog: HTMLElement, testId: 'party-row' | 'payment-row', i: number) => within(within(dialog).getAllByTestId(testId)[i]);

describe('the term sheet editor', () => {
  it('refuses a party without a name, under the field, and sends nothing', async () => {
    const dialog = await openFirstDraft();
    expect(within(dialog).getAllByTestId('party-row')).toHaveLength(1);
    expect(row(dialog, 'party-row', 0).getByText(/Parties with an e-mail sign by a link sent there/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await row(dialog, 'party-row', 0).findByText(SIGNING_TEXTS.partyName)).toBeTruthy();
    expect((row(dialog, 'party-row', 0).getByLabelText(/Name/) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);
  });

  it('adds and removes rows and sends the first version as typed', async () => {
    const dialog = await openFirstDraft();
    fireEvent.change(row(dialog, 'party-row', 0).getByLabelText(/Name/), { target: { value: 'Dana Doe' } });
    fireEvent.change(row(dialog, 'party-row', 0).getByLabelText('E-mail (optional)'), { target: { value: 'dana@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a party' }));
    fireEvent.change(row(dialog, 'party-row', 1).getByLabelText(/Name/), { target: { value: 'Acme Corp' } });
    fireEvent.change(row(dialog, 'party-row', 1).getByLabelText('Side'), { target: { value: 'second' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a party' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove party 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a payment' }));
    const payment = row(dialog, 'payment-row', 0);
    fireEvent.change(payment.getByLabelText(/Amount/), { target: { value: '25000.00' } });
    fireEvent.change(payment.getByLabelText(/Due date/), { target: { value: '2030-04-01' } });
    fireEvent.change(payment.getByLabelText(/Payer/), { target: { value: 'Acme Corp' } });
    fireEvent.change(payment.getByLabelText(/Payee/), { target: { value: 'Dana Doe' } });
    fireEvent.change(within(dialog).getByLabelText('3. Releases'), { target: { value: 'Mutual release.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/api/requests/${REQUEST_ID}/term-sheet/versions`,
        body: {
          content: {
            parties: [
              { name: 'Dana Doe', side: 'first', email: 'dana@example.com' },
              { name: 'Acme Corp', side: 'second', email: null },
            ],
            payments: [{ amount: '25000.00', payer: 'Acme Corp', payee: 'Dana Doe', dueDate: '2030-04-01' }],
            releases: 'Mutual release.',
            confidentiality: '',
            dismissal: '',
            otherTerms: '',
          },
        },
      },
    ]);
  });

  it('shows the server’s fieldErrors under their fields', async () => {
    const refusal = { 'content.parties.0.email': SIGNING_TEXTS.partyEmail, note: SIGNING_TEXTS.note };
    const dialog = await openFirstDraft((call) =>
      call.method === 'POST' ? json({ message: 'Check the highlighted fields', code: 'bad_request', fieldErrors: refusal }, 400) : undefined,
    );
    fireEvent.change(row(dialog, 'party-row', 0).getByLabelText(/Name/), { target: { value: 'Dana Doe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await row(dialog, 'party-row', 0).findByText(SIGNING_TEXTS.partyEmail)).toBeTruthy();
    expect(within(dialog).getByText(SIGNING_TEXTS.note)).toBeTruthy();
    expect(within(dialog).getByText('Some fields need changes: see the messages under them.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('counsel propose edits to the latest version, prefilled from it', async () => {
    renderCards(caseSigning({ termSheet: { versions: [version(1, { status: 'superseded' }), version(2)], canPropose: true } }), { as: 'second' });
    await loaded('Version 2', { selector: 'h3' });
    fireEvent.click(screen.getByRole('button', { name: 'Propose edits' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose edits to version 2' });
    expect((row(dialog, 'party-row', 0).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Dana Doe');
    expect((row(dialog, 'party-row', 1).getByLabelText('Side') as HTMLSelectElement).value).toBe('second');
    expect((row(dialog, 'payment-row', 0).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('30000.00');
    expect((within(dialog).getByLabelText('5. Dismissal') as HTMLTextAreaElement).value).toBe(contentV2.dismissal);
    fireEvent.change(within(dialog).getByLabelText('6. Other terms'), { target: { value: 'Each side bears its own costs.' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'We need the costs term.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose these edits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/api/requests/${REQUEST_ID}/term-sheet/proposals`,
        body: { baseVersion: 2, content: { ...contentV2, otherTerms: 'Each side bears its own costs.' }, note: 'We need the costs term.' },
      },
    ]);
  });
});
