import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './email-layout';
import { escapeHtml } from './html';
import { composeEmail, PREVIEW_NO_SCRIPTS, previewEmailHtml, renderEmailHtml } from './email-layout-message';
import { EMAIL_LAYOUT } from './email-templates-actions';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_KINDS, sampleValues, type EmailKind } from './email-templates';
import { isNotificationEmailKind } from './schemas/email-preferences';

// Every e-mail in the HTML layout (decision 060): the button opens the kind's link, user text is escaped wherever it
// lands, the plain text keeps the link, and a notification's footer keeps its unsubscribe link.

const ORIGIN = 'https://app.example';
const HOSTILE = '<script>alert(1)</script> & "quotes"';
const HOSTILE_ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;';

/** The sample values with every user-text placeholder set to markup. */
const hostileValues = (kind: EmailKind) => ({
  ...sampleValues(kind, ORIGIN),
  firstName: HOSTILE,
  caseName: HOSTILE,
  inviterName: HOSTILE,
  documentTitle: HOSTILE,
});

/** The layout's button: the link with the button's class, whatever its label. */
const buttons = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)" target="_blank" class="mh-button"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ href: m[1], label: m[2] }));

describe('every e-mail kind in the layout', () => {
  it.each(EMAIL_KINDS.map((kind) => [kind]))('%s: one button to its link, user text escaped, the link in the text', (kind) => {
    const values = hostileValues(kind);
    const mail = composeEmail(kind, null, values);
    const { action } = EMAIL_LAYOUT[kind];

    if (action) {
      expect(buttons(mail.html)).toEqual([{ href: escapeHtml(values[action.link]), label: escapeHtml(action.label) }]);
      expect(mail.text).toContain(values[action.link]);
    } else {
      expect(buttons(mail.html)).toEqual([]);
    }
    // The name greets the reader in every e-mail: escaped there, and nowhere raw (no tag, no attribute broken out of).
    expect(mail.html).toContain(HOSTILE_ESCAPED);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"quotes"');
    expect(mail.html.match(/<[a-z!/][^>]*>/gi)!.every((tag) => !tag.includes('alert'))).toBe(true);
    expect(mail.subject).not.toContain('\n');

    if (isNotificationEmailKind(kind)) {
      expect(mail.html).toContain(`href="${escapeHtml(values.unsubscribeLink)}"`);
      expect(mail.text).toContain(values.unsubscribeLink);
    } else {
      expect(mail.html).not.toContain('/api/email/unsubscribe');
    }
    // Readable in dark mode and on a phone.
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(mail.html).toContain('@media (prefers-color-scheme:dark)');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<link|@import|url\(/i);
  });

  it('the text alternative is the template filled exactly as before the layout', () => {
    for (const kind of EMAIL_KINDS) {
      const values = hostileValues(kind);
      const mail = composeEmail(kind, null, values);
      expect(mail.text.split('\n').length).toBe(DEFAULT_EMAIL_TEMPLATES[kind].body.split('\n').length);
      expect(mail.text).not.toContain('{{');
    }
  });
});

