import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar, date } from 'drizzle-orm/pg-core';
import { createdAt, money, users } from './accounts';
import {
  acceptanceStatus,
  disputeOutcome,
  disputeStatus,
  documentVisibility,
  mediationOutcome,
  mediationType,
  messageChannel,
  pricingModel,
  requestStatus,
  uploadPurpose,
} from './enums';

/** The settings copied onto a request at submit (RULES.md 1): later changes never alter a submitted deal. */
export interface RequestTerms {
  commissionPercentage: string;
  minimumPlatformFee: string;
  defaultDeposit: string;
  matchWindowMinutes: number;
  priorityHeadStartMinutes: number;
  payoutHoldHours: number;
}

export const mediationRequests = pgTable(
  'mediation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id),
    caseNumber: varchar('case_number', { length: 100 }).notNull(),
    caseName: varchar('case_name', { length: 200 }).notNull(),
    caseType: varchar('case_type', { length: 120 }).notNull(),
    jurisdiction: varchar('jurisdiction', { length: 120 }).notNull(),
    courtInfo: varchar('court_info', { length: 300 }),
    trialDate: date('trial_date'),
    description: text('description').notNull(),
    opposingLawyerName: varchar('opposing_lawyer_name', { length: 200 }),
    opposingLawyerBarNumber: varchar('opposing_lawyer_bar_number', { length: 60 }),
    opposingLawyerFirmName: varchar('opposing_lawyer_firm_name', { length: 200 }),
    opposingLawyerEmail: varchar('opposing_lawyer_email', { length: 254 }),
    opposingLawyerPhone: varchar('opposing_lawyer_phone', { length: 40 }),
    /**
     * The second side's counsel: the lawyer who joined from an invitation (issue 23, docs/decisions/043). Null while
     * nobody has joined, and then the request is the spec's one-sided request in every respect. Set once, by a
     * conditional update (`WHERE opposing_lawyer_id IS NULL`), so only one account can hold the seat.
     */
    opposingLawyerId: uuid('opposing_lawyer_id').references(() => users.id),
    mediationType: mediationType('mediation_type').notNull(),
    pricingModel: pricingModel('pricing_model').notNull().default('hourly'),
    preferredDate: date('preferred_date'),
    estimatedDuration: integer('estimated_duration'),
    hourlyRate: money('hourly_rate'),
    hoursNeeded: integer('hours_needed'),
    flatFee: money('flat_fee'),
    budget: money('budget').notNull(),
    mediationBriefUrl: text('mediation_brief_url'),
    caseFilesUrls: text('case_files_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    documentsUrl: text('documents_url')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: requestStatus('status').notNull().default('draft'),
    selectedMediatorId: uuid('selected_mediator_id').references(() => users.id),
    depositAmount: money('deposit_amount'),
    platformFee: money('platform_fee'),
    openToAllAt: timestamp('open_to_all_at', { withTimezone: true }),
    /** When Free-tier matching mediators may first see the request (after the priority head start). */
    openToFreeAt: timestamp('open_to_free_at', { withTimezone: true }),
    /**
     * Its pending or selected acceptances, and whether one of them was made before `openToAllAt`: kept by triggers on
     * mediator_acceptances in the statement that changes them (migration 0006, docs/decisions/022). Never written here.
     */
    liveAcceptanceCount: integer('live_acceptance_count').notNull().default(0),
    acceptedBeforeOpenToAll: boolean('accepted_before_open_to_all').notNull().default(false),
    terms: jsonb('terms').$type<RequestTerms>(),
    completionResults: text('completion_results'),
    deliverables: text('deliverables'),
    mediatorProposal: text('mediator_proposal'),
    /** What the mediator may report (issue 26): settled in full, in part, or not, and the day; never the terms. */
    outcome: mediationOutcome('outcome'),
    outcomeDate: date('outcome_date', { mode: 'string' }),
    /**
     * An agreement to mediate is out for signature (decision 055): while true, counsel who have not signed it are held
     * out of the case's channels, documents and sessions. Kept by the signing module in the transactions that open,
     * seal and void agreements, so the thread's one-statement read can check it without a join.
     */
    agreementPending: boolean('agreement_pending').notNull().default(false),
    /**
     * The time of the request's newest message, the thread's head (migration 0023, decision 057): each send takes the
     * next time from it in the statement that writes the message, so a thread's times strictly increase in commit order.
     * Written only by messages.repo; null before the first message.
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * When a mediator was first selected (the selection, or an admin's assignment of one that had none): the admin
     * analytics count "Mediations Matched" by this time. A reassignment keeps it (the request was matched then).
     */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mediation_requests_status_idx').on(t.status),
    index('mediation_requests_lawyer_status_idx').on(t.lawyerId, t.status),
    index('mediation_requests_open_to_all_idx').on(t.openToAllAt),
    index('mediation_requests_selected_idx').on(t.selectedMediatorId),
    index('mediation_requests_opposing_lawyer_idx').on(t.opposingLawyerId),
    // The admin analytics (docs/decisions/021) read a range of these times; with the user alongside, index-only.
    index('mediation_requests_submitted_idx').on(t.submittedAt, t.lawyerId, t.selectedMediatorId),
    index('mediation_requests_created_idx').on(t.createdAt, t.lawyerId),
    index('mediation_requests_matched_idx').on(t.matchedAt),
    // The admin mediations search (ILIKE '%term%', admin-lists.repo.ts) reads these through trigrams (pg_trgm).
    index('mediation_requests_case_name_trgm_idx').using('gin', sql`${t.caseName} gin_trgm_ops`),
    index('mediation_requests_case_number_trgm_idx').using('gin', sql`${t.caseNumber} gin_trgm_ops`),
    // The mediator's Available list (docs/decisions/022, visibility.ts) walks these: only requests that can take an
    // acceptance, newest first, by matching key (the RULES.md 5 comparison) or, for open to all, with the window's end
    // inside the index. visibility.ts repeats the predicates word for word. Migration 0011 adds INCLUDE columns
    // (open_to_free_at, jurisdiction, case_type) so the walks are index-only; Drizzle cannot declare them (decision 035).
    index('mediation_requests_available_match_idx')
      .on(sql`lower(btrim(${t.jurisdiction}))`, sql`lower(btrim(${t.caseType}))`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status IN ('pending_mediators', 'awaiting_selection') AND live_acceptance_count < 3`),
    index('mediation_requests_available_open_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.openToAllAt)
      .where(
        sql`status IN ('pending_mediators', 'awaiting_selection') AND live_acceptance_count < 3 AND NOT accepted_before_open_to_all AND open_to_all_at IS NOT NULL`,
      ),
  ],
);

export const mediatorAcceptances = pgTable(
  'mediator_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id),
    status: acceptanceStatus('status').notNull().default('pending'),
    proposedRate: money('proposed_rate'),
    note: text('note'),
    noConflictConfirmed: boolean('no_conflict_confirmed').notNull().default(false),
    /**
     * The parties and firms of this case found in the mediator's earlier cases when they accepted (issue 23), and the
     * disclosure they had to write because of them; both shown to the sides before selection (docs/decisions/047).
     */
    conflictMatches: jsonb('conflict_matches').$type<ConflictMatch[]>(),
    disclosure: text('disclosure'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mediator_acceptances_request_mediator_uq').on(t.requestId, t.mediatorId),
    // INCLUDE (request_id) in migration 0011: the Available page reads a mediator's accepted request ids off it alone.
    index('mediator_acceptances_mediator_idx').on(t.mediatorId, t.acceptedAt),
    index('mediator_acceptances_accepted_idx').on(t.acceptedAt, t.mediatorId),
  ],
);

export interface ConflictMatch {
  /** The name as written in this case. */
  name: string;
  kind: 'party' | 'firm';
  /** The earlier case it was found in (its case name and number, which the mediator already knows). */
  caseName: string;
  caseNumber: string;
}

/** Who was told about a request going live, so the open-to-all job tells only those not yet told. */
export const requestNotices = pgTable(
  'request_notices',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('request_notices_pk').on(t.requestId, t.mediatorId)],
);

/** Every stored object (documents, photos, attachments): who uploaded it and what it must be. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: uploadPurpose('purpose').notNull(),
    objectPath: varchar('object_path', { length: 300 }).notNull().unique(),
    fileName: varchar('file_name', { length: 255 }),
    contentType: varchar('content_type', { length: 100 }),
    size: integer('size'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** Set once the object was checked (size and first bytes) when attached to something. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    requestId: uuid('request_id').references(() => mediationRequests.id, { onDelete: 'set null' }),
    /**
     * Who may open it, for a case document (brief or case file linked to a request): chosen by its uploader, whose side
     * is the uploader's seat on the request (docs/decisions/044). Null for anything else (photos, attachments).
     */
    visibility: documentVisibility('visibility'),
    /** When its stored object was removed under the retention policy (decision 061): the row stays, the file is gone. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId), index('uploads_request_idx').on(t.requestId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    /**
     * When it became visible. A one-sided case's review is visible at once (the same time as createdAt, RULES.md 6);
     * a two-sided case's reviews are revealed together, when all are in or 14 days after completion (decision 048).
     */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    // One review per reviewer and reviewee of a request: in a two-sided case the mediator reviews each counsel (issue 23).
    uniqueIndex('reviews_request_reviewer_reviewee_uq').on(t.requestId, t.reviewerId, t.revieweeId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt, t.reviewerId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    /** The other participant of a private channel; null in the joint channel, whose read state is channel_reads. */
    recipientId: uuid('recipient_id').references(() => users.id),
    /** The spec's one thread is the first side's channel; a two-sided case adds `second` and `joint` (decision 046). */
    channel: messageChannel('channel').notNull().default('first'),
    content: text('content').notNull(),
    attachmentUrl: text('attachment_url'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_request_created_idx').on(t.requestId, t.createdAt),
    index('messages_request_channel_created_idx').on(t.requestId, t.channel, t.createdAt),
    index('messages_recipient_unread_idx').on(t.recipientId, t.isRead),
    index('messages_created_idx').on(t.createdAt, t.senderId),
  ],
);

/** A lawyer's report of a problem during the payout hold window (RULES.md 2.3), resolved by admins. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    raisedById: uuid('raised_by_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: disputeStatus('status').notNull().default('open'),
    outcome: disputeOutcome('outcome'),
    refundAmount: money('refund_amount'),
    resolutionNote: text('resolution_note'),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('disputes_status_idx').on(t.status, t.createdAt), index('disputes_request_idx').on(t.requestId)],
);
