// Payments as the admins' API returns them, for the component tests of this feature.
import type { AdminPayment } from '../../../common/schemas/admin-lists';

/** A released $1,400.00 mediation: deposit and balance charged, the payout transferred less the $140.00 fee. */
export const RELEASED: AdminPayment = {
  id: '8b9c0d1e-2f3a-4b8c-9d0e-1f2a3b4c5d6e',
  requestId: '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-2026-0142',
  lawyerId: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  mediatorId: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e',
  depositAmount: '250.00',
  amount: '1400.00',
  platformFee: '140.00',
  mediatorPayout: '1260.00',
  status: 'released',
  refundAmount: '0.00',
  refundReason: null,
  totalCharged: '1400.00',
  totalRefunded: '0.00',
  settlement: { charged: '1400.00', refunded: '0.00', platformFeeKept: '140.00', paidToMediator: '1260.00', held: '0.00', planned: null },
  createdAt: '2026-11-02T10:05:00.000Z',
  updatedAt: '2026-11-12T10:00:00.000Z',
  paidToYou: null,
  paidAt: null,
  lawyer: { id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Lena Lawyer', email: 'lena@example.test' },
  mediator: { id: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e', name: 'Max Mediator', email: 'max@example.test' },
  ledger: [
    {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      kind: 'deposit_charge',
      amount: '250.00',
      platformFee: '0.00',
      note: null,
      providerRef: 'pi_deposit_123',
      createdAt: '2026-11-02T10:05:00.000Z',
    },
    {
      id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
      kind: 'balance_charge',
      amount: '1150.00',
      platformFee: '0.00',
      note: null,
      providerRef: 'pi_balance_456',
      createdAt: '2026-11-03T09:00:00.000Z',
    },
    {
      id: 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f',
      kind: 'payout_transfer',
      amount: '1260.00',
      platformFee: '140.00',
      note: 'Released after the hold',
      providerRef: 'tr_payout_789',
      createdAt: '2026-11-12T10:00:00.000Z',
    },
  ],
};

/** A request waiting for mediators: the deposit held, nobody selected. */
export const HELD: AdminPayment = {
  ...RELEASED,
  id: '9c0d1e2f-3a4b-4c9d-8e1f-2a3b4c5d6e7f',
  requestId: '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f',
  caseName: 'Doe v. Roe',
  caseNumber: 'CV-2026-0150',
  status: 'held',
  amount: '700.00',
  totalCharged: '250.00',
  platformFee: '70.00',
  mediatorPayout: '630.00',
  settlement: {
    charged: '250.00',
    refunded: '0.00',
    platformFeeKept: '0.00',
    paidToMediator: '0.00',
    held: '250.00',
    planned: { platformFee: '70.00', mediatorPayout: '630.00' },
  },
  mediatorId: null,
  mediator: null,
  ledger: [RELEASED.ledger[0]],
};

/** Cancelled before payment: nothing moved. */
export const FAILED: AdminPayment = {
  ...HELD,
  id: '0d1e2f3a-4b5c-4d0e-9f2a-3b4c5d6e7f80',
  caseName: 'Brown v. Green',
  status: 'failed',
  totalCharged: '0.00',
  settlement: { charged: '0.00', refunded: '0.00', platformFeeKept: '0.00', paidToMediator: '0.00', held: '0.00', planned: null },
  refundReason: 'Cancelled before the deposit was paid',
  ledger: [],
};
