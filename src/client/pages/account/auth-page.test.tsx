// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_END_MESSAGES } from '../../../common/domain/session-end';
import { nullOn401 } from '../../lib/query-client';
import { AuthPage } from './auth-page';

// Decision 038: a session the server ended sends the user to /auth, which says why.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  // Back to "nothing to say" for the next test (the note lives for the page's lifetime).
  await answerUserWith(401, { message: 'Not signed in', code: 'unauthenticated' });
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The current-user query meets this answer, as the app's guards do before sending a signed-out user to /auth. */
async function answerUserWith(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(json(status, body));
  await act(async () => {
    expect(await nullOn401('/api/user')()).toBeNull();
  });
}

function renderAuth() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/auth?next=%2Frequests']}>
        <AuthPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const notice = () => screen.queryByTestId('session-end-notice');

describe('AuthPage after the server ended the session', () => {
  it('says the account is suspended, with a way to contact support', async () => {
    await answerUserWith(401, { message: SESSION_END_MESSAGES.suspended, code: 'unauthenticated', sessionEnded: 'suspended' });
    renderAuth();
    const banner = within(notice()!);
    expect(banner.getByText('Your account has been suspended.')).toBeTruthy();
    expect(banner.getByText(/Contact support/, { selector: 'a' }).getAttribute('href')).toBe('/contact');
    // The form is still there, above nothing else that would hide the reason.
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('says an expired session has ended, and a password change why it signed the user out', async () => {
    await answerUserWith(401, { message: SESSION_END_MESSAGES.expired, code: 'unauthenticated', sessionEnded: 'expired' });
    renderAuth();
    expect(notice()!.textContent).toBe('Your session has ended. Please sign in again.');
    expect(notice()!.querySelector('a')).toBeNull();
    await answerUserWith(401, { message: SESSION_END_MESSAGES.password_changed, code: 'unauthenticated', sessionEnded: 'password_changed' });
    expect(notice()!.textContent).toBe(SESSION_END_MESSAGES.password_changed);
  });

  it('says nothing to a visitor who was simply not signed in, or for a reason it does not know', async () => {
    await answerUserWith(401, { message: 'Not signed in', code: 'unauthenticated' });
    renderAuth();
    expect(notice()).toBeNull();
    await answerUserWith(401, { message: 'Not signed in', code: 'unauthenticated', sessionEnded: 'because' });
    expect(notice()).toBeNull();
  });

  it('shows the suspension beside the form when signing in is refused for it (403, the server’s message in the toast)', async () => {
    renderAuth();
    expect(notice()).toBeNull();
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Your account has been suspended. Please contact support.', code: 'account_suspended' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'amy@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(notice()).not.toBeNull());
    expect(
      within(notice()!)
        .getByText(/Contact support/, { selector: 'a' })
        .getAttribute('href'),
    ).toBe('/contact');
  });
});
