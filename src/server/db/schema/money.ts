import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar, boolean } from 'drizzle-orm/pg-core';
import { createdAt, money, users } from './accounts';
import { caseSide, ledgerKind, paymentStatus, subscriptionTier } from './enums';
import { mediationRequests } from './mediation';

/** One escrow row per request (RULES.md 2). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .unique()
      .references(() => mediationRequests.id),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id),
    mediatorId: uuid('mediator_id').references(() => users.id),
    paymentIntentId: varchar('payment_intent_id', { length: 120 }),
    /** The provider's saved card (payment method) used for the balance charge. */
    paymentMethodId: varchar('payment_method_id', { length: 120 }),
    depositAmount: money('deposit_amount').notNull(),
    platformFee: money('platform_fee').notNull(),
    mediatorPayout: money('mediator_payout').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    refundAmount: money('refund_amount').notNull().default('0'),
    refundReason: text('refund_reason'),
    transferId: varchar('transfer_id', { length: 120 }),
    depositAttempt: integer('deposit_attempt').notNull().default(1),
    balanceAttempt: integer('balance_attempt').notNull().default(0),
    /** Pending balance charge awaiting another card (RULES.md 2.2). */
    balanceIntentId: varchar('balance_intent_id', { length: 120 }),
    pendingSelectionMediatorId: uuid('pending_selection_mediator_id').references(() => users.id),
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    payoutPaused: boolean('payout_paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_lawyer_idx').on(t.lawyerId), index('payments_mediator_idx').on(t.mediatorId)],
);

/** Append-only ledger: every money movement (RULES.md 2). Amounts are positive; `kind` gives the direction. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: ledgerKind('kind').notNull(),
    amount: money('amount').notNull(),
    /** Platform commission kept out of a transfer (payout or cancellation fee). */
    platformFee: money('platform_fee').notNull().default('0'),
    providerRef: varchar('provider_ref', { length: 120 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    note: text('note'),
    /**
     * Whose money it is (decision 049): the payer of a charge; for a refund, a transfer or a fee, the payer of the
     * charge it comes from. RULES.md 2.6's invariant holds per payer as well as per payment.
     */
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    /** The side whose share a charge funds (a payment on behalf funds the other side's); null on a one-sided case. */
    shareSide: caseSide('share_side'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_uq').on(t.idempotencyKey),
    index('ledger_entries_payment_idx').on(t.paymentId, t.createdAt),
    // The admin analytics' money of a range of days (docs/decisions/021).
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  mediatorId: uuid('mediator_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: subscriptionTier('tier').notNull().default('free'),
  providerSubscriptionId: varchar('provider_subscription_id', { length: 120 }),
  paymentMethodId: varchar('payment_method_id', { length: 120 }),
  pendingTier: subscriptionTier('pending_tier'),
  pendingIntentId: varchar('pending_intent_id', { length: 120 }),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Upgrade attempts so far: the upgrade intent's idempotency key is `subscription:{id}:{attempt}`. */
  attempt: integer('attempt').notNull().default(0),
  /** Paid periods started so far (upgrades and renewals): a renewal's key is `subscription-renewal:{id}:{n}`. */
  periodNumber: integer('period_number').notNull().default(0),
  /** Where the current run of monthly periods began (the last upgrade): each period ends a whole month after it. */
  periodAnchor: timestamp('period_anchor', { withTimezone: true }),
  /** A renewal charge recorded and not yet settled (its idempotency key): the provider is called after commit. */
  renewalKey: varchar('renewal_key', { length: 200 }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only record of every subscription charge the provider answered (docs/decisions/017): upgrades, renewals
 * (declined ones too, with the provider's message) and refunds of a charge that could no longer be used. Never
 * updated; revenue is the sum of succeeded charges less refunds.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id),
    /** upgrade | renewal | refund */
    kind: varchar('kind', { length: 20 }).notNull(),
    tier: subscriptionTier('tier').notNull(),
    amount: money('amount').notNull(),
    /** succeeded | failed */
    status: varchar('status', { length: 20 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** The provider's charge (or refund) id; null for a declined charge. */
    providerRef: varchar('provider_ref', { length: 120 }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    failureMessage: text('failure_message'),
    /** For a refund: the provider's id of the charge it gives back (that charge row's `provider_ref`; decision 038). */
    refundOf: varchar('refund_of', { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_charges_idempotency_uq').on(t.idempotencyKey),
    index('subscription_charges_created_idx').on(t.createdAt),
    index('subscription_charges_mediator_idx').on(t.mediatorId, t.createdAt),
  ],
);

/** Charges a `local` provider made, as a real provider would keep them (RULES.md 3). */
export const providerCharges = pgTable(
  'provider_charges',
  {
    id: varchar('id', { length: 120 }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 30 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    clientSecret: varchar('client_secret', { length: 200 }),
    paymentMethodId: varchar('payment_method_id', { length: 120 }),
    failureMessage: text('failure_message'),
    metadata: text('metadata'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('provider_charges_idempotency_uq').on(t.idempotencyKey)],
);

/**
 * A money movement we asked the provider for (DESIGN 4, docs/decisions/011): recorded `pending` with its idempotency
 * key before the provider is called with no lock held, settled in a second transaction. A step left pending (the
 * provider answered but we crashed, or the reverse) is settled by the reconciler, which repeats the call with the
 * same key: the provider answers the first outcome and moves no money twice.
 */
export const paymentSteps = pgTable(
  'payment_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: varchar('kind', { length: 30 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    amount: money('amount').notNull().default('0'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    result: jsonb('result').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_steps_idempotency_uq').on(t.idempotencyKey),
    index('payment_steps_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payment_steps_payment_idx').on(t.paymentId),
  ],
);

/** Provider outcomes already acted on (an intent's success or failure): a replayed confirmation or webhook is a no-op. */
export const processedProviderEvents = pgTable('processed_provider_events', {
  eventKey: varchar('event_key', { length: 200 }).primaryKey(),
  createdAt: createdAt(),
});
