// The e-mail texts live in src/common/email-templates.ts, shared with the admin's preview so that what the admin sees
// is what the server sends. The server's callers keep importing them from here.
export { renderEmail, type EmailKind } from '../../../common/email-templates';
