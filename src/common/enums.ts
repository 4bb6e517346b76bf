// Enumerations of spec section 3 (plus RULES.md 7's extra notification types).
// `as const` arrays feed both z.enum (contracts) and pgEnum (schema).
export const USER_ROLES = ['lawyer', 'mediator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SELF_CHOSEN_ROLES = ['lawyer', 'mediator'] as const;
export type SelfChosenRole = (typeof SELF_CHOSEN_ROLES)[number];

export const USER_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const REQUEST_STATUSES = ['draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const ACCEPTANCE_STATUSES = ['pending', 'selected', 'rejected'] as const;
export type AcceptanceStatus = (typeof ACCEPTANCE_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'held', 'released', 'refunded_full', 'refunded_partial', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'pro', 'unlimited'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const NOTIFICATION_TYPES = [
  'new_request',
  'acceptance_received',
  'mediator_selected',
  'mediation_completed',
  'payment_processed',
  'new_message',
  'review_received',
  'subscription_updated',
  'acceptance_rejected',
  'request_cancelled',
  'mediator_reassigned',
  'dispute_opened',
  'dispute_resolved',
  'payment_failed',
  'broadcast',
  // A mediator withdrew their pending acceptance (issue 7: not an `acceptance_received`).
  'acceptance_withdrawn',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const MEDIATION_TYPES = ['in-person', 'online'] as const;
export type MediationType = (typeof MEDIATION_TYPES)[number];

export const PRICING_MODELS = ['hourly', 'flat'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const UPLOAD_PURPOSES = ['brief', 'case_file', 'attachment', 'photo'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

// Ledger entry kinds (RULES.md 2): every money movement is one append-only row.
export const LEDGER_KINDS = ['deposit_charge', 'balance_charge', 'refund', 'payout_transfer', 'cancellation_fee'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_OUTCOMES = ['release', 'refund_full', 'refund_partial'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
