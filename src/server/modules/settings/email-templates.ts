// The e-mail texts live in src/common/email-templates.ts and their HTML layout in src/common/email-layout*.ts, shared
// with the admin's preview so that what the admin sees is what the server sends. The server's callers keep importing
// them from here.
export { type EmailKind } from '../../../common/email-templates';
export { composeEmail } from '../../../common/email-layout-message';
