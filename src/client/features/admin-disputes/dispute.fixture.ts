// Disputes as the admins' API returns them, for the component tests of this feature.
import type { AdminDisputeDto } from '../../../common/schemas/disputes';

// A $1,400.00 hourly mediation, all of it held: the $250.00 deposit and the $1,150.00 balance; planned fee $140.00
// (10 %), planned payout $1,260.00.
export const HELD_DISPUTE: AdminDisputeDto = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  status: 'open',
  reason: 'The mediator left after one hour of the four booked.',
  outcome: null,
  refundAmount: null,
  mediatorPaid: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  requestId: '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-2026-0142',
  raisedById: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  lawyer: { id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Lena Lawyer', email: 'lena@example.test' },
  mediator: { id: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e', name: 'Max Mediator', email: 'max@example.test' },
  resolutionNote: null,
  resolvedById: null,
  budget: '1400.00',
  amountHeld: '1400.00',
  depositHeld: '250.00',
  balanceHeld: '1150.00',
  commissionPercentage: '10.00',
  platformFee: '140.00',
  mediatorPayout: '1260.00',
  paymentStatus: 'held',
  payoutReleaseAt: '2026-11-23T10:00:00.000Z',
  payers: [{ id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Lena Lawyer', side: null, held: '1400.00' }],
};

/** The same case once resolved with a $400.00 partial refund. */
export const RESOLVED_DISPUTE: AdminDisputeDto = {
  ...HELD_DISPUTE,
  id: '6a1d2e3f-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
  caseName: 'Brown v. Green',
  caseNumber: 'CV-2026-0077',
  status: 'resolved',
  outcome: 'refund_partial',
  refundAmount: '400.00',
  mediatorPaid: '900.00',
  resolvedAt: '2026-11-21T09:00:00.000Z',
  resolutionNote: 'The session ended after one hour.',
  amountHeld: '0.00',
  depositHeld: '0.00',
  balanceHeld: '0.00',
  paymentStatus: 'refunded_partial',
};
