// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto } from '../../../common/schemas/messages';
import type { PagedList } from '../../lib/use-paged-list';
import { ThreadView } from './thread-view';

// An empty thread invites the viewer to start it only when they may write there: an admin reads (issue 9).

const empty: PagedList<MessageDto> = {
  items: [],
  isLoading: false,
  error: null,
  isFetchNextPageError: false,
  refetch: () => undefined,
  isRefetching: false,
  hasNextPage: false,
  fetchNextPage: () => undefined,
  isFetchingNextPage: false,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } })),
  );
  // jsdom lays nothing out; the list scrolls itself to the newest message.
  Element.prototype.scrollTo ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderThread(readOnly: 'admin' | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThreadView requestId="0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c" list={empty} me="11111111-1111-4111-8111-111111111111" readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

describe('ThreadView, empty', () => {
  it('for an admin: no invitation to start a conversation they cannot write in', () => {
    renderThread('admin');
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    expect(screen.queryByText(/Start the conversation/)).toBeNull();
    expect(screen.getByText('Admins can read this conversation but cannot send messages.')).toBeTruthy();
  });

  it("for a participant: the spec's invitation", () => {
    renderThread(null);
    expect(screen.getByText('No messages yet. Start the conversation!')).toBeTruthy();
  });
});
