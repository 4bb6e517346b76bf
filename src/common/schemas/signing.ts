import { z } from 'zod';
import { isCalendarDate } from '../domain/date-range';
import {
  CASE_SIDES,
  EDIT_PROPOSAL_STATUSES,
  ENVELOPE_KINDS,
  ENVELOPE_STATUSES,
  MEDIATION_OUTCOMES,
  SIGNER_ROLES,
  SIGNER_STATUSES,
  SIGNING_METHODS,
  TERM_SHEET_VERSION_STATUSES,
  VERIFICATION_RESULTS,
} from '../enums';
import { parseCents } from '../money';
import { emailField } from './fields';

// The signed outcome (issue 26, docs/decisions/055): the agreement to mediate, the term sheet and its versions, signing,
// the sealed document, its verification and the outcome certificate. Inputs first, then what the API answers.

export const SIGNING_TEXTS = {
  template: 'The agreement must be between 200 and 20000 characters',
  partyName: 'Enter the party’s name',
  partyEmail: 'Enter a valid e-mail address, or leave it empty if this party does not sign',
  parties: 'List between 1 and 20 parties',
  amount: 'Enter an amount greater than 0, like 25000.00',
  payer: 'Say who pays',
  payee: 'Say who is paid',
  dueDate: 'Enter a date as YYYY-MM-DD',
  payments: 'At most 20 payments',
  section: 'At most 10000 characters',
  note: 'At most 1000 characters',
  intent: 'Confirm that you intend to sign this document',
  typedSignature: 'Type your full name as your signature',
  drawnSignature: 'Draw your signature in the box',
  password: 'Enter your password',
  code: 'Enter the 6-digit code from the e-mail',
  reason: 'Say why, in 1 to 1000 characters',
  outcomeDate: 'Enter the date of the mediation as YYYY-MM-DD',
} as const;

const Id = z.guid();
const Timestamp = z.iso.datetime();
const CalendarDate = (message: string) => z.string(message).refine(isCalendarDate, message);
const Section = z.string().trim().max(10_000, SIGNING_TEXTS.section).default('');

/** PUT /api/agreement-template (mediators): whether their cases need it, and their own text (null: the default). */
export const AgreementSettingsInputSchema = z.object({
  required: z.boolean(),
  template: z.string().trim().min(200, SIGNING_TEXTS.template).max(20_000, SIGNING_TEXTS.template).nullable(),
});
export type AgreementSettingsInput = z.infer<typeof AgreementSettingsInputSchema>;

export const TermSheetPartySchema = z.object({
  name: z.string(SIGNING_TEXTS.partyName).trim().min(1, SIGNING_TEXTS.partyName).max(200, SIGNING_TEXTS.partyName),
  side: z.enum(CASE_SIDES),
  /** A party with an e-mail signs by a link sent there; without one, only counsel signs for that side. */
  email: z
    .union([z.literal('').transform(() => null), emailField(SIGNING_TEXTS.partyEmail)])
    .nullable()
    .default(null),
});

export const TermSheetPaymentSchema = z.object({
  amount: z.string(SIGNING_TEXTS.amount).refine((v) => (parseCents(v) ?? 0) > 0, SIGNING_TEXTS.amount),
  payer: z.string(SIGNING_TEXTS.payer).trim().min(1, SIGNING_TEXTS.payer).max(200, SIGNING_TEXTS.payer),
  payee: z.string(SIGNING_TEXTS.payee).trim().min(1, SIGNING_TEXTS.payee).max(200, SIGNING_TEXTS.payee),
  dueDate: CalendarDate(SIGNING_TEXTS.dueDate),
});

/** The structured term sheet: what every version holds. */
export const TermSheetContentSchema = z.object({
  parties: z.array(TermSheetPartySchema).min(1, SIGNING_TEXTS.parties).max(20, SIGNING_TEXTS.parties),
  payments: z.array(TermSheetPaymentSchema).max(20, SIGNING_TEXTS.payments).default([]),
  releases: Section,
  confidentiality: Section,
  dismissal: Section,
  otherTerms: Section,
});
export type TermSheetContent = z.infer<typeof TermSheetContentSchema>;
export type TermSheetContentInput = z.input<typeof TermSheetContentSchema>;

