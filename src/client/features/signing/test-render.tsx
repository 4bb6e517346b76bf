import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import type { RequestStatus } from '../../../common/enums';
import type { CaseSigning } from '../../../common/schemas/signing';
import { queryClient } from '../../lib/query-client';
import { AgreementCard } from './agreement-card';
import { REQUEST_ID } from './signing.fixture';
import { TermSheetCard } from './term-sheet-card';

// The two signing cards as the request page renders them, over a fetch that answers like the API (the party signing
// page's test uses the same fetch).

export const USERS = { first: 'u-first', second: 'u-second', mediator: 'u-mediator', admin: 'u-admin' } as const;

export const fetchMock = vi.fn<typeof fetch>();
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Call = { method: string; url: string; body: unknown };
const callOf = (input: RequestInfo | URL, init?: RequestInit): Call => ({
  method: init?.method ?? 'GET',
  url: String(input),
  body: init?.body ? JSON.parse(String(init.body)) : undefined,
});

/** In a test file: each test starts with `fetchMock` as the fetch and an empty query cache, and leaves nothing rendered. */
export function mockFetchPerTest() {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}

/** The calls made other than reads. */
export const writes = (): Call[] => fetchMock.mock.calls.map(([input, init]) => callOf(input, init)).filter((c) => c.method !== 'GET');

/** Every call is answered by `answer`. */
export const answerCalls = (answer: (call: Call) => Response) => fetchMock.mockImplementation(async (input, init) => answer(callOf(input, init)));

/** Serves `data` as the case's signing; `answer` may answer other calls (or an error); anything else is `{}`. */
export function serve(data: CaseSigning, answer?: (call: Call) => Response | undefined) {
  answerCalls((call) => (call.method === 'GET' && call.url === `/api/requests/${REQUEST_ID}/signing` ? json(data) : (answer?.(call) ?? json({}))));
}

export function renderCards(
  data: CaseSigning,
  { as = 'first', status = 'in_progress' }: { as?: keyof typeof USERS; status?: RequestStatus } = {},
  answer?: (call: Call) => Response | undefined,
) {
  serve(data, answer);
  const request = { id: REQUEST_ID, lawyerId: USERS.first, opposingLawyerId: USERS.second, selectedMediatorId: USERS.mediator, status } as RequestDto;
  const user = { id: USERS[as], role: as === 'admin' ? 'admin' : as === 'mediator' ? 'mediator' : 'lawyer' } as const;
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/requests/${REQUEST_ID}`]}>
        <AgreementCard request={request} user={user} />
        <TermSheetCard request={request} user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Waits for a text of the cards' content: the term sheet's code is lazy (transformed on demand, slowly on a busy machine). */
export const loaded = (text: string | RegExp, options?: { selector?: string }) => screen.findByText(text, options, { timeout: 15_000 });
