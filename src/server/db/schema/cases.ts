// The two-sided case (issue 23): invitations of opposing counsel, the parties and firms of each side, the inviting
// side's proposal of a mediator and the other side's answer, who opened which case document, and the joint channel's
// read state. Docs: docs/decisions/043–048.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, users } from './accounts';
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