/** POST /api/requests/{id}/term-sheet/versions (the mediator; counsel for the first draft). */
export const TermSheetVersionInputSchema = z.object({
  content: TermSheetContentSchema,
  note: z.string().trim().max(1000, SIGNING_TEXTS.note).optional(),
});

/** POST /api/requests/{id}/term-sheet/proposals (counsel): edits to a version, for the mediator to accept or decline. */
export const EditProposalInputSchema = z.object({
  baseVersion: z.number().int().min(1),
  content: TermSheetContentSchema,
  note: z.string().trim().max(1000, SIGNING_TEXTS.note).optional(),
});

export const ReasonInputSchema = z.object({
  reason: z.string(SIGNING_TEXTS.reason).trim().min(1, SIGNING_TEXTS.reason).max(1000, SIGNING_TEXTS.reason),
});

const SignatureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('typed'),
    text: z.string(SIGNING_TEXTS.typedSignature).trim().min(2, SIGNING_TEXTS.typedSignature).max(200, SIGNING_TEXTS.typedSignature),
  }),
  z.object({
    kind: z.literal('drawn'),
    /** A PNG as a data URL, from the signature pad; at most about 200 KB. */
    image: z
      .string(SIGNING_TEXTS.drawnSignature)
      .max(280_000, SIGNING_TEXTS.drawnSignature)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, SIGNING_TEXTS.drawnSignature),
  }),
]);
export type SignatureInput = z.infer<typeof SignatureSchema>;

const Intent = z.literal(true, SIGNING_TEXTS.intent);

/** POST /api/signing/envelopes/{id}/sign (counsel, signed in): intent, signature, password again. */
export const CounselSignInputSchema = z.object({
  intent: Intent,
  signature: SignatureSchema,
  password: z.string(SIGNING_TEXTS.password).min(1, SIGNING_TEXTS.password).max(200, SIGNING_TEXTS.password),
});

const Code = z
  .string(SIGNING_TEXTS.code)
  .trim()
  .regex(/^\d{6}$/, SIGNING_TEXTS.code);

/** POST /api/sign/{token} (a party, by the e-mailed link): intent, signature, the code e-mailed to them. */
export const PartySignInputSchema = z.object({ intent: Intent, signature: SignatureSchema, code: Code });
/** POST /api/sign/{token}/refuse. */
export const PartyRefuseInputSchema = z.object({ code: Code, reason: ReasonInputSchema.shape.reason });

/** The optional outcome beside the spec's completion fields (POST /api/requests/{id}/complete). */
export const OutcomeInputSchema = z.object({
  outcome: z.enum(MEDIATION_OUTCOMES).optional(),
  outcomeDate: CalendarDate(SIGNING_TEXTS.outcomeDate).optional(),
});

// ---- What the API answers ----

/** The term sheet as stored and answered: the input's shape after its defaults and trims (no transforms: DESIGN 4). */
const TermSheetContentDtoSchema = z.object({
  parties: z.array(z.object({ name: z.string(), side: z.enum(CASE_SIDES), email: z.string().nullable() })),
  payments: z.array(z.object({ amount: z.string(), payer: z.string(), payee: z.string(), dueDate: z.string() })),
  releases: z.string(),
  confidentiality: z.string(),
  dismissal: z.string(),
  otherTerms: z.string(),
});

export const SignerSchema = z.object({
  id: Id,
  name: z.string(),
  role: z.enum(SIGNER_ROLES),
  side: z.enum(CASE_SIDES).nullable(),
  status: z.enum(SIGNER_STATUSES),
  signedAt: Timestamp.nullable(),
  method: z.enum(SIGNING_METHODS).nullable(),
  refusalReason: z.string().nullable(),
  /** The signed-in reader is this signer. */
  isMe: z.boolean(),
});

