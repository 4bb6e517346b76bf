import { z } from 'zod';
import { CASE_PARTY_KINDS, CASE_SIDES, PROPOSAL_STATUSES } from '../enums';
import { FeeSplitDtoSchema, optionalSplitFields, refineOptionalSplit } from './fee-split';
import { emailField, optionalText, requiredText } from './fields';

// The two-sided case's invitations (issue 23, docs/decisions/043).

/** How long an invitation link works after it was (re)sent. */
export const INVITATION_LIFETIME_DAYS = 14;

/** POST /api/requests/{id}/invitation: opposing counsel's name and e-mail (the spec's fields), and their firm. */
export const InviteCounselSchema = z
  .object({
    email: emailField(),
    name: requiredText('Opposing counsel name is required', 200),
    firmName: optionalText(200),
    // The fee split offered (decision 049): both shares or neither (then 50/50).
    ...optionalSplitFields,
  })
  .superRefine(refineOptionalSplit);
export type InviteCounsel = z.infer<typeof InviteCounselSchema>;

/**
 * POST /api/invitations/{token}/accept: joining accepts the offered fee split; a different split in the body joins and
 * proposes it instead, for the inviting side to accept (decision 049).
 */
export const AcceptInvitationSchema = z.object(optionalSplitFields).superRefine(refineOptionalSplit);

/** POST /api/invitations/{token}/decline: an optional reason, shown to the inviting lawyer. */
export const DeclineInvitationSchema = z.object({ reason: optionalText(1000) });

/** What the inviter sees of an invitation: `expired` is computed (a live invitation past its time). */
export const INVITATION_STATES = ['sent', 'opened', 'joined', 'declined', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const InvitationDtoSchema = z.object({
  id: z.guid(),
  requestId: z.guid(),
  email: z.string(),
  name: z.string(),
  firmName: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  sentAt: z.iso.datetime(),
  sendCount: z.number().int(),
  expiresAt: z.iso.datetime(),
  openedAt: z.iso.datetime().nullable(),
  respondedAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
  firstSidePercent: z.number().int().describe('The inviting side’s share of the fee it offered'),
  secondSidePercent: z.number().int(),
});
export type InvitationDto = z.infer<typeof InvitationDtoSchema>;

/**
 * GET /api/invitations/{token}: what the invitation page shows before anyone signs in — whose case, who invited whom,
 * and whether the link still works (`state`; `usable` is false for anything but sent/opened).
 */
export const InvitationLandingSchema = z.object({
  caseName: z.string(),
  caseNumber: z.string(),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string(), firmName: z.string().nullable() }),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  state: z.enum(INVITATION_STATES),
  usable: z.boolean(),
  expiresAt: z.iso.datetime(),
  /** The fee split offered, and what it means in money for the invitee's side (decision 049). */
  split: z.object({
    firstSidePercent: z.number().int(),
    secondSidePercent: z.number().int(),
    yourDeposit: z.string().describe('The invitee’s share of the deposit'),
    yourBudget: z.string().describe('The invitee’s share of the whole budget'),
  }),
});
export type InvitationLanding = z.infer<typeof InvitationLandingSchema>;

export const JoinedCaseSchema = z.object({ requestId: z.guid(), message: z.string() });

/** A party or firm of one side of a case (for the mediator's conflict check, decision 047). */
export const CasePartyInputSchema = z.object({
  kind: z.enum(CASE_PARTY_KINDS, 'Choose party or firm'),
  name: requiredText('Name is required', 200),
});
/**
 * PUT /api/requests/{id}/parties: one side's whole list. `side` defaults to the caller's own; the first side may also
 * write the second side's list while nobody holds that seat (it typed opposing counsel's details on the form).
 */
export const CasePartiesInputSchema = z.object({
  parties: z.array(CasePartyInputSchema, 'Must be a list').max(20, 'At most 20 parties and firms per side'),
  side: z.enum(CASE_SIDES, 'Side must be first or second').optional(),
});
export type CasePartiesInput = z.infer<typeof CasePartiesInputSchema>;

/** The request form's list (POST /api/requests): each entry names its side, the poster's own by default. */
export const NewCasePartySchema = CasePartyInputSchema.extend({ side: z.enum(CASE_SIDES, 'Side must be first or second').default('first') });

/** GET /api/requests/{id}/conflicts: what the mediator's conflict check finds before they accept (decision 047). */
export const ConflictMatchSchema = z.object({
  name: z.string().describe('The name as written in this case'),
  kind: z.enum(CASE_PARTY_KINDS),
  caseName: z.string().describe('The earlier case of the mediator it was found in'),
  caseNumber: z.string(),
});
export type ConflictMatchDto = z.infer<typeof ConflictMatchSchema>;
export const ConflictPreviewSchema = z.object({ matches: z.array(ConflictMatchSchema) });

/** Accepting with a match needs a disclosure (decision 047). */
export const DISCLOSURE_REQUIRED = 'Please describe the possible conflict before accepting';
export const CasePartyDtoSchema = z.object({ kind: z.enum(CASE_PARTY_KINDS), name: z.string(), side: z.enum(CASE_SIDES) });
export type CasePartyDto = z.infer<typeof CasePartyDtoSchema>;

/** A side's counsel as the case shows them. */
export const CounselDtoSchema = z.object({
  id: z.guid(),
  firstName: z.string(),
  lastName: z.string(),
  firmName: z.string().nullable(),
  email: z.string(),
});

/**
 * The sides of a case on its detail (`sides` on the request): who sits at each, the viewer's own seat, the live or last
 * invitation (its state, for the inviting side), and the parties each side listed. Null on a request nobody was ever
 * invited to, so a one-sided request answers as the spec says.
 */
export const CaseSidesSchema = z.object({
  mySeat: z.enum(['first', 'second', 'mediator']).nullable(),
  first: CounselDtoSchema.nullable(),
  second: CounselDtoSchema.nullable(),
  invitation: InvitationDtoSchema.nullable(),
  parties: z.array(CasePartyDtoSchema),
  /** How the sides share the fee (decision 049); null until the second side joined. */
  feeSplit: FeeSplitDtoSchema.nullable(),
});
export type CaseSides = z.infer<typeof CaseSidesSchema>;

/** POST /api/requests/{id}/selection-proposal/decline: the other side's reason (required: the inviting side reads it). */
export const DeclineProposalSchema = z.object({
  reason: requiredText('Please say why you decline this mediator', 1000),
});

/**
 * The inviting side's proposal of a mediator in a two-sided case (decision 045): the other side approves (the
 * selection then happens) or declines with a reason. The latest proposal, whatever its state; null when none.
 */
export const SelectionProposalSchema = z.object({
  id: z.guid(),
  mediatorId: z.guid(),
  mediatorName: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  declineReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
});
export type SelectionProposalDto = z.infer<typeof SelectionProposalSchema>;
