// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestDto } from '../../../common/api-types';
import { OWNER_ID, SECOND_ID } from './own-payment.fixture';
import { PaymentFiguresCard } from './payment-figures-card';
import { RequestDetailsCard } from './request-details-card';

// A two-sided case's request page names money and people relative to the viewer (decision 049, issue 23): the owner's
// Payment card shows both sides' money together, never as "your card"; each counsel's "Opposing counsel" is the other
// side's. A one-sided request reads as it always did.

afterEach(cleanup);

// The journey's cancelled 60/40 case: $1,500 charged to both sides, $1,375 refunded to them, $125 kept.
const settlement = { charged: '1500.00', refunded: '1375.00', platformFeeKept: '12.50', paidToMediator: '112.50', held: '0.00', planned: null };
const base = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  lawyerId: OWNER_ID,
  opposingLawyerId: null,
  status: 'cancelled',
  caseDescription: 'Custody',
  disputeType: 'Family Law',
  jurisdiction: 'California',
  desiredDate: null,
  budget: '1400.00',
  platformFee: '140.00',
  mediatorPayout: '1260.00',
  mediationType: 'online',
  pricingModel: 'flat',
  flatFee: '1400.00',
  documents: [],
  fullAccess: true,
  settlement,
  opposingLawyerName: 'Sam Second',
  opposingLawyerFirmName: 'Second LLP',
  opposingLawyerBarNumber: null,
  opposingLawyerEmail: 'sam@example.test',
  opposingLawyerPhone: null,
  sides: null,
} as unknown as RequestDto;
const twoSided = {
  ...base,
  opposingLawyerId: SECOND_ID,
  sides: {
    mySeat: 'second',
    first: { id: OWNER_ID, firstName: 'Fran', lastName: 'First', firmName: 'First LLP', email: 'fran@example.test' },
    second: { id: SECOND_ID, firstName: 'Sam', lastName: 'Second', firmName: 'Second LLP', email: 'sam@example.test' },
    invitation: null,
    parties: [],
    feeSplit: null,
  },
} as RequestDto;

function paymentCard(request: RequestDto) {
  const { container } = render(
    <MemoryRouter>
      <PaymentFiguresCard request={request} reader="lawyer" />
    </MemoryRouter>,
  );
  return container;
}

describe("the owner's Payment card", () => {
  it("on a two-sided case: both sides' money together, in words that do not say it all went through the owner's card", () => {
    const card = paymentCard(twoSided);
    expect(within(card).getByText('Charged to both sides')).toBeTruthy();
    expect(within(card).getByText('Refunded to both sides')).toBeTruthy();
    expect(card.textContent).not.toContain('your card');
    expect(card.textContent).toContain("The case's money, both sides together. What you paid and got back is on your receipt.");
    expect(card.querySelector('[data-figure="charged"]')?.textContent).toBe('$1,500');
  });

  it('on a one-sided case: as before, "your card"', () => {
    const card = paymentCard(base);
    expect(within(card).getByText('Charged to your card')).toBeTruthy();
    expect(within(card).getByText('Refunded to your card')).toBeTruthy();
    expect(card.textContent).not.toContain('both sides');
  });
});

describe('Case details: opposing counsel relative to the viewer', () => {
  const opposingBlock = (container: HTMLElement) => within(container).getByRole('heading', { name: 'Opposing counsel' }).parentElement!;
  const show = (request: RequestDto, viewerId: string) => render(<RequestDetailsCard request={request} isMediator={false} viewerId={viewerId} />).container;

  it("the second side's counsel reads the first side's counsel there, not themselves", () => {
    const block = opposingBlock(show(twoSided, SECOND_ID));
    expect(block.textContent).toContain('Fran First');
    expect(block.textContent).toContain('First LLP');
    expect(block.textContent).toContain('fran@example.test');
    expect(block.textContent).not.toContain('Sam Second');
  });

  it('the owner (and a one-sided request) reads the opposing counsel the request names', () => {
    expect(opposingBlock(show(twoSided, OWNER_ID)).textContent).toContain('Sam Second');
    cleanup();
    const block = opposingBlock(show(base, OWNER_ID));
    expect(block.textContent).toContain('Sam Second');
    expect(block.textContent).toContain('Second LLP');
  });
});