export const EnvelopeSchema = z.object({
  id: Id,
  kind: z.enum(ENVELOPE_KINDS),
  status: z.enum(ENVELOPE_STATUSES),
  title: z.string(),
  /** The term sheet version it holds (null for the agreement to mediate). */
  version: z.number().int().nullable(),
  createdAt: Timestamp,
  sealedAt: Timestamp.nullable(),
  /** SHA-256 of the sealed PDF, hex. */
  sha256: z.string().nullable(),
  signers: z.array(SignerSchema),
  /** The reader is a signer who has not signed yet, and the envelope is open. */
  canSign: z.boolean(),
  /** The PDF: the content as it will be signed while open, the sealed file once sealed. */
  documentUrl: z.string(),
  /** The audit certificate (once sealed, or refused: what happened). */
  auditUrl: z.string(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const TermSheetVersionSchema = z.object({
  number: z.number().int(),
  status: z.enum(TERM_SHEET_VERSION_STATUSES),
  content: TermSheetContentDtoSchema,
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: Timestamp,
});
export type TermSheetVersion = z.infer<typeof TermSheetVersionSchema>;

export const EditProposalSchema = z.object({
  id: Id,
  baseVersion: z.number().int(),
  status: z.enum(EDIT_PROPOSAL_STATUSES),
  content: TermSheetContentDtoSchema,
  note: z.string().nullable(),
  proposedBy: z.string(),
  side: z.enum(CASE_SIDES).nullable(),
  decisionReason: z.string().nullable(),
  /** The version its acceptance made. */
  acceptedAsVersion: z.number().int().nullable(),
  createdAt: Timestamp,
});
export type EditProposal = z.infer<typeof EditProposalSchema>;

/** GET /api/requests/{id}/signing: everything of the case's signing the reader may see. */
export const CaseSigningSchema = z.object({
  agreement: z.object({
    /** The selected mediator requires an agreement to mediate. */
    required: z.boolean(),
    /** The reader (counsel) has signed it, or does not have to. */
    signedByMe: z.boolean(),
    envelopes: z.array(EnvelopeSchema),
  }),
  termSheet: z.object({
    versions: z.array(TermSheetVersionSchema),
    proposals: z.array(EditProposalSchema),
    envelopes: z.array(EnvelopeSchema),
    /** The reader may add a version (the mediator; counsel while none exists). */
    canDraft: z.boolean(),
    /** The reader may propose edits (counsel, once a version exists). */
    canPropose: z.boolean(),
  }),
  outcome: z
    .object({
      outcome: z.enum(MEDIATION_OUTCOMES),
      outcomeDate: z.string(),
      certificateUrl: z.string(),
    })
    .nullable(),
});
export type CaseSigning = z.infer<typeof CaseSigningSchema>;

/** GET /api/agreement-template. */
export const AgreementSettingsSchema = z.object({
  required: z.boolean(),
  /** The mediator's own text, or null when they use the default. */
  template: z.string().nullable(),
  defaultTemplate: z.string(),
});

/** GET /api/sign/{token}: what a party signing by link sees. */
export const PartySigningSchema = z.object({
  signerName: z.string(),
  /** The address the code goes to, partly hidden ("j•••@example.com"). */
  emailHint: z.string(),
  title: z.string(),
  caseName: z.string(),
  status: z.enum(SIGNER_STATUSES),
  envelopeStatus: z.enum(ENVELOPE_STATUSES),
  documentUrl: z.string(),
  expiresAt: Timestamp,
});

export const VerificationSchema = z.object({
  result: z.enum(VERIFICATION_RESULTS),
  /** Only for "sealed": the file itself was presented, so what it already says may be shown. */
  document: z
    .object({
      title: z.string(),
      caseNumber: z.string(),
      sealedAt: Timestamp,
      sha256: z.string(),
      signers: z.array(z.object({ name: z.string(), role: z.enum(SIGNER_ROLES), signedAt: Timestamp, method: z.enum(SIGNING_METHODS) })),
    })
    .nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;
