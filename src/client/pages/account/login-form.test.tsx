// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submitWith(body: Record<string, unknown>, status: number) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  const onUnverified = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm next="/" onUnverified={onUnverified} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'amy@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false));
  return onUnverified;
}

describe('LoginForm', () => {
  it('offers a new verification link on the email_not_verified code, whatever the message says', async () => {
    const onUnverified = await submitWith({ message: 'Bitte bestätigen Sie zuerst Ihre Adresse.', code: 'email_not_verified' }, 403);
    expect(onUnverified).toHaveBeenCalledWith('amy@example.com');
  });

  it('does not, for another refusal whose message mentions verifying', async () => {
    const onUnverified = await submitWith({ message: 'Your account is suspended; we could not verify your bar number.', code: 'account_suspended' }, 403);
    expect(onUnverified).not.toHaveBeenCalled();
  });
});
