// @vitest-environment jsdom
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayMoney } from '../../../common/money';
import { MATCHED, MAX_USER, NORA, SAM_SUSPENDED } from './mediation.fixture';
import { ReassignDialog } from './reassign-dialog';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const reassignCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/reassign') && init?.method === 'PATCH');
const userUrls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/admin/users'));

/** Mediators matching the search (Max is the current one, Sam is suspended); the reassignment answers `answer`. */
function mockServer(answer: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/users') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return json([MAX_USER, NORA, SAM_SUSPENDED].filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(search)));
    }
    if (init?.method === 'PATCH') return answer();
    return json({ message: 'Not found' }, 404);
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReassignDialog mediation={MATCHED} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Reassign mediator' }), onOpenChange };
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign mediator' }));

describe('ReassignDialog', () => {
  it('lists approved mediators other than the current one and not suspended, and says the price does not change', async () => {
    mockServer(() => json(MATCHED));
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('radio', { name: /Nora Neutral/ })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: /Max Mediator/ })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: /Sam Suspended/ })).toBeNull();
    expect(dialog.textContent).toContain(`The price does not change: the new mediator takes over at the agreed ${displayMoney('1400.00')}`);
    expect(userUrls()[0]).toBe('/api/admin/users?role=mediator&status=approved&limit=20');
  });

  it('searches mediators by name', async () => {
    mockServer(() => json(MATCHED));
    const { dialog } = renderDialog();
    await within(dialog).findByRole('radio', { name: /Nora Neutral/ });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: /Search mediators/ }), { target: { value: 'zed' } });
    expect(await within(dialog).findByText('No other approved mediator matches this search.')).toBeTruthy();
    expect(userUrls()).toContain('/api/admin/users?role=mediator&status=approved&limit=20&search=zed');
  });

  it('asks for a mediator before sending anything', async () => {
    mockServer(() => json(MATCHED));
    const { dialog } = renderDialog();
    await within(dialog).findByRole('radio', { name: /Nora Neutral/ });
    submit(dialog);
    expect(await within(dialog).findByText('Choose a mediator')).toBeTruthy();
    expect(reassignCalls()).toHaveLength(0);
  });

  it('sends the chosen mediator, closes and says so', async () => {
    const updated = { ...MATCHED, selectedMediatorId: NORA.id, selectedMediator: { id: NORA.id, name: 'Nora Neutral', email: NORA.email } };
    mockServer(() => json(updated));
    const { dialog, onOpenChange } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Nora Neutral/ }));
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = reassignCalls()[0];
    expect(String(url)).toBe(`/api/admin/mediations/${MATCHED.id}/reassign`);
    expect(JSON.parse(String(init?.body))).toEqual({ mediatorId: NORA.id });
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Mediator reassigned successfully', description: 'Nora Neutral now mediates Smith v. Jones.' });
  });

  it("shows the server's refusal and stays open", async () => {
    mockServer(() => json({ message: 'This mediator has not completed their profile' }, 409));
    const { dialog, onOpenChange } = renderDialog();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Nora Neutral/ }));
    submit(dialog);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalled());
    const [title, error] = toasts.toastError.mock.calls[0];
    expect(title).toBe('Failed to reassign mediator');
    expect((error as Error).message).toBe('This mediator has not completed their profile');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('is accessible (axe), with the choice error shown', async () => {
    mockServer(() => json(MATCHED));
    const { dialog } = renderDialog();
    await within(dialog).findByRole('radio', { name: /Nora Neutral/ });
    submit(dialog);
    await within(dialog).findByText('Choose a mediator');
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
