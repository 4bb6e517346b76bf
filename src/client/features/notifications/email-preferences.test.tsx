// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_INVALID, type EmailPreference } from '../../../common/schemas/email-preferences';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { EmailPreferencesCard } from './email-preferences';
import { UnsubscribeConfirm } from './unsubscribe-confirm';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderWithProviders(node: React.ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('EmailPreferencesCard', () => {
  it('one labelled switch per kind; flipping one saves just that kind and toasts', async () => {
    let prefs: EmailPreference[] = [
      { kind: 'acceptance_received', label: 'Acceptances', description: 'A mediator accepted one of your requests.', enabled: true },
      { kind: 'new_message', label: 'New messages while you are away', description: 'Unread messages.', enabled: false },
    ];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, boolean>;
        prefs = prefs.map((p) => (p.kind in body ? { ...p, enabled: body[p.kind] } : p));
        return json(prefs);
      }
      return json(prefs);
    });
    renderWithProviders(<EmailPreferencesCard />);
    const acceptances = await screen.findByRole('switch', { name: 'Acceptances' });
    expect(acceptances.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'New messages while you are away' }).getAttribute('aria-checked')).toBe('false');

    fireEvent.click(acceptances);
    expect(await screen.findByText('Email preferences saved')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Acceptances' }).getAttribute('aria-checked')).toBe('false'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/profile/email-preferences');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ acceptance_received: false });
  });
});

describe('UnsubscribeConfirm', () => {
  const token = `${btoa('11111111-1111-4111-8111-111111111111:new_request').replace(/=+$/, '')}.${'s'.repeat(43)}`;

  it('says which e-mails it turns off and does it only when confirmed', async () => {
    fetchMock.mockImplementation(async () => json({ kind: 'new_request', label: 'New matching requests', enabled: false }));
    renderWithProviders(<UnsubscribeConfirm token={token} invalid={false} />);
    expect(screen.getByText(/turns off the e-mails about new matching requests/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop e-mails about new matching requests' }));
    expect(await screen.findByText(/You will no longer receive e-mails about new matching requests/)).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/email/unsubscribe');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toEqual({ token });
  });

  it.each([
    ['the server found the link invalid', { token: 'x', invalid: true }],
    ['no token', { token: null, invalid: false }],
    ['an unreadable token', { token: 'garbage', invalid: false }],
  ])('%s: explains, offers no button', (_, props) => {
    renderWithProviders(<UnsubscribeConfirm {...props} />);
    expect(screen.getByText(UNSUBSCRIBE_INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stop e-mails/ })).toBeNull();
  });

  it('a token the server refuses on POST shows the invalid-link text', async () => {
    fetchMock.mockImplementation(async () => json({ message: UNSUBSCRIBE_INVALID, code: 'bad_request' }, 400));
    renderWithProviders(<UnsubscribeConfirm token={token} invalid={false} />);
    fireEvent.click(screen.getByRole('button', { name: /Stop e-mails/ }));
    expect(await screen.findByText(UNSUBSCRIBE_INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stop e-mails/ })).toBeNull();
  });
});
