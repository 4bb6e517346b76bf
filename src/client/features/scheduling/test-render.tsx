import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import type { RequestStatus } from '../../../common/enums';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import { queryClient } from '../../lib/query-client';
import { REQUEST_ID } from './scheduling.fixture';
import { SessionCard } from './session-card';

// The Session card as the request page renders it, over a fetch that answers like the API.

export const USERS = { first: 'u-first', second: 'u-second', mediator: 'u-mediator', admin: 'u-admin', otherMediator: 'u-other' } as const;

export const fetchMock = vi.fn<typeof fetch>();
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Call = { method: string; url: string; body: unknown };
/** The calls made other than reading the scheduling view. */
export const writes = (): Call[] =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }))
    .filter((c) => !(c.method === 'GET' && c.url.endsWith('/scheduling')));

/**
 * Serves `data` as the scheduling view; `answer` may answer other calls (poll-slots, or an error), everything else is
 * `{ ok: true }`.
 */
export function serve(data: SchedulingDto, answer?: (call: Call) => Response | undefined) {
  fetchMock.mockImplementation(async (input, init) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    if (call.method === 'GET' && call.url === `/api/requests/${REQUEST_ID}/scheduling`) return json(data);
    return answer?.(call) ?? json({ ok: true });
  });
}

export function renderCard(
  data: SchedulingDto,
  { as = 'first', status = 'matched', hash = '' }: { as?: keyof typeof USERS; status?: RequestStatus; hash?: string } = {},
  answer?: (call: Call) => Response | undefined,
) {
  serve(data, answer);
  const request = {
    id: REQUEST_ID,
    lawyerId: USERS.first,
    opposingLawyerId: USERS.second,
    selectedMediatorId: status === 'awaiting_selection' ? null : USERS.mediator,
    status,
  } as RequestDto;
  const role = as === 'admin' ? 'admin' : as === 'mediator' || as === 'otherMediator' ? 'mediator' : 'lawyer';
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/requests/${REQUEST_ID}${hash}`]}>
        <SessionCard request={request} user={{ id: USERS[as], role }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Waits for the card's content: its code is lazy (the first import is transformed on demand, slowly on a busy machine). */
export const loaded = () => screen.findByText(/Times are shown in your time zone/, undefined, { timeout: 15_000 });
