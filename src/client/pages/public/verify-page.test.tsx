// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Verification } from '../../../common/schemas/signing';
import { userQueryKey } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';
import { VerifyPage } from './verify-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The layout scrolls to the top on each page (jsdom has no scrolling); dates are read in one zone.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubEnv('TZ', 'America/Chicago');
  // A visitor without an account: the layout's user query is answered, so the only calls are the page's own.
  queryClient.setQueryData(userQueryKey, null);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const SHA = 'a3f1c2'.padEnd(64, '0');
const SEALED: Verification = {
  result: 'sealed',
  document: {
    title: 'Settlement term sheet, version 2',
    caseNumber: 'CV-2026-0142',
    sealedAt: '2026-11-28T16:05:00.000Z',
    sha256: SHA,
    signers: [
      { name: 'Ada Counsel', role: 'counsel', signedAt: '2026-11-28T15:40:00.000Z', method: 'password' },
      { name: 'Paul Party', role: 'party', signedAt: '2026-11-28T16:04:00.000Z', method: 'email_code' },
    ],
  },
};

const renderPage = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/verify']}>
        <VerifyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const pdf = (name = 'term-sheet.pdf', size?: number) => {
  const file = new File(['%PDF-1.7 sealed bytes'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Document to verify'), { target: { files: [file] } });
const drop = (file: File) => fireEvent.drop(screen.getByText(/Drop the PDF here/).parentElement!, { dataTransfer: { files: [file] } });

describe('VerifyPage', () => {
  it('sends the chosen file itself as the raw body, typed application/pdf, and shows who sealed and signed it', async () => {
    fetchMock.mockResolvedValue(json(SEALED));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeTruthy();
    expect(screen.getByText(/compare the file’s SHA-256 fingerprint/)).toBeTruthy();
    const file = pdf();
    choose(file);

    expect(await screen.findByRole('heading', { name: 'This document was sealed by MediateHub and has not changed since' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/verify');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/pdf');

    expect(screen.getByText('Settlement term sheet, version 2')).toBeTruthy();
    expect(screen.getByText('CV-2026-0142')).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
    expect(screen.getByText('Nov 28, 2026, 10:05 AM CST')).toBeTruthy();
    const signers = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(signers.find((t) => t?.startsWith('Ada Counsel'))).toMatch(/^Ada Counsel \(Counsel\), Nov 28, 2026, 9:40 AM CST, password re-entered$/);
    expect(signers.find((t) => t?.startsWith('Paul Party'))).toMatch(/^Paul Party \(Party\), Nov 28, 2026, 10:04 AM CST, code e-mailed$/);
  });

  it('a dropped file that is not a PDF is sent all the same; a changed one says so and nothing more', async () => {
    fetchMock.mockResolvedValue(json({ result: 'changed', document: null }));
    renderPage();
    const file = new File(['not a pdf'], 'notes.txt', { type: 'text/plain' });
    drop(file);
    expect(await screen.findByRole('heading', { name: 'This document has been changed since it was sealed' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/pdf');
    expect(screen.queryByText('SHA-256')).toBeNull();
    expect(screen.queryByText(/sealed by MediateHub/)).toBeNull();
  });

  it('a file we did not seal is called that', async () => {
    fetchMock.mockResolvedValue(json({ result: 'unknown', document: null }));
    renderPage();
    choose(pdf('someone-else.pdf'));
    expect(await screen.findByRole('heading', { name: 'This is not a document we sealed' })).toBeTruthy();
    expect(screen.getByText('Result for someone-else.pdf:')).toBeTruthy();
  });

  it('refuses a file over 25 MB without sending it', () => {
    renderPage();
    choose(pdf('scan.pdf', 25 * 1024 * 1024 + 1));
    expect(screen.getByText('scan.pdf is too large: the largest file that can be checked is 25 MB.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed check offers to try again, and trying again sends the same file', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 })).mockResolvedValueOnce(json({ result: 'unknown', document: null }));
    renderPage();
    const file = pdf();
    choose(file);
    expect(await screen.findByText('The file could not be checked. Try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'This is not a document we sealed' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1]?.body).toBe(file);
  });
});
