// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';
import { connectRealtime } from './realtime';

/** A WebSocket the test opens and closes by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
}

const refreshed = () => vi.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('realtime socket', () => {
  it('refreshes the live queries when it first opens: what was sent before it listened is fetched', () => {
    const stop = connectRealtime();
    expect(refreshed()).toEqual([]);
    FakeSocket.all[0].onopen!();
    expect(refreshed()).toContain('["/api/messages"]');
    expect(refreshed()).toContain('["/api/notifications/unread"]');
    stop();
  });

  it('refreshes them again after a reconnect, and a new_message event refreshes the threads', () => {
    vi.useFakeTimers();
    const stop = connectRealtime();
    FakeSocket.all[0].onopen!();
    FakeSocket.all[0].onclose!({ code: 1006 });
    vi.mocked(queryClient.invalidateQueries).mockClear();
    vi.advanceTimersByTime(1_000);
    FakeSocket.all[1].onopen!();
    expect(refreshed()).toContain('["/api/messages"]');
    vi.mocked(queryClient.invalidateQueries).mockClear();
    FakeSocket.all[1].onmessage!({ data: JSON.stringify({ type: 'new_message', requestId: 'r1' }) });
    expect(refreshed()).toEqual(['["/api/messages"]']);
    stop();
    vi.useRealTimers();
  });
});
