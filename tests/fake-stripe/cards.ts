/**
 * The test payment methods the fake knows, named as Stripe's test mode names them. Confirming an intent with one of
 * these ids behaves like the card behind it; a succeeded intent that saves the card gets a fresh `pm_…` with the same
 * behaviour, attached to the intent's customer.
 */
export const FAKE_CARDS = {
  /** Succeeds, on session and off. */
  visa: 'pm_card_visa',
  /** Declined: "Your card was declined." */
  declined: 'pm_card_chargeDeclined',
  /** Declined: "Your card has insufficient funds." */
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  /** Succeeds when paid by its holder, then declines every later charge to the saved card (the balance). */
  declinesLater: 'pm_card_chargeCustomerFail',
} as const;

export type CardBehaviour = 'ok' | 'declined' | 'insufficient_funds' | 'declines_off_session';

export const BEHAVIOURS: Record<string, CardBehaviour> = {
  [FAKE_CARDS.visa]: 'ok',
  [FAKE_CARDS.declined]: 'declined',
  [FAKE_CARDS.insufficientFunds]: 'insufficient_funds',
  [FAKE_CARDS.declinesLater]: 'declines_off_session',
};

export interface Decline {
  code: 'card_declined';
  decline_code: string;
  message: string;
}

/** What a charge with this card does, on session (the holder paying) or off session (a saved card). */
export function declineFor(behaviour: CardBehaviour, offSession: boolean): Decline | null {
  if (behaviour === 'declined' || (behaviour === 'declines_off_session' && offSession))
    return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (behaviour === 'insufficient_funds') return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return null;
}
