// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SIGNING_TEXTS, type PartySigningSchema } from '../../../common/schemas/signing';
import { answerCalls, json, mockFetchPerTest, writes, type Call } from '../../features/signing/test-render';
import { queryClient } from '../../lib/query-client';
import { PartySignPage } from './party-sign-page';

// A party signing by the e-mailed link (issue 26): the document, a code e-mailed to them, the intent, the signature and
// the code; refusing with a reason; and links that cannot be used, in plain words.

type PartySigning = z.infer<typeof PartySigningSchema>;

const TOKEN = 'tok_abc123';
const INTENT = 'I have read this document and intend to sign it electronically';
const WRONG_CODE = 'This code is not correct';

const signing = (over: Partial<PartySigning> = {}): PartySigning => ({
  signerName: 'Jane Party',
  emailHint: 'j•••@example.com',
  title: 'Term sheet, version 2',
  caseName: 'Doe v. Roe',
  status: 'pending',
  envelopeStatus: 'open',
  documentUrl: `/api/sign/${TOKEN}/document`,
  expiresAt: '2030-03-20T15:00:00.000Z',
  ...over,
});

/** GET answers `page`; `answer` answers the rest. */
function renderPage(page: Response | (() => Response), answer: (call: Call) => Response = () => json({ sent: true })) {
  answerCalls((call) => {
    if (call.method === 'GET' && call.url === `/api/sign/${TOKEN}`) return typeof page === 'function' ? page() : page;
    return answer(call);
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/sign/${TOKEN}`]}>
        <Routes>
          <Route path="/sign/:token" element={<PartySignPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

mockFetchPerTest();

describe('the party signing page', () => {
  it('shows who is asked to sign what, in which case, with the PDF to read', async () => {
    renderPage(json(signing()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Term sheet, version 2' })).toBeTruthy();
    expect(screen.getByText('Jane Party, you are asked to sign this document.')).toBeTruthy();
    expect(screen.getByText('Doe v. Roe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the document (PDF)' }).getAttribute('href')).toBe(`/api/sign/${TOKEN}/document`);
    expect(screen.getByRole('link', { name: 'MediateHub home' })).toBeTruthy();
  });

  it('e-mails a code and says where it went', async () => {
    renderPage(json(signing()));
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(/We sent a 6-digit code to j•••@example\.com/)).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: `/api/sign/${TOKEN}/code`, body: undefined }]);
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('does not send without the intent, then signs with the intent, the signature and the code', async () => {
    renderPage(json(signing()), (call) => (call.url === `/api/sign/${TOKEN}` ? json(signing({ status: 'signed' })) : json({ sent: true })));
    fireEvent.change(await screen.findByLabelText('Type your full name'), { target: { value: 'Jane Party' } });
    fireEvent.change(screen.getByLabelText(/Code from the e-mail/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(SIGNING_TEXTS.intent)).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: INTENT }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Thank you: you signed this document.')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', url: `/api/sign/${TOKEN}`, body: { intent: true, signature: { kind: 'typed', text: 'Jane Party' }, code: '123456' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('shows a wrong code under the code field', async () => {
    renderPage(json(signing()), () => json({ message: WRONG_CODE, code: 'bad_request', fieldErrors: { code: WRONG_CODE } }, 400));
    fireEvent.click(await screen.findByRole('checkbox', { name: INTENT }));
    fireEvent.change(screen.getByLabelText('Type your full name'), { target: { value: 'Jane Party' } });
    fireEvent.change(screen.getByLabelText(/Code from the e-mail/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const error = await screen.findByText(WRONG_CODE);
    expect(screen.getByLabelText(/Code from the e-mail/).getAttribute('aria-describedby')).toContain(error.id);
  });

  it('refuses with a reason and the code typed on the page', async () => {
    renderPage(json(signing()), (call) =>
      call.url.endsWith('/refuse') ? json(signing({ status: 'refused', envelopeStatus: 'refused' })) : json({ sent: true }),
    );
    fireEvent.change(await screen.findByLabelText(/Code from the e-mail/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse to sign' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse to sign?' });
    expect((within(dialog).getByLabelText(/Code from the e-mail/) as HTMLInputElement).value).toBe('123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse to sign' }));
    expect(await within(dialog).findByText(SIGNING_TEXTS.reason)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The amount is wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse to sign' }));
    expect(await screen.findByText(/You refused to sign this document/)).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: `/api/sign/${TOKEN}/refuse`, body: { code: '123456', reason: 'The amount is wrong' } }]);
  });

  it('says so when the reader already signed, or the document is no longer open', async () => {
    renderPage(json(signing({ status: 'signed', envelopeStatus: 'sealed' })));
    expect(await screen.findByText('Thank you: you signed this document.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the signed document (PDF)' }).getAttribute('href')).toBe(`/api/sign/${TOKEN}/document`);
    cleanup();
    queryClient.clear();
    renderPage(json(signing({ envelopeStatus: 'refused' })));
    expect(await screen.findByText(/This document is no longer open for signing/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('says an expired link has expired (410) and an unknown one is not valid (404)', async () => {
    renderPage(() => json({ message: 'This signing link has expired' }, 410));
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link has expired' })).toBeTruthy();
    expect(screen.getByText(/Ask the mediator to send you a new one/)).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderPage(() => json({ message: 'This signing link is not valid' }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull());
  });
});
