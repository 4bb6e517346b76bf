import { pgEnum } from 'drizzle-orm/pg-core';
import { POLL_ANSWERS } from '../../../common/domain/scheduling';
import {
  ACCEPTANCE_STATUSES,
  CASE_PARTY_KINDS,
  POLL_STATUSES,
  SESSION_EVENT_KINDS,
  SESSION_STATUSES,
  CASE_SIDES,
  DOCUMENT_VISIBILITIES,
  INVITATION_STATUSES,
  MESSAGE_CHANNELS,
  PROPOSAL_STATUSES,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  LEDGER_KINDS,
  MEDIATION_TYPES,
  NOTIFICATION_TYPES,
  PAYMENT_STATUSES,
  PRICING_MODELS,
  REQUEST_STATUSES,
  SUBSCRIPTION_TIERS,
  UPLOAD_PURPOSES,
  USER_ROLES,
  USER_STATUSES,
  ENVELOPE_KINDS,
  ENVELOPE_STATUSES,
  SIGNER_STATUSES,
  SIGNER_ROLES,
  SIGNING_METHODS,
  SIGNATURE_KINDS,
  SIGNING_EVENT_KINDS,
  TERM_SHEET_VERSION_STATUSES,
  EDIT_PROPOSAL_STATUSES,
  MEDIATION_OUTCOMES,
} from '../../../common/enums';

export const userRole = pgEnum('user_role', USER_ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const requestStatus = pgEnum('mediation_request_status', REQUEST_STATUSES);
export const acceptanceStatus = pgEnum('acceptance_status', ACCEPTANCE_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const subscriptionTier = pgEnum('subscription_tier', SUBSCRIPTION_TIERS);
export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);
export const mediationType = pgEnum('mediation_type', MEDIATION_TYPES);
export const pricingModel = pgEnum('pricing_model', PRICING_MODELS);
export const uploadPurpose = pgEnum('upload_purpose', UPLOAD_PURPOSES);
export const ledgerKind = pgEnum('ledger_kind', LEDGER_KINDS);
export const disputeStatus = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeOutcome = pgEnum('dispute_outcome', DISPUTE_OUTCOMES);
export const caseSide = pgEnum('case_side', CASE_SIDES);
export const documentVisibility = pgEnum('document_visibility', DOCUMENT_VISIBILITIES);
export const invitationStatus = pgEnum('invitation_status', INVITATION_STATUSES);
export const proposalStatus = pgEnum('proposal_status', PROPOSAL_STATUSES);
export const messageChannel = pgEnum('message_channel', MESSAGE_CHANNELS);
export const casePartyKind = pgEnum('case_party_kind', CASE_PARTY_KINDS);
export const pollStatus = pgEnum('poll_status', POLL_STATUSES);
export const sessionStatus = pgEnum('session_status', SESSION_STATUSES);
export const sessionEventKind = pgEnum('session_event_kind', SESSION_EVENT_KINDS);
export const pollAnswer = pgEnum('poll_answer', POLL_ANSWERS);
export const envelopeKind = pgEnum('envelope_kind', ENVELOPE_KINDS);
export const envelopeStatus = pgEnum('envelope_status', ENVELOPE_STATUSES);
export const signerStatus = pgEnum('signer_status', SIGNER_STATUSES);
export const signerRole = pgEnum('signer_role', SIGNER_ROLES);
export const signingMethod = pgEnum('signing_method', SIGNING_METHODS);
export const signatureKind = pgEnum('signature_kind', SIGNATURE_KINDS);
export const signingEventKind = pgEnum('signing_event_kind', SIGNING_EVENT_KINDS);
export const termSheetVersionStatus = pgEnum('term_sheet_version_status', TERM_SHEET_VERSION_STATUSES);
export const editProposalStatus = pgEnum('edit_proposal_status', EDIT_PROPOSAL_STATUSES);
export const mediationOutcome = pgEnum('mediation_outcome', MEDIATION_OUTCOMES);