describe('the body in the layout', () => {
  const values = sampleValues('reset_password', ORIGIN);
  const html = (body: string, kind: EmailKind = 'reset_password') => renderEmailHtml(kind, { subject: 'S', body }, values);

  it('escapes the admin’s own words, and makes paragraphs of blank lines and a line break of a single one', () => {
    const out = html('<b>Bold</b> & <a href="javascript:x">x</a>\nsecond line\n\n\n{{link}}\n\nLast');
    expect(out).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;a href=&quot;javascript:x&quot;&gt;x&lt;/a&gt;<br>second line</p>');
    expect(out).not.toContain('javascript:x"');
    expect(out).toMatch(/>Last<\/p>/);
    expect(buttons(out)).toEqual([{ href: values.link, label: 'Choose a new password' }]);
    // The address in full under the button, for a client that shows no button.
    expect(out).toContain(`If the button does not work, copy this address into your browser:<br><a href="${values.link}"`);
  });

  it('a link inside a sentence stays a link there (host and path shown) and the button follows the message', () => {
    const out = html('Open {{link}} now.\n\nThanks');
    expect(out).toContain(`Open <a href="${values.link}" class="mh-link"`);
    expect(out).toContain('>app.example/reset-password</a> now.');
    const message = out.split('class="mh-card"')[1].split('</td></tr>')[0];
    expect(message.lastIndexOf('mh-button')).toBeGreaterThan(message.indexOf('>Thanks</p>'));
    expect(buttons(out)).toHaveLength(1);
    expect(out).not.toContain('If the button does not work');
  });

  it('no button without the link in the body, nor for a link that is not http(s)', () => {
    expect(buttons(html('Your password was changed.', 'password_changed'))).toEqual([]);
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '/reset-password', ' https://app.example/x']) {
      const out = renderEmailHtml('reset_password', { subject: 'S', body: '{{link}}\n\nOpen {{link}}' }, { ...values, link });
      expect(buttons(out), link).toEqual([]);
      expect(out, link).not.toMatch(/href="(?!https:\/\/)/);
    }
  });

  it('the text after a line "--" is the footer, small, with its links; the layout adds why where the template has no footer', () => {
    const mail = composeEmail('new_request', null, sampleValues('new_request', ORIGIN));
    const [card, footer] = mail.html.split('<tr><td style="padding:16px 4px 0">');
    expect(card).not.toContain('Turn them off');
    expect(footer).toContain('You receive this because e-mails about new matching requests are on. Turn them off: <a href="');
    expect(footer).not.toContain('>--<');
    const reset = composeEmail('reset_password', null, values);
    expect(reset.html.split('<tr><td style="padding:16px 4px 0">')[1]).toContain(escapeHtml(EMAIL_LAYOUT.reset_password.reason!));
  });

  it('a notification template without {{unsubscribeLink}} (saved before it was required) gets it in a footer, text and HTML', () => {
    const link = sampleValues('new_request', ORIGIN).unsubscribeLink;
    const mail = composeEmail('new_request', { new_request: { subject: 'New', body: 'See {{link}}' } }, sampleValues('new_request', ORIGIN));
    expect(mail.text).toBe(`See ${ORIGIN}/requests/5f0c2a9e-0000-4000-8000-000000000001\n\n--\nTurn these e-mails off: ${link}`);
    expect(mail.html).toContain(`Turn these e-mails off: <a href="${link}"`);
  });

  it('a one-time code stands out', () => {
    const mail = composeEmail('signing_code', null, sampleValues('signing_code', ORIGIN));
    expect(mail.html).toMatch(/<strong style="[^"]*monospace[^"]*">493027<\/strong>/);
  });

  it('the preheader is the message in plain words, without links, escaped', () => {
    const out = renderEmailHtml('reset_password', { subject: 'S', body: 'Hi {{firstName}},\n\n{{link}}\n\nBye' }, { ...values, firstName: HOSTILE });
    const preheader = out.match(/<div style="display:none[^>]*>([^<]*)<\/div>/)![1];
    expect(preheader).toBe(`Hi ${HOSTILE_ESCAPED}, Bye`);
  });

  it('the admin’s preview is the HTML the server sends with the sample values, with every script forbidden', () => {
    const template = { subject: 'Hi {{firstName}}', body: 'Open:\n\n{{link}}' };
    const sent = renderEmailHtml('verify_email', template, sampleValues('verify_email', ORIGIN));
    const preview = previewEmailHtml('verify_email', template, ORIGIN);
    expect(preview).toBe(sent.replace('<head>', `<head>${PREVIEW_NO_SCRIPTS}`));
    expect(preview.indexOf(PREVIEW_NO_SCRIPTS)).toBeLessThan(preview.indexOf('<body'));
  });
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://app.example/x?token=a.b', 'https://app.example/x?token=a.b'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['HTTPS://APP.EXAMPLE/', 'HTTPS://APP.EXAMPLE/'],
    ['javascript:alert(1)', null],
    ['https:alert(1)', null],
    ['//evil.example', null],
    ['/requests/1', null],
    ['', null],
    ['https://', null],
  ])('%j → %j', (value, expected) => {
    expect(safeHttpUrl(value)).toBe(expected);
  });
});
