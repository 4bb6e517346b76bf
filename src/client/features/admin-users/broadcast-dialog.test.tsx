// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BroadcastButton } from './broadcast-button';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

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

/** Opens the dialog and waits for its lazily loaded code to draw it (decision 058). */
async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BroadcastButton />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Broadcast notification' }));
  // The first opening loads the dialog's module (and zod) in this process: slower than a rerender on a loaded machine.
  const dialog = await screen.findByRole('dialog', { name: 'Broadcast notification' }, { timeout: 5000 });
  return {
    dialog,
    title: within(dialog).getByRole('textbox', { name: /^Title/ }),
    message: within(dialog).getByRole('textbox', { name: /^Message/ }),
    send: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send to all users' })),
  };
}

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

describe('BroadcastButton', () => {
  it('requires a title and a message (blank is empty) and sends nothing', async () => {
    const { dialog, message, send } = await openDialog();
    fireEvent.change(message, { target: { value: '   ' } });
    send();
    expect(await within(dialog).findByText('Title is required', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Message is required')).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('refuses a title over 120 and a message over 1000 characters, counting as you type', async () => {
    const { dialog, title, message, send } = await openDialog();
    fireEvent.change(title, { target: { value: 'x'.repeat(121) } });
    fireEvent.change(message, { target: { value: 'y'.repeat(1001) } });
    expect(within(dialog).getByText('121 / 120 characters')).toBeTruthy();
    send();
    expect(await within(dialog).findByText('Title must be at most 120 characters')).toBeTruthy();
    expect(within(dialog).getByText('Message must be at most 1000 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('is accessible with its errors shown (axe)', async () => {
    const { dialog, send } = await openDialog();
    send();
    await within(dialog).findByText('Title is required');
    expect(await axeViolations()).toEqual([]);
  });

  it('sends a broadcast to everyone, says how many it reached and closes', async () => {
    fetchMock.mockResolvedValue(json({ sent: 1234 }));
    const { title, message, send } = await openDialog();
    fireEvent.change(title, { target: { value: ' Maintenance tonight ' } });
    fireEvent.change(message, { target: { value: 'The site is down from 22:00 to 23:00 UTC.' } });
    send();
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Notification broadcast successfully' })));
    expect(toasts.toast.mock.calls[0][0].description).toBe(`Sent to ${(1234).toLocaleString()} users.`);
    const [url, init] = posts()[0];
    expect(String(url)).toBe('/api/admin/broadcast-notification');
    expect(JSON.parse(String(init?.body))).toEqual({
      notification: { type: 'broadcast', title: 'Maintenance tonight', message: 'The site is down from 22:00 to 23:00 UTC.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's field errors under the fields and shows the failure toast", async () => {
    fetchMock.mockResolvedValue(
      json({ message: 'Title is required', code: 'validation_failed', fieldErrors: { 'notification.title': 'Title is required' } }, 400),
    );
    const { dialog, title, message, send } = await openDialog();
    fireEvent.change(title, { target: { value: 'Hello' } });
    fireEvent.change(message, { target: { value: 'World' } });
    send();
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to broadcast notification');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Title is required');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
