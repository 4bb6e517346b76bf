// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import { formatDate } from '../../lib/format';
import { CompletionSummary } from './completion-summary';

afterEach(cleanup);

const completed = (extra: Partial<RequestDto> & Record<string, unknown>) =>
  ({
    id: '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
    status: 'completed',
    mediatorPayout: '1260.00',
    completedAt: '2025-01-05T15:20:00.000Z',
    completionResults: 'Settled',
    deliverables: null,
    mediatorProposal: 'Split 60/40',
    ...extra,
  }) as RequestDto;

describe('CompletionSummary', () => {
  it('shows the outcome to both sides, without the payout for the lawyer', () => {
    render(<CompletionSummary request={completed({ paymentStatus: 'held', payoutReleaseAt: '2025-01-08T15:20:00.000Z' })} showPayout={false} />);
    expect(screen.getByText('Settled')).toBeTruthy();
    expect(screen.getByText('Split 60/40')).toBeTruthy();
    expect(screen.queryByText('Deliverables')).toBeNull();
    expect(screen.queryByText(/Payout/)).toBeNull();
  });

  it('tells the mediator when the payout is due while it is held', () => {
    render(<CompletionSummary request={completed({ paymentStatus: 'held', payoutReleaseAt: '2025-01-08T15:20:00.000Z' })} showPayout />);
    expect(screen.getByText(`Payout scheduled for ${formatDate('2025-01-08T15:20:00.000Z')}.`)).toBeTruthy();
  });

  it('tells the mediator once the payout is released', () => {
    render(<CompletionSummary request={completed({ paymentStatus: 'released', payoutReleaseAt: '2025-01-08T15:20:00.000Z' })} showPayout />);
    expect(screen.getByText('Payout released.')).toBeTruthy();
    expect(screen.queryByText(/Payout scheduled/)).toBeNull();
  });

  it('says the payout is pending when the server gives no due date', () => {
    render(<CompletionSummary request={completed({})} showPayout />);
    expect(screen.getByText('Payout pending.')).toBeTruthy();
  });

  it('states the recorded outcome with its day, and links the outcome certificate', () => {
    render(<CompletionSummary request={completed({ outcome: 'settled_full', outcomeDate: '2026-11-28' })} showPayout={false} />);
    expect(screen.getByText('Outcome:').parentElement?.textContent).toBe('Outcome: Settled in full on November 28, 2026');
    const link = screen.getByRole('link', { name: 'Outcome certificate (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/requests/0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c/outcome-certificate');
  });

  it('shows no outcome nor certificate when none was recorded', () => {
    render(<CompletionSummary request={completed({ outcome: null, outcomeDate: null })} showPayout={false} />);
    expect(screen.queryByText('Outcome:')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Outcome certificate (PDF)' })).toBeNull();
  });
});
