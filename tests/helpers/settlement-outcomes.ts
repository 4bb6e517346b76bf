// The figures each outcome of RULES.md 2.6 must show on every page (issue 21), for a $1,200 flat-fee mediation with a
// $250 deposit and the default 10 % commission (fee $120, payout $1,080). The API test drives each outcome on the
// server and expects these settlements from every view; the component test renders these settlements in the four
// pages and expects the same figures from each. Together they hold the pages to what happened, to the cent.
import type { SettlementDto } from '../../src/common/api-types';

export const OUTCOME_BUDGET = { pricingModel: 'flat', flatFee: '1200', hourlyRate: null, hoursNeeded: null, budget: '1200.00' } as const;

const settled = (charged: string, refunded: string, platformFeeKept: string, paidToMediator: string): SettlementDto => ({
  charged,
  refunded,
  platformFeeKept,
  paidToMediator,
  held: '0.00',
  planned: null,
});

export const SETTLEMENT_OUTCOMES = {
  released: settled('1200.00', '0.00', '120.00', '1080.00'),
  refundedInFull: settled('1200.00', '1200.00', '0.00', '0.00'),
  // No preferred date, cancelled 8 days after the deposit: half of it kept ($112.50 to the mediator, $12.50 fee).
  partialCancellation: settled('1200.00', '1075.00', '12.50', '112.50'),
  // The admins refund $400 of $1,200: of the $800 left, $80 commission and $720 to the mediator.
  partialDispute: settled('1200.00', '400.00', '80.00', '720.00'),
  // Cancelled the day before: the balance back, the deposit kept ($225 to the mediator, $25 fee).
  lateCancellation: settled('1200.00', '950.00', '25.00', '225.00'),
  neverMatched: settled('250.00', '250.00', '0.00', '0.00'),
} satisfies Record<string, SettlementDto>;

export type SettlementOutcome = keyof typeof SETTLEMENT_OUTCOMES;
