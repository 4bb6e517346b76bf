/**
 * Every idempotency key the app gives the payment provider, and every claim key of a provider outcome, built here and
 * nowhere else (RULES.md 2: keys derived from our own ids, so a retry never moves money twice). The texts are stored
 * in `payment_steps`, `ledger_entries`, `subscription_charges`, jobs and `processed_provider_events`, and the provider
 * keeps its own record per key: never change one.
 */
export const paymentKeys = {
  /** The deposit intent of a request's attempt (submit). */
  deposit: (requestId: string, attempt: number | string) => `deposit:${requestId}:${attempt}`,
  /** The balance charged to the saved card at selection. */
  balance: (requestId: string, attempt: number | string) => `balance:${requestId}:${attempt}`,
  /** The balance paid with another card after the saved one declined (402 at selection). */
  balanceByCard: (requestId: string, attempt: number | string) => `balance:${requestId}:${attempt}:card`,
  /** One transfer to the mediator per source charge (payout, cancellation fee, a dispute's split). */
  payout: (paymentId: string, chargeId: string) => `payout:${paymentId}:${chargeId}`,
  /** The payment's n-th refund (1-based, counted over its refund steps). */
  refund: (paymentId: string, n: number) => `refund:${paymentId}:${n}`,
  /** Closing an open intent so it can never be paid. */
  closeIntent: (intentId: string) => `cancel:${intentId}`,
  /** Part of a deposit the platform keeps when no mediator was selected (no money moves at the provider). */
  /** The n-th part of a deposit kept by the platform: one per charge that held it, the first keeps its old key. */
  keptByPlatform: (paymentId: string, n = 1) => (n === 1 ? `kept:${paymentId}` : `kept:${paymentId}:${n}`),
  /** A payment of one side's share of the deposit (decision 049): the share_intents row's own id. */
  depositShare: (shareIntentId: string) => `deposit-share:${shareIntentId}`,
  /** A payment by card of one side's share of the balance at a two-sided selection (decision 050). */
  balanceShare: (shareIntentId: string) => `balance-share:${shareIntentId}`,
  /** A side's share (of the deposit or of the balance) charged to its saved card at a two-sided selection (decision 050). */
  savedCardShare: (requestId: string, attempt: number | string, side: 'first' | 'second', kind: 'deposit' | 'balance') =>
    `balance:${requestId}:${attempt}:${side}:${kind}`,
  /** A subscription upgrade's intent. */
  subscription: (subscriptionId: string, attempt: number | string) => `subscription:${subscriptionId}:${attempt}`,
  /** A subscription period's renewal charge (and its job). */
  subscriptionRenewal: (subscriptionId: string, periodNumber: number) => `subscription-renewal:${subscriptionId}:${periodNumber}`,
  /** Giving back a subscription charge that could no longer be used: one per source (an intent or a renewal key). */
  subscriptionRefund: (source: string) => `subscription-refund:${source}`,
} as const;

/** Claim keys in `processed_provider_events`: each provider outcome or event is acted on once. */
export const eventKeys = {
  intentOutcome: (intentId: string, outcome: 'succeeded' | 'failed') => `intent:${intentId}:${outcome}`,
  stripeEvent: (eventId: string) => `stripe-event:${eventId}`,
  payoutWaiting: (paymentId: string) => `payout-waiting:${paymentId}`,
} as const;
