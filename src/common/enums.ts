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
  // The two-sided case (issue 23, docs/decisions/043): the other side's counsel and the mediator's agreement.
  'counsel_joined',
  'invitation_declined',
  'selection_proposed',
  'selection_approved',
  'selection_declined',
  'conflict_disclosed',
  'reviews_revealed',
  // The fee split (issue 24, docs/decisions/049): a split proposed, agreed, and a side's share of the deposit paid.
  'fee_split_proposed',
  'fee_split_agreed',
  'share_paid',
  // A side's share is due (decision 050): its saved card was declined or it has none, at a two-sided selection.
  'share_due',
  // Scheduling the session (issue 25, decision 054): a date poll opened, a date proposed, the session confirmed,
  // moved or cancelled, and its reminders.
  'date_poll_opened',
  'session_proposed',
  'session_scheduled',
  'session_rescheduled',
  'session_cancelled',
  'session_reminder',
  // The signed outcome (issue 26, decision 055): a document to sign, a term sheet version or proposed edits, a
  // refusal, and the sealed document.
  'signature_requested',
  'term_sheet_updated',
  'signature_refused',
  'document_sealed',
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

// The two sides of a case (issue 23): `first` is the lawyer who posted the request, `second` the opposing counsel who
// joined it from an invitation. A request nobody joined has only a first side and behaves as the spec says.
export const CASE_SIDES = ['first', 'second'] as const;
export type CaseSide = (typeof CASE_SIDES)[number];

// Who may open a case document, chosen by its uploader (docs/decisions/044).
export const DOCUMENT_VISIBILITIES = ['own_side', 'side_and_mediator', 'everyone'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

// An invitation's stored state; `expired` is read from expires_at, never stored (docs/decisions/043).
export const INVITATION_STATUSES = ['sent', 'opened', 'joined', 'declined', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// The inviting side's proposal of a mediator, which the other side approves or declines (docs/decisions/045).
export const PROPOSAL_STATUSES = ['proposed', 'approved', 'declined', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

// Message channels of a case (docs/decisions/046): `first` and `second` are each side's private channel with the
// mediator (the caucus); `joint` holds both sides and the mediator. A one-sided case has only `first`, the spec's thread.
export const MESSAGE_CHANNELS = ['first', 'second', 'joint'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const CASE_PARTY_KINDS = ['party', 'firm'] as const;
export type CasePartyKind = (typeof CASE_PARTY_KINDS)[number];

// Scheduling the session (issue 25, docs/decisions/054). A date poll is `open` while answers come in, `proposed` once
// every required attendee answered and a candidate suits them all, `no_date` when none does; `confirmed` and `closed`
// (replaced, withdrawn, or the case ended) are final. A session is `scheduled` or `cancelled`.
export const POLL_STATUSES = ['open', 'proposed', 'no_date', 'confirmed', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];
export const LIVE_POLL_STATUSES = ['open', 'proposed', 'no_date'] as const satisfies readonly PollStatus[];
export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_EVENT_KINDS = ['scheduled', 'rescheduled', 'cancelled'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

// The signed outcome (issue 26, docs/decisions/055).
export const ENVELOPE_KINDS = ['agreement', 'term_sheet'] as const;
export type EnvelopeKind = (typeof ENVELOPE_KINDS)[number];
/** open: collecting signatures; sealing: the last is in, the sealed PDF is being made; sealed; refused; void (superseded). */
export const ENVELOPE_STATUSES = ['open', 'sealing', 'sealed', 'refused', 'void'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const SIGNER_STATUSES = ['pending', 'signed', 'refused'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
export const SIGNER_ROLES = ['counsel', 'party'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
/** How a signer proved who they were: their account's password (counsel) or a code e-mailed to them (parties). */
export const SIGNING_METHODS = ['password', 'email_code'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];
export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];
export const SIGNING_EVENT_KINDS = ['created', 'sent', 'viewed', 'code_sent', 'signed', 'refused', 'failed_attempt', 'sealed', 'voided'] as const;
export type SigningEventKind = (typeof SIGNING_EVENT_KINDS)[number];
export const TERM_SHEET_VERSION_STATUSES = ['draft', 'final', 'signed', 'superseded'] as const;
export type TermSheetVersionStatus = (typeof TERM_SHEET_VERSION_STATUSES)[number];
export const EDIT_PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type EditProposalStatus = (typeof EDIT_PROPOSAL_STATUSES)[number];
/** What a mediator may report to a court (Model Standards of Conduct, standard V): the outcome, never the terms. */
export const MEDIATION_OUTCOMES = ['settled_full', 'settled_partial', 'no_settlement'] as const;
export type MediationOutcome = (typeof MEDIATION_OUTCOMES)[number];
export const VERIFICATION_RESULTS = ['sealed', 'changed', 'unknown'] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];
