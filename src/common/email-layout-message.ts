// An e-mail kind's template (the admin's subject and body, or the default) made into the message the server sends:
// the subject, the plain text as before, and the same text in the HTML layout (decision 060). Shared with the admin's
// preview, so what the admin sees is what is sent.
//
// The body fills the layout: a line "--" ends the message and starts the footer; blank lines separate paragraphs; a
// paragraph that is the kind's link placeholder alone becomes the button (its label is the kind's, email-templates-
// actions.ts), and its address in full ends the message. A link left inside a sentence stays an inline link there and the button follows the message; a
// template without the link has no button. Every piece of text is escaped: the template's own words and every value
// (names, case titles — neutralised as in the plain text — and our times and codes). Links are http(s) only.
import { actionButton, buttonFallback, codeText, emailDocument, footerParagraph, inlineLink, messageParagraph, safeHttpUrl } from './email-layout';
import { escapeHtml } from './html';
import { EMAIL_LAYOUT } from './email-templates-actions';
import { EMAIL_KIND_INFO, effectiveTemplate, fillTemplate, placeholderText, sampleValues, type EmailKind, type EmailTemplate } from './email-templates';

export interface ComposedEmail {
  subject: string;
  /** The plain-text alternative: the template filled, exactly as e-mails were before the layout. */
  text: string;
  html: string;
}

type Values = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const LINK_PLACEHOLDERS = new Set(['link', 'unsubscribeLink']);
const PREHEADER_LENGTH = 140;

/** One line of the template as HTML: its words escaped, each placeholder filled and escaped, our links as links. */
function lineHtml(line: string, values: Values): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(PLACEHOLDER)) {
    html += escapeHtml(line.slice(last, match.index));
    last = match.index + match[0].length;
    const key = match[1];
    const text = placeholderText(key, values);
    const url = LINK_PLACEHOLDERS.has(key) ? safeHttpUrl(text) : null;
    html += url ? inlineLink(url) : key === 'code' && text ? codeText(text) : escapeHtml(text);
  }
  return html + escapeHtml(line.slice(last));
}

/** Paragraphs (runs of non-blank lines) of a part of the body. */
function paragraphsOf(lines: string[]): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line.trim()) paragraphs.at(-1)!.push(line.trim());
    else if (paragraphs.at(-1)!.length) paragraphs.push([]);
  }
  return paragraphs.filter((p) => p.length);
}

/** The body split at its first "--" line (the signature separator, "-- " included): the message and the footer. */
function splitFooter(body: string): { message: string[]; footer: string[] } {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const separator = lines.findIndex((line) => line.trim() === '--');
  return separator < 0 ? { message: lines, footer: [] } : { message: lines.slice(0, separator), footer: lines.slice(separator + 1) };
}

/** The template (subject and body with placeholders) in the HTML layout, filled with `values`. */
export function renderEmailHtml(kind: EmailKind, template: EmailTemplate, values: Values): string {
  const { action, reason } = EMAIL_LAYOUT[kind];
  const linkToken = action ? `{{${action.link}}}` : null;
  const url = action ? safeHttpUrl(placeholderText(action.link, values)) : null;
  const { message, footer } = splitFooter(template.body);

  let buttonPlaced = false;
  const blocks: string[] = [];
  const preheader: string[] = [];
  for (const paragraph of paragraphsOf(message)) {
    if (action && url && !buttonPlaced && paragraph.length === 1 && paragraph[0] === linkToken) {
      blocks.push(actionButton(action.label, url));
      buttonPlaced = true;
      continue;
    }
    blocks.push(messageParagraph(paragraph.map((line) => lineHtml(line, values)).join('<br>')));
    preheader.push(fillTemplate(paragraph.join(' ').replace(/\{\{(?:link|unsubscribeLink)\}\}/g, ''), values));
  }
  if (action && url && buttonPlaced) blocks.push(buttonFallback(url));
  else if (action && url && linkToken && template.body.includes(linkToken)) blocks.push(actionButton(action.label, url));

  // A second "--" (a footer line added after the admin's own footer) separates nothing more.
  const footerHtml = paragraphsOf(footer.filter((line) => line.trim() !== '--')).map((paragraph) =>
    footerParagraph(paragraph.map((line) => lineHtml(line, values)).join('<br>')),
  );
  if (reason) footerHtml.push(footerParagraph(escapeHtml(reason)));

  return emailDocument({
    subject: fillTemplate(template.subject, values),
    preheader: Array.from(preheader.join(' ').replace(/\s+/g, ' ').trim()).slice(0, PREHEADER_LENGTH).join(''),
    message: blocks,
    footer: footerHtml,
  });
}

/**
 * A notification's template saved before {{unsubscribeLink}} was required still says how to turn it off: the link on
 * a footer line of its own, in the text and in the HTML alike.
 */
function withUnsubscribeLink(kind: EmailKind, template: EmailTemplate): EmailTemplate {
  if (!EMAIL_KIND_INFO[kind].required.includes('unsubscribeLink') || template.body.includes('{{unsubscribeLink}}')) return template;
  return { ...template, body: `${template.body}\n\n--\nTurn these e-mails off: {{unsubscribeLink}}` };
}

/** The e-mail of a kind as it is sent: the template in force (the admin's, else the default) filled, as text and HTML. */
export function composeEmail(kind: EmailKind, overrides: Readonly<Record<string, EmailTemplate>> | null | undefined, values: Values): ComposedEmail {
  const template = withUnsubscribeLink(kind, effectiveTemplate(kind, overrides));
  return { subject: fillTemplate(template.subject, values), text: fillTemplate(template.body, values), html: renderEmailHtml(kind, template, values) };
}

/**
 * Forbids every script in the preview's document. The preview frame's sandbox allows scripts (a frame where none can
 * run stalls accessibility checkers such as axe, which evaluate code inside each frame), so the document itself says no.
 */
export const PREVIEW_NO_SCRIPTS = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`;

/**
 * The admin's preview of a template being edited: the HTML the server would send, with the sample values, and the
 * policy that no script runs in it.
 */
export const previewEmailHtml = (kind: EmailKind, template: EmailTemplate, origin: string): string =>
  renderEmailHtml(kind, template, sampleValues(kind, origin)).replace('<head>', `<head>${PREVIEW_NO_SCRIPTS}`);
