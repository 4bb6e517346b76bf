// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Counterpart } from '../../../common/schemas/after-match';
import { CounterpartCard } from './counterpart-card';

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const lawyer: Counterpart = {
  id: '1f0e2d3c-4b5a-4968-8776-655443322110',
  role: 'lawyer',
  firstName: 'Lena',
  lastName: 'Lawyer',
  email: 'lena@firm.example',
  phoneNumber: '+1 (555) 010-0200',
  firmName: 'Lawyer & Partners LLP',
};
const mediator: Counterpart = {
  ...lawyer,
  id: '2f0e2d3c-4b5a-4968-8776-655443322110',
  role: 'mediator',
  firstName: 'Maya',
  lastName: 'Mediator',
  email: 'maya@example.com',
  firmName: 'Should Not Show',
};

afterEach(cleanup);

function renderCard(counterpart: Counterpart | null, extra: { messageLabel?: string } = {}) {
  render(
    <MemoryRouter>
      <CounterpartCard
        requestId={REQUEST_ID}
        counterpart={counterpart}
        title="You were selected"
        description="Coordinate the date."
        fallbackName="the lawyer"
        {...extra}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'You were selected' });
}

describe('CounterpartCard', () => {
  it("shows the lawyer's name, e-mail, phone and firm, and the thread one click away", () => {
    const card = renderCard(lawyer);
    expect(within(card).getByText(/Lena Lawyer/, { selector: 'p' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'lena@firm.example' }).getAttribute('href')).toBe('mailto:lena@firm.example');
    expect(within(card).getByRole('link', { name: '+1 (555) 010-0200' }).getAttribute('href')).toBe('tel:+15550100200');
    expect(within(card).getByText('Lawyer & Partners LLP')).toBeTruthy();
    const message = within(card).getByRole('link', { name: 'Message Lena Lawyer' });
    expect(message.getAttribute('href')).toBe(`/messages/${REQUEST_ID}`);
  });

  it('shows a mediator without a firm and without a phone when there is none', () => {
    const card = renderCard({ ...mediator, phoneNumber: null });
    expect(within(card).getByText(/Maya Mediator/, { selector: 'p' })).toBeTruthy();
    expect(within(card).queryByText('Should Not Show')).toBeNull();
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['mailto:maya@example.com', `/messages/${REQUEST_ID}`]);
    expect(within(card).getByRole('link', { name: 'Message Maya Mediator' })).toBeTruthy();
  });

  it('still offers the thread when the server sends no counterpart', () => {
    const card = renderCard(null);
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'Message the lawyer' }).getAttribute('href')).toBe(`/messages/${REQUEST_ID}`);
    expect(within(card).getByText('Coordinate the date.')).toBeTruthy();
  });

  it('uses the given label for someone who reads the thread without taking part', () => {
    const card = renderCard(lawyer, { messageLabel: 'Open the message thread' });
    expect(within(card).getByRole('link', { name: 'Open the message thread' }).getAttribute('href')).toBe(`/messages/${REQUEST_ID}`);
  });
});
