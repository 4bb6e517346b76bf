// What the HTML layout needs to know of each e-mail kind beyond its editable text (decision 060): the label of its
// one button and the placeholder whose value the button opens, and, for an e-mail that is not a notification, the
// footer's line saying why the recipient gets it (a notification's own text ends with that and its unsubscribe link).
// Our text, not the admin's: the admin edits what the e-mail says, the layout says what the button does.
import type { EmailKind, EmailPlaceholder } from './email-templates';

export interface EmailLayoutInfo {
  /** The button; null for an e-mail without a link to follow (a one-time code). */
  action: { label: string; link: Extract<EmailPlaceholder, 'link'> } | null;
  /** The footer's "why you get this", where the template has none of its own. */
  reason: string | null;
}

const button = (label: string): EmailLayoutInfo['action'] => ({ label, link: 'link' });
const notification = (label: string): EmailLayoutInfo => ({ action: button(label), reason: null });
const SESSION: EmailLayoutInfo = {
  action: button('View on MediateHub'),
  reason: 'You receive this e-mail because you are invited to this mediation session.',
};
const PARTY = 'You receive this e-mail because you are a party to this mediation, asked to sign its document.';

export const EMAIL_LAYOUT: Record<EmailKind, EmailLayoutInfo> = {
  verify_email: {
    action: button('Confirm my e-mail address'),
    reason: 'You receive this e-mail because this address was used to create a MediateHub account.',
  },
  reset_password: {
    action: button('Choose a new password'),
    reason: 'You receive this e-mail because a password reset was asked for the MediateHub account of this address.',
  },
  password_changed: {
    action: button('Sign in to MediateHub'),
    reason: 'You receive this notice whenever the password of your MediateHub account changes.',
  },
  new_request: notification('See the request'),
  acceptance_received: notification('Choose your mediator'),
  mediator_selected: notification('Open the request'),
  mediation_completed: notification('Read the results'),
  payment_processed: notification('See the payout'),
  new_message: notification('Read the messages'),
  case_invitation: {
    action: button('Open the invitation'),
    reason: 'You receive this e-mail because a lawyer on MediateHub invited this address to join a case.',
  },
  counsel_joined: notification('See the case'),
  invitation_declined: notification('Read their reason'),
  selection_proposed: notification('Review the mediator'),
  selection_approved: notification('See the case'),
  selection_declined: notification('Read their reason'),
  conflict_disclosed: notification('Read the disclosure'),
  reviews_revealed: notification('Read the reviews'),
  share_due: notification('Pay your share'),
  date_poll_opened: notification('Choose dates'),
  session_proposed: notification('Confirm the date'),
  session_invite: SESSION,
  session_cancelled: SESSION,
  session_reminder: SESSION,
  signature_requested: notification('Read and sign'),
  term_sheet_updated: notification('See what changed'),
  signature_refused: notification('Read their reason'),
  document_sealed: notification('Download the document'),
  party_signature_request: { action: button('Read and sign'), reason: PARTY },
  signing_code: { action: null, reason: PARTY },
  party_document_sealed: { action: button('Download the document'), reason: PARTY },
  data_export_ready: {
    action: button('Download my data'),
    reason: 'You receive this e-mail because a copy of your MediateHub data was asked for from your account.',
  },
  documents_retention_notice: {
    action: button('See the documents'),
    reason: 'You receive this notice because you took part in this case; it is sent before any of its documents are removed.',
  },
};
