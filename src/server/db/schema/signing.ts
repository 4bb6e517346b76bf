// The signed outcome (issue 26, docs/decisions/055): each mediator's agreement to mediate, a case's term sheet versions
// and the edits proposed to them, the envelopes sent for signature with their signers, the sealed file, and the
// append-only trail of what happened to each envelope.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TermSheetContent } from '../../../common/schemas/signing';
import { createdAt, users } from './accounts';
import {
  caseSide,
  editProposalStatus,
  envelopeKind,
  envelopeStatus,
  signatureKind,
  signerRole,
  signerStatus,
  signingEventKind,
  signingMethod,
  termSheetVersionStatus,
} from './enums';
import { mediationRequests } from './mediation';

const at = (name: string) => timestamp(name, { withTimezone: true });
// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer: both become a Buffer here.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (value) => Buffer.from(value) });
const requestRef = () =>
  uuid('request_id')
    .notNull()
    .references(() => mediationRequests.id, { onDelete: 'cascade' });

/** A mediator's choice to require an agreement to mediate, and their own text of it (null: the default). */
export const mediatorAgreementSettings = pgTable('mediator_agreement_settings', {
  mediatorId: uuid('mediator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  required: boolean('required').notNull().default(false),
  template: text('template'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A version of a case's term sheet: numbered from 1 per case, its content never changes once written. */
export const termSheetVersions = pgTable(
  'term_sheet_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: requestRef(),
    number: integer('number').notNull(),
    status: termSheetVersionStatus('status').notNull().default('draft'),
    content: jsonb('content').$type<TermSheetContent>().notNull(),
    note: text('note'),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('term_sheet_versions_number_uq').on(t.requestId, t.number)],
);

/** Edits a side proposes to a version; the mediator accepts them into a new version or declines them. */
export const termSheetProposals = pgTable(
  'term_sheet_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: requestRef(),
    baseVersion: integer('base_version').notNull(),
    content: jsonb('content').$type<TermSheetContent>().notNull(),
    note: text('note'),
    proposedById: uuid('proposed_by_id')
      .notNull()
      .references(() => users.id),
    side: caseSide('side'),
    status: editProposalStatus('status').notNull().default('open'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decisionReason: text('decision_reason'),
    acceptedAsVersion: integer('accepted_as_version'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('term_sheet_proposals_request_idx').on(t.requestId, t.seq)],
);

/**
 * A document sent for signature: the agreement to mediate or a final term sheet version. Its text is kept as sent; at
 * most one open envelope of each kind per case. Sealed once, when the last signature is in: the PDF and
 * its SHA-256 (what the public verification compares) are written once and never change.
 */
export const signingEnvelopes = pgTable(
  'signing_envelopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: requestRef(),
    kind: envelopeKind('kind').notNull(),
    status: envelopeStatus('status').notNull().default('open'),
    title: varchar('title', { length: 200 }).notNull(),
    versionNumber: integer('version_number'),
    /** What is signed: the agreement's filled text, or the term sheet's content. */
    body: jsonb('body').$type<{ text: string } | { termSheet: TermSheetContent }>().notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    /** The moment the last signature came in: the sealed file's date. */
    completedAt: at('completed_at'),
    sealedAt: at('sealed_at'),
    sha256: varchar('sha256', { length: 64 }).unique(),
    sealedPdf: bytea('sealed_pdf'),
  },
  (t) => [
    index('signing_envelopes_request_idx').on(t.requestId, t.seq),
    uniqueIndex('signing_envelopes_one_live_uq')
      .on(t.requestId, t.kind)
      .where(sql`status = 'open'`),
  ],
);

/**
 * Who signs an envelope: counsel (by account, with their password) and parties (by a link e-mailed to them, with a
 * code e-mailed when they sign). Links and codes are stored only as SHA-256.
 */
export const envelopeSigners = pgTable(
  'envelope_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signingEnvelopes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    role: signerRole('role').notNull(),
    side: caseSide('side'),
    userId: uuid('user_id').references(() => users.id),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    status: signerStatus('status').notNull().default('pending'),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    tokenExpiresAt: at('token_expires_at'),
    /** The link to the sealed copy e-mailed once sealed (the signing link keeps working until its own date too). */
    copyTokenHash: varchar('copy_token_hash', { length: 64 }).unique(),
    copyTokenExpiresAt: at('copy_token_expires_at'),
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: at('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    signedAt: at('signed_at'),
    method: signingMethod('method'),
    signatureKind: signatureKind('signature_kind'),
    signatureText: varchar('signature_text', { length: 200 }),
    signaturePng: bytea('signature_png'),
    refusalReason: text('refusal_reason'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (t) => [index('envelope_signers_envelope_idx').on(t.envelopeId, t.position), index('envelope_signers_user_idx').on(t.userId)],
);

/** What happened to an envelope, append-only (migration 0020's trigger refuses updates and direct deletes). */
export const signingEvents = pgTable(
  'signing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signingEnvelopes.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => envelopeSigners.id, { onDelete: 'cascade' }),
    kind: signingEventKind('kind').notNull(),
    actorName: varchar('actor_name', { length: 200 }),
    method: signingMethod('method'),
    detail: text('detail'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    at: at('at').notNull(),
  },
  (t) => [index('signing_events_envelope_idx').on(t.envelopeId, t.id)],
);
