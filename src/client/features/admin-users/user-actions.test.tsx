// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPERSONATION_RELOAD_DELAY_MS, UserActions } from './user-actions';
import { ADMIN, LAWYER, MEDIATOR } from './user.fixture';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);
const reload = vi.hoisted(() => ({ fullReload: vi.fn() }));
vi.mock('../../lib/full-reload', () => reload);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : undefined]);

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  reload.fullReload.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderActions(user = MEDIATOR, isSelf = false, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <UserActions user={user} isSelf={isSelf} />
    </QueryClientProvider>,
  );
}

const statusSelect = (user = MEDIATOR) => screen.getByRole('combobox', { name: `Status of ${user.firstName} ${user.lastName}` });

describe('UserActions: status', () => {
  it('approves at once and says so', async () => {
    fetchMock.mockResolvedValue(json({ ...MEDIATOR, status: 'approved' }));
    renderActions();
    fireEvent.change(statusSelect(), { target: { value: 'approved' } });
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'User status updated successfully' })));
    expect(calls('PATCH')).toEqual([[`/api/admin/users/${MEDIATOR.id}/status`, { status: 'approved' }]]);
  });

  it('asks before suspending: cancel sends nothing, confirm suspends', async () => {
    fetchMock.mockResolvedValue(json({ ...MEDIATOR, status: 'suspended' }));
    renderActions();
    fireEvent.change(statusSelect(), { target: { value: 'suspended' } });
    let dialog = await screen.findByRole('dialog', { name: 'Suspend Max Mediator?' });
    expect(dialog.textContent).toContain('They will be signed out at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PATCH')).toEqual([]);

    fireEvent.change(statusSelect(), { target: { value: 'suspended' } });
    dialog = await screen.findByRole('dialog', { name: 'Suspend Max Mediator?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'User status updated successfully' })));
    expect(calls('PATCH')).toEqual([[`/api/admin/users/${MEDIATOR.id}/status`, { status: 'suspended' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused change (the user was deleted meanwhile) reads the list again', async () => {
    fetchMock.mockResolvedValue(json({ message: 'User not found', code: 'not_found' }, 404));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listKey = ['/api/admin/users', 'list', '', '', ''];
    client.setQueryData(listKey, { pages: [[MEDIATOR]], pageParams: [null] });
    renderActions(MEDIATOR, false, client);
    fireEvent.change(statusSelect(), { target: { value: 'approved' } });
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Failed to update user status', expect.anything()));
    await waitFor(() => expect(client.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it("shows the failure with the server's message", async () => {
    fetchMock.mockResolvedValue(json({ message: 'This is the last active admin: make another admin first', code: 'conflict' }, 409));
    renderActions(LAWYER);
    fireEvent.change(statusSelect(LAWYER), { target: { value: 'pending' } });
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to update user status');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('This is the last active admin: make another admin first');
  });

  it('offers nothing on your own row but a disabled status; no impersonation of an admin or a suspended user, but of an unfinished profile', () => {
    renderActions(ADMIN, true);
    expect((statusSelect(ADMIN) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderActions({ ...LAWYER, status: 'suspended' });
    expect(screen.queryByRole('button', { name: /View as/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Lena Lawyer' })).toBeTruthy();
    cleanup();
    renderActions({ ...MEDIATOR, profileCompleted: false });
    screen.getByRole('button', { name: 'View as Max Mediator' });
  });
});

describe('UserActions: impersonation', () => {
  it('starts, says so, and goes to / with a full reload after about a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(json({ ...MEDIATOR, impersonatedBy: { id: ADMIN.id, email: ADMIN.email, firstName: 'Ada', lastName: 'Admin' } }));
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'View as Max Mediator' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Now viewing as user. Refreshing...' })));
    expect(calls('POST')).toEqual([[`/api/admin/impersonate/${MEDIATOR.id}`, undefined]]);
    expect(reload.fullReload).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'View as Max Mediator' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(IMPERSONATION_RELOAD_DELAY_MS - 100));
    expect(reload.fullReload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reload.fullReload).toHaveBeenCalledWith('/');
  });

  it('a refusal shows the failure and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(json({ message: 'You cannot view the product as a suspended user', code: 'forbidden' }, 403));
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'View as Max Mediator' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to impersonate user');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('You cannot view the product as a suspended user');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reload.fullReload).not.toHaveBeenCalled();
  });
});

describe('UserActions: delete', () => {
  it('cancelled in the browser confirmation: nothing is sent', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Max Mediator' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Delete Max Mediator (max.mediator@example.com)?'));
    expect(calls('DELETE')).toEqual([]);
    expect(toasts.toast).not.toHaveBeenCalled();
  });

  it.each([
    ['removed', 'The account had no history and was removed.'],
    ['anonymized', 'The account had history, so it was anonymised: its records stay, its personal details are gone.'],
  ])('accepted: deletes and says the account was %s', async (outcome, description) => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fetchMock.mockResolvedValue(json({ id: MEDIATOR.id, outcome }));
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Max Mediator' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'User deleted successfully', description })));
    expect(calls('DELETE')).toEqual([[`/api/admin/users/${MEDIATOR.id}`, undefined]]);
  });

  it('a user already gone (404): the list is read again, so the row does not linger', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fetchMock.mockResolvedValue(json({ message: 'User not found', code: 'not_found' }, 404));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listKey = ['/api/admin/users', 'list', '', '', ''];
    client.setQueryData(listKey, { pages: [[MEDIATOR]], pageParams: [null] });
    renderActions(MEDIATOR, false, client);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Max Mediator' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to delete user');
    await waitFor(() => expect(client.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it("a refusal shows the server's reason", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const message = 'This user takes part in mediations that are still open. Cancel them or let them finish before deleting the account.';
    fetchMock.mockResolvedValue(json({ message, code: 'conflict' }, 409));
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Max Mediator' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to delete user');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe(message);
  });
});
