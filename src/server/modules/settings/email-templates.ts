// The e-mail texts live in src/common/email-templates.ts, shared with the admin's preview so that what the admin sees
// is what the server sends. The server's callers keep importing them from here.
export {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_KIND_INFO,
  EMAIL_KINDS,
  effectiveTemplate,
  neutralizeUserText,
  renderEmail,
  type EmailKind,
  type EmailTemplate,
} from '../../../common/email-templates';
