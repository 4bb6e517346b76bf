// The two-sided case (issue 23): invitations of opposing counsel, the parties and firms of each side, the inviting
// side's proposal of a mediator and the other side's answer, who opened which case document, and the joint channel's
// read state. Docs: docs/decisions/043–048.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, users } from './accounts';
import { casePartyKind, caseSide, documentVisibility, invitationStatus, messageChannel, proposalStatus } from './enums';
import { mediationRequests, uploads } from './mediation';

/**
 * An invitation of opposing counsel to a request (decision 043): a single-use link whose token is stored only as its
 * SHA-256. At most one live (sent or opened) invitation per request; re-sending makes a new token on the same row.
 */
export const caseInvitations = pgTable(
  'case_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order the invitations of a request were made in: "the latest" never depends on two clocks agreeing. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    invitedById: uuid('invited_by_id')
      .notNull()
      .references(() => users.id),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    firmName: varchar('firm_name', { length: 200 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    status: invitationStatus('status').notNull().default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    joinedUserId: uuid('joined_user_id').references(() => users.id),
    declineReason: text('decline_reason'),
    /** The inviting side's share of the mediator's fee it offers (decision 049); the invitee accepts it by joining. */
    firstSidePercent: smallint('first_side_percent').notNull().default(50),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_invitations_request_idx').on(t.requestId, t.seq),
    uniqueIndex('case_invitations_one_live_uq')
      .on(t.requestId)
      .where(sql`status IN ('sent', 'opened')`),
  ],
);

/** The parties and firms each side lists, checked against a mediator's earlier cases when they accept (decision 047). */
export const caseParties = pgTable(
  'case_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    side: caseSide('side').notNull(),
    kind: casePartyKind('kind').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('case_parties_request_idx').on(t.requestId, t.side), index('case_parties_name_idx').on(sql`lower(btrim(${t.name}))`)],
);

/** The inviting side's proposal of a mediator and the other side's answer (decision 045). One open proposal at a time. */
export const selectionProposals = pgTable(
  'selection_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order the proposals of a request were made in: the latest is the one that counts. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id),
    proposedById: uuid('proposed_by_id')
      .notNull()
      .references(() => users.id),
    status: proposalStatus('status').notNull().default('proposed'),
    respondedById: uuid('responded_by_id').references(() => users.id),
    declineReason: text('decline_reason'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('selection_proposals_request_idx').on(t.requestId, t.seq),
    uniqueIndex('selection_proposals_one_open_uq')
      .on(t.requestId)
      .where(sql`status = 'proposed'`),
  ],
);

/** Every opening of a case document: who and when (decision 044). The uploader sees the list. */
export const documentAccesses = pgTable(
  'document_accesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_accesses_upload_idx').on(t.uploadId, t.accessedAt)],
);

/** A change of a document's visibility, with who had already opened it when it was narrowed (decision 044). */
export const documentVisibilityChanges = pgTable(
  'document_visibility_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    changedById: uuid('changed_by_id')
      .notNull()
      .references(() => users.id),
    fromVisibility: documentVisibility('from_visibility').notNull(),
    toVisibility: documentVisibility('to_visibility').notNull(),
    /** The users (id and name at the time) who had opened the document before the change. */
    alreadyOpenedBy: jsonb('already_opened_by').$type<{ userId: string; name: string }[]>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_visibility_changes_upload_idx').on(t.uploadId, t.changedAt)],
);

/** How far each participant has read a channel without a single recipient (the joint channel; decision 046). */
export const channelReads = pgTable(
  'channel_reads',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    channel: messageChannel('channel').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.channel, t.userId] })],
);

/**
 * How a two-sided case shares the mediator's fee (issue 24, decision 049): the inviting side's agreed percent (null
 * until both sides agreed one) and an open proposal by either side, which the other side accepts. No row: the case
 * is one-sided and its first side pays everything, as the spec says.
 */
export const feeSplits = pgTable('fee_splits', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => mediationRequests.id, { onDelete: 'cascade' }),
  firstSidePercent: smallint('first_side_percent'),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  proposedPercent: smallint('proposed_percent'),
  proposedBy: caseSide('proposed_by'),
  proposedAt: timestamp('proposed_at', { withTimezone: true }),
  /** When the shares now owed must be paid by (decision 051); the reminder and the unfunded outcome are jobs at it. */
  dueBy: timestamp('due_by', { withTimezone: true }),
  /** When the case closed because a share was not paid by its deadline (decision 051). */
  unfundedAt: timestamp('unfunded_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A card payment of one side's share of the deposit (decision 049), by that side or by the other on its behalf. The
 * row is written before the provider is called, so the intent's idempotency key (`deposit-share:{id}`) is our own id;
 * a payer's open attempt for a share is reused, as submit reuses the deposit's.
 */
export const shareIntents = pgTable(
  'share_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    side: caseSide('side').notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    /** What it pays toward (decision 050): the side's share of the deposit, or of the balance at a two-sided selection. */
    kind: varchar('kind', { length: 10 }).$type<'deposit' | 'balance'>().notNull().default('deposit'),
    intentId: varchar('intent_id', { length: 120 }),
    /** The card it was paid with: the side's saved card for its balance share at selection. */
    paymentMethodId: varchar('payment_method_id', { length: 120 }),
    /** pending (waiting for the card) | succeeded | failed (declined) | closed (cancelled, superseded) */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('share_intents_request_idx').on(t.requestId),
    uniqueIndex('share_intents_one_open_uq')
      .on(t.requestId, t.side, t.payerId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * A case's invoice (issue 24, docs/decisions/053): numbered once, in the order invoices are first issued (a sequence:
 * gaps are possible after a rolled-back issue, duplicates never), when a mediator is selected and the budget is final.
 */
export const invoices = pgTable('invoices', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => mediationRequests.id, { onDelete: 'cascade' }),
  number: bigserial('number', { mode: 'number' }).notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
});
