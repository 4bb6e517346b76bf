// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_TEXTS } from '../../../common/schemas/signing';
import { AGREEMENT_ID, agreementEnvelope, caseSigning, signers } from './signing.fixture';
import { json, mockFetchPerTest, renderCards, writes, type Call } from './test-render';

// Counsel signing (issue 26): the intent to sign first, a typed signature shown in a handwriting style, the password
// again; the server's refusal of the password said under the field.
vi.mock('../../components/ui/use-toast', () => ({ toast: vi.fn(), toastError: vi.fn() }));

mockFetchPerTest();
// The drawn signature's test spies on the canvas.
afterEach(() => vi.restoreAllMocks());

const INTENT = 'I have read this document and intend to sign it electronically';
const WRONG_PASSWORD = 'The password is not correct';

async function openSignDialog(answer?: (call: Call) => Response | undefined) {
  const envelope = agreementEnvelope({ canSign: true, signers: [{ ...signers.firstCounsel, isMe: true }, signers.secondCounsel] });
  renderCards(caseSigning({ agreement: { required: true, signedByMe: false, envelopes: [envelope] } }), { as: 'first' }, answer);
  fireEvent.click(await screen.findByRole('button', { name: 'Sign the agreement' }, { timeout: 15_000 }));
  return screen.getByRole('dialog', { name: 'Sign “Agreement to mediate”' });
}

const fill = (dialog: HTMLElement, { name = 'Lena Lawyer', password = 'correct horse battery' } = {}) => {
  fireEvent.change(within(dialog).getByLabelText('Type your full name'), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: password } });
};

describe('the sign dialog', () => {
  it('does not submit without the intent to sign', async () => {
    const dialog = await openSignDialog();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText(SIGNING_TEXTS.intent)).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: INTENT }) as HTMLInputElement).checked).toBe(false);
    expect(writes()).toEqual([]);
  });

  it('sends the intent, the typed signature and the password', async () => {
    const dialog = await openSignDialog();
    expect(within(dialog).getByRole('link', { name: 'Read the document (PDF)' }).getAttribute('href')).toBe(agreementEnvelope().documentUrl);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: INTENT }));
    fill(dialog);
    expect(within(dialog).getByTestId('typed-signature-preview').textContent).toBe('Lena Lawyer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/api/signing/envelopes/${AGREEMENT_ID}/sign`,
        body: { intent: true, signature: { kind: 'typed', text: 'Lena Lawyer' }, password: 'correct horse battery' },
      },
    ]);
  });

  it('asks for a signature and the password before sending', async () => {
    const dialog = await openSignDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: INTENT }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText(SIGNING_TEXTS.typedSignature)).toBeTruthy();
    expect(within(dialog).getByText(SIGNING_TEXTS.password)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('shows a wrong password under the password field and stays open', async () => {
    const dialog = await openSignDialog((call) =>
      call.url.endsWith('/sign') ? json({ message: WRONG_PASSWORD, code: 'bad_request', fieldErrors: { password: WRONG_PASSWORD } }, 400) : undefined,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: INTENT }));
    fill(dialog, { password: 'wrong' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    const error = await within(dialog).findByText(WRONG_PASSWORD);
    const password = within(dialog).getByLabelText(/Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(error.id);
    // Said once, under the field.
    expect(within(dialog).getAllByText(WRONG_PASSWORD)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('signs with a drawn signature, sent as a PNG data URL; an empty pad is refused, and Clear empties it', async () => {
    // jsdom has no canvas: the pad draws on a stand-in context and exports a fixed PNG.
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const context = { beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(png);
    const dialog = await openSignDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: INTENT }));
    fill(dialog, { name: '' });
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Draw' }));
    const pad = within(dialog).getByRole('img', { name: 'Signature pad: draw your signature here' });
    pad.setPointerCapture = vi.fn();
    const clear = within(dialog).getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText(SIGNING_TEXTS.drawnSignature)).toBeTruthy();

    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 20 });
    fireEvent.pointerUp(pad);
    expect(context.stroke).toHaveBeenCalled();
    expect(clear.disabled).toBe(false);
    fireEvent.click(clear);
    expect(context.clearRect).toHaveBeenCalled();
    expect(clear.disabled).toBe(true);

    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/api/signing/envelopes/${AGREEMENT_ID}/sign`,
        body: { intent: true, signature: { kind: 'drawn', image: png }, password: 'correct horse battery' },
      },
    ]);
  });
});
