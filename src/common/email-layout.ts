// The one HTML layout every e-mail is sent in (issue 28, decision 060): the product's name, the message, one button,
// a footer. Written for mail clients rather than browsers: tables for structure, every style inline (Gmail and Outlook
// drop or ignore much of a <style>), no external CSS, no images, no web fonts, at most 600 px wide and fluid below.
// Dark mode: the light colours are inline; clients that honour prefers-color-scheme (Apple Mail, Outlook for Mac and
// iOS) take the dark ones from the <style>; clients that invert on their own (Gmail's apps, Outlook.com) get colours
// that keep their contrast inverted (a deep navy button with white text, near-black text on white).
// Everything that reaches the markup is escaped here or by the caller; only this file's own tags are raw.
import { APP_NAME } from './constants';
import { escapeHtml } from './html';

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The product's colours (src/client/styles.css, deep legal navy on calm neutrals) as hex, light and dark. */
const LIGHT = { page: '#f0f4f7', card: '#ffffff', text: '#16202b', muted: '#4f5966', border: '#d9dfe5', brand: '#183d6b', onBrand: '#ffffff', link: '#1f5596' };
const DARK = { page: '#091018', card: '#111922', text: '#ebeff4', muted: '#a5afba', border: '#28313d', brand: '#8bbcef', onBrand: '#08121f', link: '#8bbcef' };

/** The value as a link target when it is an absolute http(s) URL; anything else (javascript:, data:, a path) is null. */
export function safeHttpUrl(value: string): string | null {
  if (!/^https?:\/\/\S+$/i.test(value)) return null;
  try {
    return new URL(value).host ? value : null;
  } catch {
    return null;
  }
}

/** A URL as a reader checks it: host and path, without the scheme and the query (a token is noise to a reader). */
function shownUrl(url: string): string {
  const { host, pathname } = new URL(url);
  return pathname === '/' ? host : `${host}${pathname}`;
}

/** An inline link to one of our URLs, shown as its host and path (the full address is its href). */
export const inlineLink = (url: string): string =>
  `<a href="${escapeHtml(url)}" class="mh-link" style="color:${LIGHT.link};text-decoration:underline;word-break:break-word">${escapeHtml(shownUrl(url))}</a>`;

/** A one-time code, set apart so it can be read and typed. */
export const codeText = (code: string): string =>
  `<strong style="font-family:Menlo,Consolas,'Courier New',monospace;font-size:20px;letter-spacing:3px">${escapeHtml(code)}</strong>`;

/** A paragraph of the message; `html` is already escaped inline content (lines joined by <br>). */
export const messageParagraph = (html: string): string =>
  `<p class="mh-text" style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:${LIGHT.text}">${html}</p>`;

/**
 * The e-mail's one button: a border-based link, so Outlook's Word engine (which ignores padding on <a>) still draws
 * a full-size button, and the whole area is the link everywhere else.
 */
export function actionButton(label: string, url: string): string {
  const edge = `solid ${LIGHT.brand}`;
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>',
    `<td class="mh-button" bgcolor="${LIGHT.brand}" style="border-radius:6px;background-color:${LIGHT.brand}">`,
    `<a href="${escapeHtml(url)}" target="_blank" class="mh-button" style="display:inline-block;border-top:12px ${edge};border-bottom:12px ${edge};`,
    `border-left:24px ${edge};border-right:24px ${edge};border-radius:6px;background-color:${LIGHT.brand};color:${LIGHT.onBrand};`,
    `font-family:${FONT};font-size:16px;font-weight:600;line-height:1.25;text-decoration:none">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
  ].join('');
}

/** At the end of the message, under a rule: the button's address in full, for a client that shows no button. */
export const buttonFallback = (url: string): string =>
  `<p class="mh-muted mh-rule" style="margin:8px 0 0;padding-top:16px;border-top:1px solid ${LIGHT.border};font-family:${FONT};font-size:13px;line-height:1.5;color:${LIGHT.muted}">` +
  `If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(url)}" class="mh-link" ` +
  `style="color:${LIGHT.link};word-break:break-all">${escapeHtml(url)}</a></p>`;

/** A paragraph of the footer; `html` is already escaped inline content. */
export const footerParagraph = (html: string): string =>
  `<p class="mh-muted" style="margin:0 0 8px;font-family:${FONT};font-size:13px;line-height:1.5;color:${LIGHT.muted}">${html}</p>`;

const DARK_STYLE = [
  ':root{color-scheme:light dark;supported-color-schemes:light dark}',
  'body{margin:0;padding:0;-webkit-text-size-adjust:100%}',
  '@media (max-width:620px){.mh-card{padding:24px 20px!important}}',
  '@media (prefers-color-scheme:dark){',
  `.mh-page{background-color:${DARK.page}!important}`,
  `.mh-card,.mh-rule{border-color:${DARK.border}!important}`,
  `.mh-card{background-color:${DARK.card}!important}`,
  `.mh-text{color:${DARK.text}!important}`,
  `.mh-muted{color:${DARK.muted}!important}`,
  `.mh-brand{color:${DARK.brand}!important}`,
  `.mh-link{color:${DARK.link}!important}`,
  `.mh-button{background-color:${DARK.brand}!important;border-color:${DARK.brand}!important;color:${DARK.onBrand}!important}`,
  '}',
].join('');

export interface LayoutParts {
  /** The subject as sent: the document's title. */
  subject: string;
  /** The inbox's preview line (plain text): shown by clients after the subject, hidden in the e-mail itself. */
  preheader: string;
  /** The message's blocks, already HTML: paragraphs, the button and its fallback. */
  message: string[];
  /** The footer's paragraphs, already HTML: why the recipient gets it, how to turn it off. */
  footer: string[];
}

/** The whole HTML document of an e-mail. */
export function emailDocument(parts: LayoutParts): string {
  const page = `background-color:${LIGHT.page}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting">',
    '<meta name="format-detection" content="telephone=no,date=no,address=no,email=no">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(parts.subject)}</title>`,
    `<style>${DARK_STYLE}</style>`,
    '</head>',
    `<body class="mh-page" style="margin:0;padding:0;${page}">`,
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all">${escapeHtml(parts.preheader)}</div>`,
    `<table role="presentation" class="mh-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="${page}"><tr>`,
    '<td align="center" style="padding:24px 12px">',
    // Outlook's Word engine knows no max-width: a fixed 600 px table holds the column there.
    '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%">',
    `<tr><td class="mh-brand" style="padding:0 4px 16px;font-family:${FONT};font-size:20px;font-weight:700;line-height:1.3;color:${LIGHT.brand}">`,
    `${escapeHtml(APP_NAME)}</td></tr>`,
    `<tr><td class="mh-card" style="padding:32px 40px;border:1px solid ${LIGHT.border};border-radius:8px;background-color:${LIGHT.card}">`,
    ...parts.message,
    '</td></tr>',
    `<tr><td style="padding:16px 4px 0">${parts.footer.join('')}</td></tr>`,
    '</table>',
    '<!--[if mso]></td></tr></table><![endif]-->',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}
