// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_TEXTS } from '../../../common/schemas/account-data';
import { userQueryKey } from '../../lib/current-user';
import { DeleteAccountDialog } from './delete-account-dialog';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueryKey, { id: 'me', firstName: 'Alicia' });
  client.setQueryData(['/api/profile/data-export'], { export: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<DeleteAccountDialog open onOpenChange={() => undefined} />} />
          <Route path="/" element={<p>Public page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, dialog: screen.getByRole('dialog') };
}

const confirm = (dialog: HTMLElement, password: string) => {
  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
};

describe('the account deletion dialog', () => {
  it('asks for the password before calling the server', async () => {
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(ACCOUNT_DATA_TEXTS.passwordRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts a wrong password under the field, and an open case's refusal in the dialog", async () => {
    const { dialog } = renderDialog();
    fetchMock.mockResolvedValueOnce(json({ message: ACCOUNT_DATA_TEXTS.passwordWrong, fieldErrors: { password: ACCOUNT_DATA_TEXTS.passwordWrong } }, 400));
    confirm(dialog, 'not-it');
    expect(await within(dialog).findByText(ACCOUNT_DATA_TEXTS.passwordWrong)).toBeTruthy();
    expect(bodies()).toEqual([{ password: 'not-it' }]);

    const refusal = ACCOUNT_DATA_TEXTS.openCases(['Smith v. Jones']);
    fetchMock.mockResolvedValueOnce(json({ message: refusal }, 409));
    confirm(dialog, 'the-right-one');
    expect((await within(dialog).findByText(refusal)).closest('[role="alert"]')).not.toBeNull();
    expect(within(dialog).queryByText(ACCOUNT_DATA_TEXTS.passwordWrong)).toBeNull();
    expect(screen.queryByText('Public page')).toBeNull();
  });

  it('once deleted, forgets the user and the cached data, lands on the public page and says so', async () => {
    const { client, dialog } = renderDialog();
    fetchMock.mockResolvedValueOnce(json({ outcome: 'anonymized' }));
    confirm(dialog, 'the-right-one');
    expect(await screen.findByText('Public page', {}, { timeout: 5000 })).toBeTruthy();
    expect(client.getQueryData(userQueryKey)).toBeNull();
    expect(client.getQueryData(['/api/profile/data-export'])).toBeUndefined();
    await waitFor(() =>
      expect(toasts.toast).toHaveBeenCalledWith({
        title: 'Your account was deleted',
        description: 'Your personal details were erased; your cases keep an anonymous record.',
      }),
    );
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/profile\/delete-account$/);
  });
});
